import { sql } from "drizzle-orm";
import { addDays } from "../../../src/domain/requirements";
import { UNIT_TYPE_IDS } from "../../../src/domain/insurables";
import type { Db } from "../../db/client";
import { type Cover, type Occupancy, type Segment, buildTimeline, coverOf, gapDays, todayIn, upcomingGapDays } from "../../compliance/timeline";
import { NotFoundError } from "../../lib/errors";
import { queryRows } from "../../lib/list";
import type { Scope } from "../../lib/scope";
import { insurableScopeCondition } from "../lookups/lookups.scope";
import { leaseScopeCondition } from "../leases/leases.list";
import { userScopeCondition } from "../users/users.list";

const andAll = (conditions: ReturnType<typeof sql>[]) => (conditions.length ? sql` AND ${sql.join(conditions, sql` AND `)}` : sql``);

/** How far the timeline looks ahead of today (the forecast's horizon), and back at most. */
export const AHEAD_DAYS = 90;
const BACK_DAYS = 3 * 365;

interface PolicyRow {
  id: number;
  number: string;
  status: string;
  policy_in_system: boolean;
  master_coverage: boolean;
  effective_date: string | null;
  expiration_date: string | null;
  cancellation_date: string | null;
}

export interface UnitHistory {
  occupancies: Array<Occupancy & { reference: string }>;
  covers: Array<Cover & { status: string }>;
}

/** The unit's leases (with residents) and every policy that ever covered it, as the timeline reads them. */
export async function unitHistory(db: Db, unitId: number): Promise<UnitHistory> {
  const leases = await queryRows<{ id: number; reference: string; start_date: string; end_date: string | null; residents: Array<{ id: number; name: string }> }>(
    db,
    sql`SELECT l.id, l.reference, l.start_date::text, l.end_date::text,
          (SELECT coalesce(json_agg(json_build_object('id', us.id, 'name', coalesce(pr.full_name, us.email)) ORDER BY lu."primary" DESC, lu.id), '[]'::json)
             FROM lease_users lu JOIN users us ON us.id = lu.user_id LEFT JOIN profiles pr ON pr.profileable_type = 'User' AND pr.profileable_id = us.id
            WHERE lu.lease_id = l.id) AS residents
        FROM leases l WHERE l.insurable_id = ${unitId} AND NOT l.excluded_from_compliance ORDER BY l.start_date, l.id`,
  );
  const policies = await queryRows<PolicyRow>(
    db,
    sql`SELECT p.id, p.number, p.status, p.policy_in_system, pt.master_coverage, p.effective_date::text, p.expiration_date::text, p.cancellation_date::text
        FROM policy_insurables pi JOIN policies p ON p.id = pi.policy_id JOIN policy_types pt ON pt.id = p.policy_type_id
        WHERE pi.insurable_id = ${unitId} AND NOT pt.master ORDER BY p.effective_date, p.id`,
  );
  return {
    occupancies: leases.map((l) => ({ lease_id: l.id, reference: l.reference, start: l.start_date, end: l.end_date, residents: l.residents })),
    covers: policies.flatMap((p) => {
      const cover = coverOf(p);
      return cover ? [{ ...cover, status: p.status }] : [];
    }),
  };
}

function windowOf(history: UnitHistory, today: string, from?: string, to?: string) {
  const earliest = [...history.occupancies.map((o) => o.start), ...history.covers.map((c) => c.start)].sort()[0] ?? today;
  const floor = addDays(today, -BACK_DAYS);
  return { from: from ?? (earliest < floor ? floor : earliest), to: to ?? addDays(today, AHEAD_DAYS) };
}

function answer(history: UnitHistory, segments: Segment[], today: string, from: string, to: string) {
  const leaseIds = new Set(segments.flatMap((s) => s.lease_ids));
  const policyIds = new Set(segments.flatMap((s) => s.policy_ids));
  return {
    today,
    from,
    to,
    segments,
    gap_days: gapDays(segments, today),
    upcoming_gap_days: upcomingGapDays(segments, today),
    leases: history.occupancies.filter((o) => leaseIds.has(o.lease_id)),
    policies: history.covers.filter((c) => policyIds.has(c.policy_id)),
  };
}

/** A unit's timeline (its page): three years back at most, 90 days ahead. */
export async function unitTimeline(db: Db, scope: Scope, unitId: number, now = new Date()) {
  const [unit] = await queryRows<{ id: number; title: string }>(
    db,
    sql`SELECT i.id, i.title FROM insurables i WHERE i.id = ${unitId} AND i.insurable_type_id IN (${sql.join(UNIT_TYPE_IDS.map((t) => sql`${t}`), sql`, `)})${andAll(insurableScopeCondition(scope))}`,
  );
  if (!unit) throw new NotFoundError("Insurable");
  const today = todayIn(now);
  const history = await unitHistory(db, unitId);
  const { from, to } = windowOf(history, today);
  return { unit, ...answer(history, buildTimeline({ ...history, from, to }), today, from, to) };
}

/** A lease's timeline: its unit from move-in to its end (or 90 days ahead while it runs). */
export async function leaseTimeline(db: Db, scope: Scope, leaseId: number, now = new Date()) {
  const [lease] = await queryRows<{ id: number; insurable_id: number; start_date: string; end_date: string | null; unit_title: string }>(
    db,
    sql`SELECT l.id, l.insurable_id, l.start_date::text, l.end_date::text, u.title AS unit_title FROM leases l JOIN insurables u ON u.id = l.insurable_id
        WHERE l.id = ${leaseId}${andAll(leaseScopeCondition(scope))}`,
  );
  if (!lease) throw new NotFoundError("Lease");
  const today = todayIn(now);
  const history = await unitHistory(db, lease.insurable_id);
  const from = lease.start_date;
  const to = lease.end_date ?? addDays(today, AHEAD_DAYS);
  // Only this lease's days: another lease overlapping them is shown, the days before and after are not.
  const own = { ...history, occupancies: history.occupancies.filter((o) => o.lease_id === lease.id) };
  return { unit: { id: lease.insurable_id, title: lease.unit_title }, ...answer(history, buildTimeline({ ...own, from, to }), today, from, to) };
}

/** A resident's timelines: one per lease of theirs the caller may see, newest first. */
export async function userTimeline(db: Db, scope: Scope, userId: number, now = new Date()) {
  const [user] = await queryRows<{ id: number }>(db, sql`SELECT u.id FROM users u WHERE u.id = ${userId}${andAll(userScopeCondition(scope))}`);
  if (!user) throw new NotFoundError("User");
  const leases = await queryRows<{ id: number }>(
    db,
    sql`SELECT l.id FROM leases l JOIN lease_users lu ON lu.lease_id = l.id WHERE lu.user_id = ${userId}${andAll(leaseScopeCondition(scope))} ORDER BY l.start_date DESC, l.id DESC LIMIT 20`,
  );
  return { leases: await Promise.all(leases.map(async (l) => ({ lease_id: l.id, ...(await leaseTimeline(db, scope, l.id, now)) }))) };
}
