import { type SQL, sql } from "drizzle-orm";
import { addDays } from "../../../src/domain/requirements";
import type { Db } from "../../db/client";
import { linkState } from "../upload-links/upload-links.service";
import { type UnitFuture, forecastFigures, outlook, renewalRate } from "../../compliance/forecast";
import { COVERING_STATUSES, coverOf, todayIn } from "../../compliance/timeline";
import { queryRows } from "../../lib/list";
import type { Scope } from "../../lib/scope";
import { leaseScopeCondition } from "../leases/leases.list";
import { AHEAD_DAYS } from "./timeline.service";

export const WORKLISTS = ["uninsured", "moving_in", "expiring", "pending"] as const;
export type Worklist = (typeof WORKLISTS)[number];
/** A bulk action's reason for a picked row that is not on the list (any more) in the caller's scope. */
export const NOT_ON_LIST = "No longer on this list";

const andAll = (conditions: SQL[]) => (conditions.length ? sql` AND ${sql.join(conditions, sql` AND `)}` : sql``);
const list = (values: readonly string[]) => sql.join(values.map((v) => sql`${v}`), sql`, `);

/** The timeline's rule in SQL: policy `p` covers the unit on day `d` (timeline.ts coverOf, one rule in two spellings). */
const coversOn = (d: SQL) =>
  sql`p.status IN (${list(COVERING_STATUSES)}) AND p.policy_type_id NOT IN (2, 7) AND p.effective_date <= ${d}
      AND (p.expiration_date IS NULL OR p.expiration_date >= ${d}) AND (p.cancellation_date IS NULL OR p.cancellation_date > ${d})
      AND (p.status <> 'CANCELLED' OR p.cancellation_date IS NOT NULL)`;
const unitCoveredOn = (unit: SQL, d: SQL) => sql`EXISTS (SELECT 1 FROM policy_insurables pi JOIN policies p ON p.id = pi.policy_id WHERE pi.insurable_id = ${unit} AND ${coversOn(d)})`;

const LEASE_COLUMNS = sql`l.id, l.reference, l.start_date::text, l.end_date::text, u.id AS unit_id, u.title AS unit_title, c.id AS community_id, c.title AS community_title,
  a.id AS account_id, a.title AS account_title,
  (SELECT coalesce(json_agg(json_build_object('id', us.id, 'name', coalesce(pr.full_name, us.email), 'email', us.email) ORDER BY lu."primary" DESC, lu.id), '[]'::json)
     FROM lease_users lu JOIN users us ON us.id = lu.user_id LEFT JOIN profiles pr ON pr.profileable_type = 'User' AND pr.profileable_id = us.id
    WHERE lu.lease_id = l.id) AS residents`;
const LEASE_FROM = sql`leases l JOIN insurables u ON u.id = l.insurable_id
  LEFT JOIN insurables b ON b.id = u.insurable_id AND b.insurable_type_id = 7
  LEFT JOIN insurables c ON c.id = CASE WHEN b.id IS NOT NULL THEN b.insurable_id ELSE u.insurable_id END
  LEFT JOIN accounts a ON a.id = l.account_id`;

/**
 * The newest upload link mailed for a row (issue 17 section 2), with its state, so staff see whether the resident can
 * still answer the last reminder; found through the resident and unit (upload_links_user_unit).
 */
const newestLink = (today: string, match: SQL) => sql`(SELECT json_build_object('id', ul.id, 'state', ${linkState(today)}, 'created_at', ul.created_at,
    'expires_at', ul.expires_at, 'used_at', ul.used_at, 'revoked_at', ul.revoked_at)
  FROM upload_links ul WHERE ${match} ORDER BY ul.created_at DESC, ul.id DESC LIMIT 1) AS upload_link`;

/** Policies' scope, the grid's rule (account for staff, agency tree for agents). */
const policyScope = (scope: Scope): SQL[] => {
  switch (scope.kind) {
    case "all":
      return [];
    case "account":
      return [sql`p.account_id = ${scope.accountId}`];
    case "agencies":
      return scope.agencyIds.length ? [sql`p.agency_id IN (${sql.join(scope.agencyIds.map((id) => sql`${id}`), sql`, `)})`] : [sql`false`];
    case "none":
      return [sql`false`];
  }
};

