import { type SQL, sql } from "drizzle-orm";
import type { Role } from "../../../src/domain/roles";
import { type Scope, scopeConditions } from "../../lib/scope";

/**
 * Which policies a caller sees (alias `po`): staff their account's, agents their agency tree's, super admins all,
 * policy support only external policies under review (reference section 2.2).
 */
export function policyScopeCondition(scope: Scope, role: Role): SQL[] {
  if (role === "policy_support") {
    return [sql`po.policy_in_system = false AND po.status IN ('EXTERNAL_UNVERIFIED', 'EXTERNAL_VERIFIED', 'EXTERNAL_REJECTED')`];
  }
  return scopeConditions(scope, { account: (id) => sql`po.account_id = ${id}`, agencies: (ids) => sql`po.agency_id IN (${ids})` });
}
