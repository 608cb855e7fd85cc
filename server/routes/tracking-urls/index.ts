import { defineModule } from "../../lib/server-module";
import { trackingUrlListSpec } from "./tracking-urls.service";
import { trackingUrlRoutes } from "./tracking-urls.routes";

/** Tracking URLs (document 3): an agency's campaign links and their CSV import. */
export default defineModule({ name: "tracking-urls", routes: [trackingUrlRoutes], lists: { tracking_urls: trackingUrlListSpec } });
