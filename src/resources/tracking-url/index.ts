import LinkIcon from "@mui/icons-material/Link";
import { defineResource } from "../definition";
import access from "./access";

/** Tracking URLs (document 3): /dashboard/tracking-url, each URL's leads and policies, the CSV import. */
export default defineResource({
  name: "tracking-url",
  api: { path: "tracking_urls", list: "get", one: "bare", body: "tracking_url" },
  access,
  icon: LinkIcon,
  recordRepresentation: (record: { campaign_name: string }) => record.campaign_name,
});
