import { sql } from "drizzle-orm";
import type { ListQuery, ListSpec } from "../../lib/list";
import type { Scope } from "../../lib/scope";

/**
 * The bordereau requests (issue 13 section 1; document 3 section 7 `POST /reports/bordereau_reports`): who asked for
 * which period and carrier, where the job is, when the mail went out. The spec lists no screen for them; the
 * console shows them on the agency page's Bordereau Reports tab (README, Reports).
 */
export const bordereauListSpec: ListSpec = {
  filters: {
    id: { type: "int", column: sql`r.id` },
    status: { type: "text", column: sql`r.status` },
    carrier_id: { type: "int", column: sql`nullif(r.params::jsonb ->> 'carrier_id', '')::int` },
    staff_id: { type: "int", column: sql`r.staff_id` },
    period_from: { type: "date", column: sql`r.period_from` },
    period_to: { type: "date", column: sql`r.period_to` },
    created_at: { type: "timestamp", column: sql`r.created_at` },
  },
  sorts: { created_at: sql`r.created_at`, period_from: sql`r.period_from`, period_to: sql`r.period_to`, status: sql`r.status`, finished_at: sql`r.finished_at` },
  defaultSort: { column: "created_at", direction: "desc" },
  tieBreaker: sql`r.id`,
  keyset: ["created_at", "period_from", "period_to", "status"],
};

/**
 * A bordereau covers every carrier's premium across the platform, so it belongs to no tenant: super admins see every
 * request; anyone else the permission table might one day let in sees only what they asked for themselves.
 */
export function bordereauScope(scope: Scope, staffId: number) {
  return scope.kind === "all" ? [] : [sql`r.staff_id = ${staffId}`];
}

export function bordereauListQuery(scope: Scope, staffId: number): ListQuery {
  return {
    select: sql`r.id, r.status, r.progress, r.period_from::text AS period_from, r.period_to::text AS period_to, r.created_at, r.finished_at, r.xlsx_document_id, r.summary,
      (SELECT json_build_object('id', c.id, 'title', c.title) FROM carriers c WHERE c.id = nullif(r.params::jsonb ->> 'carrier_id', '')::int) AS carrier,
      (SELECT json_build_object('id', s.id, 'email', s.email, 'full_name', p.full_name)
         FROM staffs s LEFT JOIN profiles p ON p.profileable_type = 'Staff' AND p.profileable_id = s.id WHERE s.id = r.staff_id) AS requested_by,
      (SELECT json_build_object('id', e.id, 'status', e.status, 'to', e."to", 'created_at', e.created_at)
         FROM sent_emails e WHERE e.related_type = 'Report' AND e.related_id = r.id ORDER BY e.id DESC LIMIT 1) AS mail`,
    from: sql`reports r`,
    where: [sql`r.kind = 'bordereau'`, ...bordereauScope(scope, staffId)],
    id: sql`r.id`,
  };
}
