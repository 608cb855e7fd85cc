import { defineModule } from "../../lib/server-module";
import { bulkJobRoutes } from "./bulk-jobs.routes";

/** The progress and result of a grid's bulk action run in the background (issue 17 section 5; server/lib/bulk.ts). */
export default defineModule({ name: "bulk-jobs", routes: [bulkJobRoutes] });
