import type { AccessRules } from "../../domain/accessRules";

// Tracking URLs are an agency's (document 3 section 2; route rule: agents and super admins): agents manage their
// agency tree's; property-management staff have none.
export default {
  agent: [{ resource: "tracking-url", actions: ["list", "show", "create", "edit", "delete"] }],
} satisfies AccessRules;
