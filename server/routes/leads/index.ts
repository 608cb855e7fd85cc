import { defineModule } from "../../lib/server-module";
import { leadListSpec } from "./leads.list";
import { leadRoutes } from "./leads.routes";

/** Leads (document 3): the landing dashboard, the grid, one lead, archive. */
export default defineModule({ name: "leads", routes: [leadRoutes], lists: { leads: leadListSpec } });
