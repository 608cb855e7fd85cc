import { sql } from "drizzle-orm";
import type { ListQuery, ListSpec } from "../../lib/list";
import { type Scope, scopeConditions } from "../../lib/scope";

/** Integrations the caller sees: staff their account's, agents their agencies' accounts', super admins all. */
export const integrationScope = (scope: Scope, alias = "ig") =>
  scopeConditions(scope, {
    account: (id) => sql`${sql.raw(alias)}.account_id = ${id}`,
    agencies: (ids) => sql`EXISTS (SELECT 1 FROM accounts sa WHERE sa.id = ${sql.raw(alias)}.account_id AND sa.agency_id IN (${ids}))`,
  });

const lastRun = (status: string) =>
  sql.raw(`(SELECT max(r.finished_at) FROM integration_sync_runs r WHERE r.integration_id = ig.id AND r.status IN (${status}))`);

/** The integrations list (document 3 section 7: GET /integrations, integrations_index; page size 20, section 9). */
export const integrationListSpec: ListSpec = {
  filters: {
    id: { type: "int", column: sql`ig.id` },
    account_id: { type: "int", column: sql`ig.account_id` },
    provider: { type: "text", column: sql`ig.provider` },
    enabled: { type: "bool", column: sql`ig.enabled` },
    active: { type: "bool", column: sql`ig.active` },
    "account.title": { type: "text", column: sql`ac.title` },
  },
  sorts: {
    id: sql`ig.id`,
    provider: sql`ig.provider`,
    created_at: sql`ig.created_at`,
    "account.title": sql`ac.title`,
    last_synced_at: lastRun("'succeeded', 'partial'"),
  },
  defaultSort: { column: "id", direction: "asc" },
  tieBreaker: sql`ig.id`,
};

export function integrationListQuery(scope: Scope): ListQuery {
  return {
    select: sql`ig.id, ig.provider, ig.external_id, ig.enabled, ig.active, ig.problems, ig.created_at, ig.next_sync_at,
      json_build_object('id', ac.id, 'title', ac.title) AS account,
      (SELECT count(*)::int FROM integration_properties p WHERE p.integration_id = ig.id) AS properties_count,
      (SELECT count(*)::int FROM integration_properties p WHERE p.integration_id = ig.id AND p.enabled) AS enabled_properties_count,
      ${lastRun("'succeeded', 'partial'")} AS last_synced_at,
      (SELECT r.status FROM integration_sync_runs r WHERE r.integration_id = ig.id ORDER BY r.started_at DESC, r.id DESC LIMIT 1) AS last_run_status,
      (SELECT count(*)::int FROM integration_sync_errors e WHERE e.integration_id = ig.id AND e.resolved_at IS NULL) AS open_errors`,
    from: sql`integrations ig JOIN accounts ac ON ac.id = ig.account_id`,
    where: integrationScope(scope),
    id: sql`ig.id`,
  };
}
