import StoreIcon from "@mui/icons-material/Store";
import { defineResource, lazyView } from "../definition";
import access from "./access";
import type { Agency } from "./types";

/** Agencies and sub-agencies (document 3): browse, view with tabs, edit and create. */
export default defineResource({
  name: "agencies",
  api: { path: "agencies", list: "get", one: "bare", body: "agency" },
  access,
  icon: StoreIcon,
  recordRepresentation: (record: Agency) => record.title,
  list: lazyView(() => import("./AgencyList"), "AgencyList"),
  show: lazyView(() => import("./AgencyShow"), "AgencyShow"),
  edit: lazyView(() => import("./AgencyEdit"), "AgencyEdit"),
  create: lazyView(() => import("./AgencyCreate"), "AgencyCreate"),
  // The agency's branding page (document 3 section 2); the profile's own folder holds the screen.
  routes: { ":agencyId/branding/:brandingId": lazyView(() => import("../branding_profiles/BrandingPage"), "BrandingPage") },
});
