import { defineModule } from "../../lib/server-module";
import { claimReleaseRoutes } from "./claim-release.routes";
import { reviewRoutes } from "./review.routes";
/**
 * The Policy Review queue (document 2 section 6), and the release a closing tab sends without a session (its signed
 * token is the authority).
 */
export default defineModule({ name: "review", routes: [reviewRoutes], publicRoutes: [claimReleaseRoutes] });
