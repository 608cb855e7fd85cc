import { defineModule } from "../../lib/server-module";
import { insurableListSpec } from "./insurables.list";
import { insurableMoreRoutes } from "./insurables.more.routes";
import { insurableRoutes } from "./insurables.routes";

/** Properties: communities, buildings and units (document 3). */
export default defineModule({ name: "insurables", routes: [insurableRoutes, insurableMoreRoutes], lists: { insurables: insurableListSpec } });
