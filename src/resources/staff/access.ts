import { WRITE, type AccessRules, type Rule } from "../../domain/accessRules";

// Property managers are guarded as `staff`, agents as `agents` (staffAccess.ts picks one per record).
const managers: Rule = { resource: "staff", actions: [...WRITE, "toggle_enabled", "re_invite"], key: "property_management.managers" };

export default {
  staff: [managers],
  agent: [managers, { resource: "agents", actions: [...WRITE, "toggle_enabled", "re_invite"], key: "agencies.agents" }],
} satisfies AccessRules;
