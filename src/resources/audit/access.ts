import type { AccessRules } from "../../domain/accessRules";

// The audit log (issue 17 section 4) is read by super admins only, whose row allows everything; no other role gets a row.
export default {} satisfies AccessRules;
