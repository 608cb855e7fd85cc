import { type SQL, sql } from "drizzle-orm";
import type { ListQuery, ListSpec } from "../../lib/list";
import { type Scope, scopeConditions } from "../../lib/scope";

/**
 * The agencies grid (document 3 section 7: title like, enabled; top-level unless with_subagencies). The carrier filter
 * waits for the carrier-agency assignments of the carriers area.
 */
export const agencyListSpec: ListSpec = {
  filters: {
    id: { type: "int", column: sql`ag.id` },
    title: { type: "text", column: sql`ag.title` },
    enabled: { type: "bool", column: sql`ag.enabled` },
    agency_id: { type: "int", column: sql`ag.agency_id` },
    producer_code: { type: "text", column: sql`ag.producer_code` },
    created_at: { type: "timestamp", column: sql`ag.created_at` },
  },
  sorts: { id: sql`ag.id`, title: sql`lower(ag.title)`, enabled: sql`ag.enabled`, created_at: sql`ag.created_at`, updated_at: sql`ag.updated_at` },
  defaultSort: { column: "title", direction: "asc" },
  tieBreaker: sql`ag.id`,
};

/** Agencies (alias `ag`) a caller may see: agents their agency and its sub-agencies, super admins all, staff none. */
export function agencyScope(scope: Scope): SQL[] {
  return scopeConditions(scope, { account: () => sql`false`, agencies: (ids) => sql`ag.id IN (${ids})` });
}

export function agencyListQuery(scope: Scope, topLevelOnly: boolean): ListQuery {
  return {
    select: sql`ag.id, ag.title, ag.enabled, ag.agency_id, ag.producer_code, ag.contact_info, ag.created_at, ag.updated_at,
      (SELECT json_build_object('id', p.id, 'title', p.title) FROM agencies p WHERE p.id = ag.agency_id) AS parent,
      (SELECT coalesce(json_agg(json_build_object('id', c.id, 'title', c.title, 'enabled', c.enabled) ORDER BY lower(c.title)), '[]'::json)
         FROM agencies c WHERE c.agency_id = ag.id) AS agencies,
      (SELECT count(*)::int FROM accounts a WHERE a.agency_id = ag.id) AS accounts_count`,
    from: sql`agencies ag`,
    where: [...agencyScope(scope), ...(topLevelOnly ? [sql`ag.agency_id IS NULL`] : [])],
    id: sql`ag.id`,
  };
}
