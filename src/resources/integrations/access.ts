import type { AccessRules } from "../../domain/accessRules";

// Integrations are a super admin's tool (document 3 section 6), who may do anything. Account staff manage their own
// account's integration (reference section 4.13, the account's Yardi tab); agents read their accounts' integrations.
export default {
  staff: [{ resource: "integrations", actions: ["list", "show", "create", "edit", "refresh", "toggle_property", "resync"] }],
  agent: [{ resource: "integrations", actions: ["list", "show"] }],
} satisfies AccessRules;
