import type { AccessRules } from "../../domain/accessRules";

// Leases have no permission key (readings C-29): staff manage their account's, agents their agencies' accounts'.
export default {
  staff: [{ resource: "leases", actions: "*" }],
  agent: [{ resource: "leases", actions: "*" }],
} satisfies AccessRules;
