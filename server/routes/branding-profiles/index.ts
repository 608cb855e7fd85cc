import { defineModule } from "../../lib/server-module";
import { brandingProfileRoutes } from "./branding-profiles.routes";
import { brandingListSpec } from "./branding-profiles.service";

/** Branding profiles (reference 3.1): each agency's colours, logo and contact texts. */
export default defineModule({ name: "branding-profiles", routes: [brandingProfileRoutes], lists: { branding_profiles: brandingListSpec } });
