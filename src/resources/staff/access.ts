import { WRITE, type AccessRules, type Rule } from "../../domain/accessRules";

// Property managers are guarded as `staff`, agents as `agents` (../agents/access.ts; staffAccess.ts picks one per record).
const managers: Rule = { resource: "staff", actions: [...WRITE, "toggle_enabled", "re_invite"], key: "property_management.managers" };
// Assigning a property manager to communities is managing that manager (issue 13 section 3).
const assignments: Rule = { resource: "assignments", actions: ["list", "create", "delete"], key: "property_management.managers" };

export default {
  staff: [managers, assignments],
  agent: [managers, assignments],
} satisfies AccessRules;
