import type { AccessRules } from "../../domain/accessRules";

// An agency's branding is part of its details (document 1 section 3, agencies.details): agents read and edit the
// profiles of their agency tree; super admins any; property-management staff and policy support none.
export default {
  agent: [{ resource: "branding_profiles", actions: ["list", "show", "edit"], key: "agencies.details" }],
} satisfies AccessRules;
