import { type AccessRules } from "../../domain/accessRules";

// Agents see and edit their agency and its sub-agencies and create sub-agencies under it, with agencies.details
// (document 1 section 3); enabling and disabling an agency is a super admin's (reference 4.1).
export default {
  agent: [{ resource: "agencies", actions: ["list", "show", "create", "edit"], key: "agencies.details" }],
} satisfies AccessRules;
