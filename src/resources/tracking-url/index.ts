import LinkIcon from "@mui/icons-material/Link";
import { defineResource, lazyView } from "../definition";
import access from "./access";
import type { TrackingUrl } from "./types";

/** Tracking URLs (document 3): /dashboard/tracking-url, each URL's leads and policies at view/{id}, the CSV import. */
export default defineResource({
  name: "tracking-url",
  api: { path: "tracking_urls", list: "get", one: "bare", body: "tracking_url" },
  access,
  icon: LinkIcon,
  recordRepresentation: (record: TrackingUrl) => record.campaign_name,
  show: lazyView(() => import("./TrackingUrlShow"), "TrackingUrlShow"),
  routes: { "": lazyView(() => import("./TrackingUrlList"), "TrackingUrlList") },
});
