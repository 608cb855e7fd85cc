import { READ, type AccessRules, type Rule } from "../../domain/accessRules";

// The gateway's charges and refunds of the invoices a caller sees, read-only, under the same key as invoices.
const office: Rule[] = [{ resource: "payments", actions: READ, key: "policies.policies" }];

export default { staff: office, agent: office } satisfies AccessRules;
