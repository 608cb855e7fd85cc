import { defineModule } from "../../lib/server-module";
import { paletteRoutes } from "./palette.routes";

/** The command palette's search (issue 17 section 6). */
export default defineModule({ name: "palette", routes: [paletteRoutes] });
