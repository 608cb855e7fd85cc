import { type SQL, sql } from "drizzle-orm";
import type { Scope } from "../../lib/scope";

/** Accounts (alias `a`) a caller may see. */
export function accountScopeCondition(scope: Scope): SQL[] {
  switch (scope.kind) {
    case "all":
      return [];
    case "account":
      return [sql`a.id = ${scope.accountId}`];
    case "agencies":
      return scope.agencyIds.length ? [sql`a.agency_id IN (${sql.join(scope.agencyIds.map((id) => sql`${id}`), sql`, `)})`] : [sql`false`];
    case "none":
      return [sql`false`];
  }
}

/** `%text%` for a case-insensitive contains, with LIKE's wildcards escaped. */
export function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
