import { READ, type AccessRules, type Rule } from "../../domain/accessRules";

// Invoices belong to policies: staff see their account's and agents their agency tree's, and charge them, under the
// policies key that opens the policy page (document 2 section 2); policy support has no billing. Super admins do
// anything.
const office: Rule[] = [{ resource: "invoices", actions: [...READ, "charge"], key: "policies.policies" }];

export default { staff: office, agent: office } satisfies AccessRules;
