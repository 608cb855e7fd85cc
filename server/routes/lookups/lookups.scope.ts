import { type SQL, sql } from "drizzle-orm";
import { type Scope, scopeConditions, underCommunities } from "../../lib/scope";

/** Accounts (alias `a`) a caller may see. */
export function accountScopeCondition(scope: Scope): SQL[] {
  return scopeConditions(scope, { account: (id) => sql`a.id = ${id}`, agencies: (ids) => sql`a.agency_id IN (${ids})` });
}

/** Properties (alias `i`) a caller may see: a staff member assigned to communities, only those and what lies under them. */
export function insurableScopeCondition(scope: Scope): SQL[] {
  return scopeConditions(scope, {
    account: (id) => sql`i.account_id = ${id}`,
    agencies: (ids) => sql`i.agency_id IN (${ids})`,
    community: (ids) => underCommunities(sql`i.id`, ids),
  });
}

/** `%text%` for a case-insensitive contains, with LIKE's wildcards escaped. */
export function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
