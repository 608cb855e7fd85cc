import { defineModule } from "../../lib/server-module";
import { savedViewRoutes } from "./saved-views.routes";

/** Saved views of every grid (issue 17 section 5). */
export default defineModule({ name: "saved-views", routes: [savedViewRoutes] });
