import { defineModule } from "../../lib/server-module";
import { reviewRoutes } from "./review.routes";

/** The Policy Review queue (document 2 section 6). */
export default defineModule({ name: "review", routes: [reviewRoutes] });
