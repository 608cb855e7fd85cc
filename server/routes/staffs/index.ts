import { defineModule } from "../../lib/server-module";
import { staffListSpec } from "./staffs.list";
import { staffRoutes } from "./staffs.routes";

/** Staff and agents (document 3: Staff). */
export default defineModule({ name: "staffs", routes: [staffRoutes], lists: { staffs: staffListSpec } });