export interface WorklistQuery {
  page: number;
  per: number;
  /** Only these rows: the bulk actions' check that each picked row is still on the list and in scope. */
  ids?: number[];
  /** Only rows followed up by this staff member, or by nobody. */
  assignee?: number | "none";
  /** Each row's id and how the grid names it (its lease reference or policy number) only, with no total: a bulk call's rows. */
  targets?: boolean;
}

/** What a worklist's rows are: leases (units lived in or moved into) or policies (cover ending, proofs waiting). */
export const subjectTypeOf = (name: Worklist): "Lease" | "Policy" => (name === "uninsured" || name === "moving_in" ? "Lease" : "Policy");

/**
 * The worklists of /dashboard/compliance (issue 17 section 2), each one page of rows and its total, oldest problem
 * first: units lived in today without cover; residents moving in within 14 days with no cover on move-in day; proofs
 * and policies ending within 30 days on a lived-in unit with nothing after them yet; proofs awaiting review for over
 * three days.
 */
export async function worklist(db: Db, scope: Scope, name: Worklist, { page, per, ids, assignee, targets }: WorklistQuery, now = new Date()) {
  const today = todayIn(now);
  const offset = (page - 1) * per;
  // Only these rows (the reminders' check that each picked row is still on the list and in the caller's scope).
  const onlyIds = (column: SQL) => (ids ? sql` AND ${column} IN (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})` : sql``);
  // Who follows the row up, and the "assigned to me" / "not assigned" filters.
  const subject = (type: "Lease" | "Policy", column: SQL) => sql`wa.subject_type = ${type} AND wa.subject_id = ${column}`;
  const assigneeOf = (type: "Lease" | "Policy", column: SQL) =>
    sql`(SELECT json_build_object('id', s.id, 'name', coalesce(nullif(pr.full_name, ''), s.email)) FROM worklist_assignments wa JOIN staffs s ON s.id = wa.assignee_id
      LEFT JOIN profiles pr ON pr.profileable_type = 'Staff' AND pr.profileable_id = s.id WHERE ${subject(type, column)}) AS assignee`;
  const assignedFilter = (type: "Lease" | "Policy", column: SQL) =>
    assignee === undefined
      ? sql``
      : assignee === "none"
        ? sql` AND NOT EXISTS (SELECT 1 FROM worklist_assignments wa WHERE ${subject(type, column)})`
        : sql` AND EXISTS (SELECT 1 FROM worklist_assignments wa WHERE ${subject(type, column)} AND wa.assignee_id = ${assignee})`;
  const picked = (type: "Lease" | "Policy", column: SQL) => sql`${onlyIds(column)}${assignedFilter(type, column)}`;
  let from: SQL;
  let where: SQL;
  let select: SQL;
  let order: SQL;
  switch (name) {
    case "uninsured":
    case "moving_in": {
      const onDay = name === "uninsured" ? sql`${today}::date` : sql`l.start_date`;
      from = LEASE_FROM;
      where =
        name === "uninsured"
          ? sql`l.start_date <= ${today}::date AND (l.end_date IS NULL OR l.end_date >= ${today}::date)`
          : sql`l.start_date > ${today}::date AND l.start_date <= ${addDays(today, 14)}::date`;
      where = sql`${where} AND NOT l.excluded_from_compliance AND NOT ${unitCoveredOn(sql`l.insurable_id`, onDay)}${andAll(leaseScopeCondition(scope))}${picked("Lease", sql`l.id`)}`;
      const link = newestLink(today, sql`ul.user_id IN (SELECT lu.user_id FROM lease_users lu WHERE lu.lease_id = l.id) AND ul.insurable_id = l.insurable_id AND ul.lease_id = l.id`);
      select = sql`${LEASE_COLUMNS}, ${assigneeOf("Lease", sql`l.id`)}, ${link}`;
      order = sql`l.start_date, l.id`;
      break;
    }
    case "expiring":
    case "pending": {
      from = sql`policies p LEFT JOIN accounts a ON a.id = p.account_id
        LEFT JOIN LATERAL (SELECT pi.insurable_id FROM policy_insurables pi WHERE pi.policy_id = p.id ORDER BY pi."primary" DESC, pi.id LIMIT 1) pu ON true
        LEFT JOIN insurables u ON u.id = pu.insurable_id
        CROSS JOIN LATERAL (SELECT LEAST(p.expiration_date, p.cancellation_date - 1) AS end_date) ends`;
      // Named apart: the covering check below has its own \`p\`.
      const end = sql`ends.end_date`;
      where =
        name === "expiring"
          ? sql`p.policy_type_id NOT IN (2, 3, 7, 8) AND ${coversOn(sql`${today}::date`)} AND ${end} <= ${addDays(today, 30)}::date
              AND EXISTS (SELECT 1 FROM leases l WHERE l.insurable_id = u.id AND NOT l.excluded_from_compliance AND l.start_date <= ${end} + 1 AND (l.end_date IS NULL OR l.end_date > ${end}))
              AND NOT ${unitCoveredOn(sql`u.id`, sql`(${end} + 1)`)}`
          : sql`p.status = 'EXTERNAL_UNVERIFIED' AND p.created_at < ${new Date(now.getTime() - 3 * 86_400_000).toISOString()}::timestamptz`;
      where = sql`${where}${andAll(policyScope(scope))}${picked("Policy", sql`p.id`)}`;
      select = sql`p.id, p.number, p.status, p.policy_in_system, p.effective_date::text, ${end}::text AS end_date, p.created_at,
        u.id AS unit_id, u.title AS unit_title, a.id AS account_id, a.title AS account_title,
        (SELECT coalesce(json_agg(json_build_object('id', us.id, 'name', coalesce(pr.full_name, us.email), 'email', us.email) ORDER BY pu2."primary" DESC, pu2.id), '[]'::json)
           FROM policy_users pu2 JOIN users us ON us.id = pu2.user_id LEFT JOIN profiles pr ON pr.profileable_type = 'User' AND pr.profileable_id = us.id
          WHERE pu2.policy_id = p.id) AS residents, ${assigneeOf("Policy", sql`p.id`)},
        ${newestLink(today, sql`ul.user_id IN (SELECT pu3.user_id FROM policy_users pu3 WHERE pu3.policy_id = p.id) AND ul.insurable_id = u.id`)}`;
      order = name === "expiring" ? sql`${end}, p.id` : sql`p.created_at, p.id`;
      break;
    }
  }
  // The grid names a row by its lease reference or policy number (Worklist.tsx), so bulk results read as on screen.
  if (targets) select = subjectTypeOf(name) === "Lease" ? sql`l.id, l.reference AS label` : sql`p.id, p.number AS label`;
  const rows = await queryRows<Record<string, unknown>>(db, sql`SELECT ${select} FROM ${from} WHERE ${where} ORDER BY ${order} LIMIT ${per} OFFSET ${offset}`);
  if (targets) return { rows, total: rows.length, today };
  // Worklists are short by nature; the count stops at 10,000 so a neglected portfolio never counts a million rows.
  const [{ total }] = await queryRows<{ total: number }>(db, sql`SELECT count(*)::int AS total FROM (SELECT 1 FROM ${from} WHERE ${where} LIMIT 10000) x`);
  return { rows, total, today };
}

