import { defineModule } from "../../lib/server-module";
import { lookupRoutes } from "./lookups.routes";

/** The pickers' searches (accounts, communities, units) scoped to the caller. */
export default defineModule({ name: "lookups", routes: [lookupRoutes] });
