import { READ, type AccessRules } from "../../domain/accessRules";

// Staff read their account's master policies and agents their agencies' with policies.master; creating, editing,
// covering units and cancelling are the super admin's (readings C-16), who may do anything.
export default {
  staff: [{ resource: "master-policies", actions: READ, key: "policies.master" }],
  agent: [{ resource: "master-policies", actions: READ, key: "policies.master" }],
} satisfies AccessRules;