/** The units lived in within the next 90 days, with their leases and covers, for the forecast. */
async function unitFutures(db: Db, scope: Scope, today: string): Promise<Array<UnitFuture & { unit_title: string; community_title: string | null; account_title: string }>> {
  const horizon = addDays(today, AHEAD_DAYS);
  const rows = await queryRows<{
    unit_id: number;
    unit_title: string;
    account_id: number;
    account_title: string;
    community_id: number | null;
    community_title: string | null;
    occupancies: Array<{ start: string; end: string | null }>;
    policies: Array<{ id: number; number: string; status: string; policy_in_system: boolean; master_coverage: boolean; effective_date: string | null; expiration_date: string | null; cancellation_date: string | null }>;
  }>(
    db,
    sql`SELECT u.id AS unit_id, u.title AS unit_title, a.id AS account_id, a.title AS account_title, c.id AS community_id, c.title AS community_title,
          json_agg(DISTINCT jsonb_build_object('start', l.start_date, 'end', l.end_date)) AS occupancies,
          (SELECT coalesce(json_agg(json_build_object('id', p.id, 'number', p.number, 'status', p.status, 'policy_in_system', p.policy_in_system,
                'master_coverage', pt.master_coverage, 'effective_date', p.effective_date, 'expiration_date', p.expiration_date, 'cancellation_date', p.cancellation_date)), '[]'::json)
             FROM policy_insurables pi JOIN policies p ON p.id = pi.policy_id JOIN policy_types pt ON pt.id = p.policy_type_id
            WHERE pi.insurable_id = u.id AND NOT pt.master AND (p.expiration_date IS NULL OR p.expiration_date >= ${addDays(today, -400)}::date)) AS policies
        FROM ${LEASE_FROM}
        WHERE NOT l.excluded_from_compliance AND l.start_date <= ${horizon}::date AND (l.end_date IS NULL OR l.end_date >= ${today}::date)${andAll(leaseScopeCondition(scope))}
        GROUP BY u.id, u.title, a.id, a.title, c.id, c.title`,
  );
  return rows.map((r) => ({
    unit_id: r.unit_id,
    unit_title: r.unit_title,
    account_id: r.account_id,
    account_title: r.account_title,
    community_id: r.community_id,
    community_title: r.community_title,
    occupancies: r.occupancies,
    covers: r.policies.flatMap((p) => {
      const cover = coverOf(p);
      return cover ? [cover] : [];
    }),
  }));
}

