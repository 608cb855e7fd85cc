import { defineModule } from "../../lib/server-module";
import { agencyListSpec } from "./agencies.list";
import { agencyRoutes } from "./agencies.routes";

/** Agencies and sub-agencies (document 3: Agencies). */
export default defineModule({ name: "agencies", routes: [agencyRoutes], lists: { agencies: agencyListSpec } });
