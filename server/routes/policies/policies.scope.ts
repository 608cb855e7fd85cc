import { type SQL, sql } from "drizzle-orm";
import type { Role } from "../../../src/domain/roles";
import type { Scope } from "../../lib/scope";

const ids = (list: number[]) => sql.join(list.map((id) => sql`${id}`), sql`, `);

/**
 * Which policies a caller sees (alias `po`): staff their account's, agents their agency tree's, super admins all,
 * policy support only external policies under review (reference section 2.2).
 */
export function policyScopeCondition(scope: Scope, role: Role): SQL[] {
  if (role === "policy_support") {
    return [sql`po.policy_in_system = false AND po.status IN ('EXTERNAL_UNVERIFIED', 'EXTERNAL_VERIFIED', 'EXTERNAL_REJECTED')`];
  }
  switch (scope.kind) {
    case "all":
      return [];
    case "account":
      return [sql`po.account_id = ${scope.accountId}`];
    case "agencies":
      return scope.agencyIds.length ? [sql`po.agency_id IN (${ids(scope.agencyIds)})`] : [sql`false`];
    case "none":
      return [sql`false`];
  }
}
