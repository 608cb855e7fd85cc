import { type SQL, sql } from "drizzle-orm";
import { EXTERNAL_STATUSES } from "../../../src/domain/policies";
import type { Role } from "../../../src/domain/roles";
import { type Facet, facetConditions } from "../../lib/list";
import { communityLimit, type Scope, scopeConditions, scopeFacets, underCommunities } from "../../lib/scope";

/** The policy columns (alias `po`) that scopes and the counters (policy_counts_by_*) speak of. */
export const POLICY_DIMENSIONS: Record<string, SQL> = {
  account_id: sql`po.account_id`,
  agency_id: sql`po.agency_id`,
  status: sql`po.status`,
  policy_in_system: sql`po.policy_in_system`,
};

/**
 * Which policies a caller sees: staff their account's, agents their agency tree's, super admins all, policy
 * support only external policies under review (reference section 2.2). As facets, so the list's total can come from
 * the counters.
 */
export function policyScopeFacets(scope: Scope, role: Role): Facet[] | undefined {
  if (role === "policy_support") {
    return [
      { dimension: "policy_in_system", values: [false] },
      { dimension: "status", values: [...EXTERNAL_STATUSES] },
    ];
  }
  // Counters know accounts, not communities: a staff member limited to communities is counted exactly.
  return communityLimit(scope) ? undefined : scopeFacets(scope, { account: "account_id", agency: "agency_id" });
}

/** The same scope as SQL conditions on `po`; a staff member assigned to communities sees the policies on them. */
export function policyScopeCondition(scope: Scope, role: Role): SQL[] {
  const facets = policyScopeFacets(scope, role);
  if (facets) return facetConditions(facets, POLICY_DIMENSIONS);
  return scopeConditions(scope, {
    account: (id) => sql`po.account_id = ${id}`,
    agencies: (ids) => sql`po.agency_id IN (${ids})`,
    community: (ids) => sql`EXISTS (SELECT 1 FROM policy_insurables pi WHERE pi.policy_id = po.id AND ${underCommunities(sql`pi.insurable_id`, ids)})`,
  });
}