/**
 * The 30/60/90-day lapse forecast of the caller's portfolio (issue 17 section 3): the whole scope, each account and each
 * community, with each account's observed renewal rate (the scope's when an account has no history) and the units
 * behind the numbers (those not certainly covered on each horizon).
 */
export async function lapseForecast(db: Db, scope: Scope, now = new Date()) {
  const today = todayIn(now);
  const units = await unitFutures(db, scope, today);
  const overall = renewalRate(units, today);
  const byAccount = new Map<number, typeof units>();
  const byCommunity = new Map<number, typeof units>();
  for (const u of units) {
    byAccount.set(u.account_id, [...(byAccount.get(u.account_id) ?? []), u]);
    if (u.community_id !== null) byCommunity.set(u.community_id, [...(byCommunity.get(u.community_id) ?? []), u]);
  }
  const rates = new Map([...byAccount].map(([id, us]) => [id, renewalRate(us, today)]));
  const rateOf = (accountId: number) => rates.get(accountId)?.rate ?? overall.rate ?? 0;
  const states = outlook(units, today);
  return {
    today,
    renewal: overall,
    total: forecastFigures(units, today, rateOf),
    accounts: [...byAccount].map(([id, us]) => ({ id, title: us[0].account_title, renewal: rates.get(id), figures: forecastFigures(us, today, rateOf) })).sort((a, b) => a.title.localeCompare(b.title)),
    communities: [...byCommunity].map(([id, us]) => ({ id, title: us[0].community_title, account_id: us[0].account_id, figures: forecastFigures(us, today, rateOf) })).sort((a, b) => String(a.title).localeCompare(String(b.title))),
    // The units behind the numbers: not certainly covered on some horizon, with their state on each.
    units: states
      .map((s, i) => ({ unit_id: s.unit_id, title: units[i].unit_title, account_id: units[i].account_id, community_id: units[i].community_id, community_title: units[i].community_title, state: s.state }))
      .filter((u) => Object.values(u.state).some((st) => st !== "covered"))
      .slice(0, 2000),
  };
}
