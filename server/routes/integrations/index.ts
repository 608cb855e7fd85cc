import { defineModule } from "../../lib/server-module";
import { integrationListSpec } from "./integrations.list";
import { integrationRoutes } from "./integrations.routes";

/** Property-management integrations (document 3 section 7; reference section 4.13): settings, properties, syncs, health. */
export default defineModule({ name: "integrations", routes: [integrationRoutes], lists: { integrations: integrationListSpec } });
