import { defineModule } from "../../lib/server-module";
import { requirementRoutes } from "./requirements.routes";
import { timelineRoutes } from "./timeline.routes";
import { worklistRoutes } from "./worklists.routes";

/** Compliance beyond the legacy console (issue 17): requirement profiles, coverage timelines, worklists, forecast. */
export default defineModule({ name: "compliance", routes: [requirementRoutes, timelineRoutes, worklistRoutes] });
