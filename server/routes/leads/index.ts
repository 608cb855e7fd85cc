import { defineModule } from "../../lib/server-module";
import { leadListSpec } from "./leads.list";
import { leadEventRoutes } from "./lead-events";
import { leadRoutes } from "./leads.routes";

/** Leads (document 3): the landing dashboard, the grid, one lead, archive; the public lead-event call (reference 4.9). */
export default defineModule({ name: "leads", routes: [leadRoutes], publicRoutes: [leadEventRoutes], lists: { leads: leadListSpec } });
