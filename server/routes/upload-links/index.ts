import { defineModule } from "../../lib/server-module";
import { uploadLinkStatusRoutes } from "./link-status.routes";
import { uploadLinkRoutes } from "./upload-links.routes";

/**
 * Residents' upload links (issue 17 section 2): the public page's calls, and the console's list and Revoke; links are
 * issued by the compliance reminders.
 */
export default defineModule({ name: "upload-links", publicRoutes: [uploadLinkRoutes], routes: [uploadLinkStatusRoutes] });
