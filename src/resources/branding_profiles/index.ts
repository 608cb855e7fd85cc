import PaletteIcon from "@mui/icons-material/Palette";
import { defineResource } from "../definition";
import access from "./access";
import type { BrandingProfile } from "./types";

/**
 * Branding profiles (reference 3.1): read and saved through the dataProvider. Their screens sit where document 3
 * puts them: the agency's branding page under agencies (agencies/index.ts) and the editor among the console pages.
 */
export default defineResource({
  name: "branding_profiles",
  api: { path: "branding_profiles", list: "get", one: "bare", body: "branding_profile" },
  access,
  icon: PaletteIcon,
  recordRepresentation: (record: BrandingProfile) => record.agency_title,
});
