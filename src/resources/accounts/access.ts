import { WRITE, type AccessRules } from "../../domain/accessRules";

// Account staff see and edit their own account ("Account Details", document 1 section 3); agents manage the accounts
// of their agency tree with property_management.accounts, enabling and disabling them too; super admins do anything.
export default {
  staff: [{ resource: "accounts", actions: ["show", "edit"] }],
  agent: [{ resource: "accounts", actions: [...WRITE, "enable", "disable"], key: "property_management.accounts" }],
} satisfies AccessRules;
