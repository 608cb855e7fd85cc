import { defineModule } from "../../lib/server-module";
import { staffListSpec } from "./staffs.list";
import { shellSettingsRoutes } from "./shell-settings";
import { staffRoutes } from "./staffs.routes";

/** Staff and agents (document 3: Staff), and each signed-in user's own shell settings. */
export default defineModule({ name: "staffs", routes: [staffRoutes, shellSettingsRoutes], lists: { staffs: staffListSpec } });
