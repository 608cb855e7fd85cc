import { READ, type AccessRules, type Rule } from "../../domain/accessRules";

const office: Rule[] = [
  // Filing a cancellation request is done from the policy page (document 2 section 2), under the policies key.
  { resource: "change-requests", actions: ["create"], key: "policies.policies" },
  { resource: "change-requests", actions: READ, key: "requests.refunds" },
];

export default { staff: office, agent: office } satisfies AccessRules;
