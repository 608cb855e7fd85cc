import { type SQL, sql } from "drizzle-orm";
import type { ListQuery, ListSpec } from "../../lib/list";
import { type Scope, scopeConditions } from "../../lib/scope";

/**
 * Past CSV uploads (issue 16 section 5): every import of every kind its tenant may see, newest first. An import
 * belongs to the account it wrote to, or to its sender's organisation (insurable_imports' account_id and agency_id):
 * an account's staff see their account's (all its communities: an upload is a file, not a property), agents their
 * agency tree's and its accounts', super admins all.
 */
export const csvImportListSpec: ListSpec = {
  filters: {
    id: { type: "int", column: sql`ii.id` },
    kind: { type: "text", column: sql`ii.kind` },
    status: { type: "text", column: sql`ii.status` },
    file_name: { type: "text", column: sql`ii.file_name` },
    staff_id: { type: "int", column: sql`ii.staff_id` },
    account_id: { type: "int", column: sql`ii.account_id` },
    agency_id: { type: "int", column: sql`ii.agency_id` },
    created_at: { type: "timestamp", column: sql`ii.created_at` },
  },
  sorts: {
    id: sql`ii.id`,
    created_at: sql`ii.created_at`,
    kind: sql`ii.kind`,
    status: sql`ii.status`,
    file_name: sql`ii.file_name`,
  },
  defaultSort: { column: "created_at", direction: "desc" },
  tieBreaker: sql`ii.id`,
  keyset: ["id", "created_at"],
};

export function csvImportScope(scope: Scope): SQL[] {
  return scopeConditions(scope, { account: (id) => sql`ii.account_id = ${id}`, agencies: (ids) => sql`ii.agency_id IN (${ids})` });
}

export function csvImportListQuery(scope: Scope, extra: SQL[] = []): ListQuery {
  return {
    select: sql`ii.id, ii.kind, ii.file_name, ii.status, ii.total_rows, ii.processed_rows, ii.error, ii.created_at, ii.updated_at,
      ii.staff_id, ii.account_id, ii.agency_id, ii.result_key IS NOT NULL AS result_file, ii.result -> 'counts' AS counts,
      (ii.params ->> 'community_id')::int AS community_id,
      coalesce(nullif(p.full_name, ''), s.email) AS sender, a.title AS account_title, ag.title AS agency_title`,
    from: sql`insurable_imports ii LEFT JOIN staffs s ON s.id = ii.staff_id
      LEFT JOIN profiles p ON p.profileable_type = 'Staff' AND p.profileable_id = s.id
      LEFT JOIN accounts a ON a.id = ii.account_id LEFT JOIN agencies ag ON ag.id = ii.agency_id`,
    countFrom: sql`insurable_imports ii`,
    pageFrom: sql`insurable_imports ii`,
    where: [...csvImportScope(scope), ...extra],
    id: sql`ii.id`,
  };
}
