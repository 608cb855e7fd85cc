import { type SQL, sql } from "drizzle-orm";
import { REPORT_TIME_ZONE } from "../../../src/domain/constants";
import {
  DASHBOARD_BOUND_STATUSES,
  PLATFORM_AGENCY_ID,
  dashboardBucket,
  dashboardBucketKeys,
  type DashboardGraphs,
  type DashboardPoint,
  type DashboardTotals,
} from "../../../src/domain/dashboard";
import type { Db } from "../../db/client";
import { queryRows } from "../../lib/list";
import { type Scope, scopeConditions } from "../../lib/scope";
import { dayEnd, dayStart } from "../leads/leads.list";
import type { DashboardCache } from "./dashboards.cache";

/**
 * The policies dashboard's numbers (reference 4.8, gap 9; readings C-43). One cohort: the non-master policies of the
 * caller's scope created in the window (Los Angeles days), optionally of one policy type.
 * - all_policies_count: those policies; bound: those whose current status is bound; cancelled: those cancelled;
 * - total_premium_paid: what was received on the premium line items of their invoices;
 * - commissions per policy from its carrier's commission strategies: the agency's share is the percentage of the
 *   strategy its agency (or the parent agency, for a sub-agency) holds for the carrier and policy type
 *   (carrier_agency_policy_types), GetCovered's when that agency is the platform agency 1; the carrier's is the
 *   percentage of the carrier's own strategy (recipient Carrier). Each is rounded to the cent per policy, so the
 *   totals are exactly the sums of the points;
 * - total_commission: what is paid to agencies and GetCovered; average_premium_paid: premium ÷ policies.
 * Points are per day, or per month for longer windows, keyed by the Los Angeles day the policies were created.
 */
export interface DashboardWindow {
  start: string;
  end: string;
}

export interface DashboardQuery {
  scope: Scope;
  window: DashboardWindow;
  policyTypeId?: number;
  /** Whether GetCovered's commission is answered (super admins only: document 2 section 6). */
  withPlatform: boolean;
}

interface PointRow {
  bucket: string;
  total_new_policies: number;
  current_added_policies: number;
  cancelled: number;
  premium_collected: string;
  agencies_commissions: string;
  carriers_commissions: string;
  get_covered_commissions: string;
}

function cohortConditions(q: DashboardQuery): SQL[] {
  return [
    sql`p.created_at >= ${dayStart(q.window.start)}`,
    sql`p.created_at < ${dayEnd(q.window.end)}`,
    sql`NOT pt.master AND NOT pt.master_coverage`,
    ...(q.policyTypeId ? [sql`p.policy_type_id = ${q.policyTypeId}`] : []),
    ...scopeConditions(q.scope, { account: (id) => sql`p.account_id = ${id}`, agencies: (ids) => sql`p.agency_id IN (${ids})` }),
  ];
}

const list = (values: readonly string[]) => sql.join(values.map((v) => sql`${v}`), sql`, `);

/** The points of one window: one row per bucket that has policies. */
async function pointRows(db: Db, q: DashboardQuery): Promise<PointRow[]> {
  const bucket = dashboardBucket(q.window.start, q.window.end);
  return queryRows<PointRow>(
    db,
    sql`WITH cohort AS (
          SELECT p.id, p.status, p.carrier_id, p.policy_type_id, p.agency_id, ag.agency_id AS parent_agency_id,
                 to_char(date_trunc(${bucket}, p.created_at AT TIME ZONE ${REPORT_TIME_ZONE}), 'YYYY-MM-DD') AS bucket
          FROM policies p JOIN policy_types pt ON pt.id = p.policy_type_id LEFT JOIN agencies ag ON ag.id = p.agency_id
          WHERE ${sql.join(cohortConditions(q), sql` AND `)}
        ), premium AS (
          SELECT i.invoiceable_id AS policy_id, sum(li.total_received) AS paid
          FROM invoices i JOIN line_items li ON li.invoice_id = i.id AND li.analytics_category = 'policy_premium'
          WHERE i.invoiceable_type = 'Policy' AND i.invoiceable_id IN (SELECT id FROM cohort)
          GROUP BY i.invoiceable_id
        ), agency_rates AS (
          SELECT ca.carrier_id, ca.agency_id, capt.policy_type_id, cs.percentage, cs.recipient_id
          FROM carrier_agencies ca
          JOIN carrier_agency_policy_types capt ON capt.carrier_agency_id = ca.id
          JOIN commission_strategies cs ON cs.id = capt.commission_strategy_id AND cs.recipient_type = 'Agency'
        ), carrier_rates AS (
          SELECT DISTINCT ON (carrier_id) carrier_id, percentage FROM commission_strategies
          WHERE recipient_type = 'Carrier' ORDER BY carrier_id, id
        ), shares AS (
          SELECT c.bucket, c.status, coalesce(pr.paid, 0) AS paid,
                 coalesce(own.recipient_id, par.recipient_id) AS agency_recipient,
                 round(coalesce(pr.paid, 0) * coalesce(own.percentage, par.percentage, 0) / 100) AS agency_share,
                 round(coalesce(pr.paid, 0) * coalesce(cr.percentage, 0) / 100) AS carrier_share
          FROM cohort c
          LEFT JOIN premium pr ON pr.policy_id = c.id
          LEFT JOIN agency_rates own ON own.carrier_id = c.carrier_id AND own.agency_id = c.agency_id AND own.policy_type_id = c.policy_type_id
          LEFT JOIN agency_rates par ON par.carrier_id = c.carrier_id AND par.agency_id = c.parent_agency_id AND par.policy_type_id = c.policy_type_id
          LEFT JOIN carrier_rates cr ON cr.carrier_id = c.carrier_id
        )
        SELECT bucket,
          count(*)::int AS total_new_policies,
          count(*) FILTER (WHERE status IN (${list(DASHBOARD_BOUND_STATUSES)}))::int AS current_added_policies,
          count(*) FILTER (WHERE status = 'CANCELLED')::int AS cancelled,
          sum(paid)::text AS premium_collected,
          coalesce(sum(agency_share) FILTER (WHERE agency_recipient IS DISTINCT FROM ${PLATFORM_AGENCY_ID}), 0)::text AS agencies_commissions,
          sum(carrier_share)::text AS carriers_commissions,
          coalesce(sum(agency_share) FILTER (WHERE agency_recipient = ${PLATFORM_AGENCY_ID}), 0)::text AS get_covered_commissions
        FROM shares GROUP BY bucket`,
  );
}

type FullPoint = Required<DashboardPoint> & { cancelled: number };

const point = (row: PointRow | undefined): FullPoint => ({
  current_added_policies: row ? Number(row.current_added_policies) : 0,
  total_new_policies: row ? Number(row.total_new_policies) : 0,
  premium_collected: row ? Number(row.premium_collected) : 0,
  agencies_commissions: row ? Number(row.agencies_commissions) : 0,
  carriers_commissions: row ? Number(row.carriers_commissions) : 0,
  get_covered_commissions: row ? Number(row.get_covered_commissions) : 0,
  cancelled: row ? Number(row.cancelled) : 0,
});

/** The window's points and their sums: the totals are added up from the points, never counted apart. */
export async function dashboardPoints(db: Db, q: DashboardQuery) {
  const rows = new Map((await pointRows(db, q)).map((r) => [r.bucket, r]));
  const keys = dashboardBucketKeys(q.window.start, q.window.end);
  const points = Object.fromEntries(keys.map((k) => [k, point(rows.get(k))]));
  const sum = point(undefined);
  for (const p of Object.values(points)) for (const k of Object.keys(sum) as Array<keyof FullPoint>) sum[k] += p[k];
  return { bucket: dashboardBucket(q.window.start, q.window.end), points, sum };
}

/** GetCovered's commission is answered to super admins only (document 2 section 6); it is paid out whoever asks. */
function shown<T extends { get_covered_commissions?: number }>(value: T, withPlatform: boolean): T {
  if (withPlatform) return value;
  const { get_covered_commissions: _hidden, ...rest } = value;
  return rest as T;
}

/**
 * How far the data of the scope's numbers has changed (migration 0048). An agency scope (an agent's tree, or the one
 * agency a filter names) reads the greatest version its agencies and agency 0 (every agency: commission settings)
 * were written with, so a write in another tenant leaves its kept numbers in place; a version row is appended in the
 * writing transaction and seen once it commits. The whole system (and an account, which this dashboard never shows)
 * reads the sequence every statement advances, before its transaction commits: numbers computed in that gap
 * (milliseconds for the API's writes) are kept under the new version until the next write or DASHBOARD_CACHE_SECONDS.
 */
export async function dashboardDataVersion(db: Db, scope: Scope): Promise<string> {
  if (scope.kind === "agencies") {
    const ids = sql.join([0, ...scope.agencyIds].map((id) => sql`(${id}::int)`), sql`, `);
    const [row] = await queryRows<{ v: string }>(
      db,
      sql`SELECT 'agencies:' || coalesce(max(x.version), 0)::text AS v FROM (VALUES ${ids}) a(id)
          CROSS JOIN LATERAL (SELECT c.version FROM dashboard_data_changes c WHERE c.agency_id = a.id ORDER BY c.version DESC LIMIT 1) x`,
    );
    return row.v;
  }
  const [row] = await queryRows<{ v: string }>(db, sql`SELECT last_value::text || ':' || is_called::text AS v FROM dashboard_data_version`);
  return row.v;
}

/** The window's points, from the cache when one is given (dashboards.cache.ts), with when they were computed. */
async function pointsOf(db: Db, q: DashboardQuery, cache?: DashboardCache) {
  if (cache) return cache.get({ ...q, version: await dashboardDataVersion(db, q.scope) }, () => dashboardPoints(db, q));
  return { value: await dashboardPoints(db, q), computedAt: new Date() };
}

/** GET /policies_dashboard/total. */
export async function dashboardTotals(db: Db, q: DashboardQuery, cache?: DashboardCache): Promise<DashboardTotals> {
  const {
    value: { sum },
    computedAt,
  } = await pointsOf(db, q, cache);
  return shown(
    {
      all_policies_count: sum.total_new_policies,
      bound: sum.current_added_policies,
      cancelled: sum.cancelled,
      average_premium_paid: sum.total_new_policies ? Math.round(sum.premium_collected / sum.total_new_policies) : 0,
      total_commission: sum.agencies_commissions + sum.get_covered_commissions,
      total_premium_paid: sum.premium_collected,
      agencies_commissions: sum.agencies_commissions,
      carriers_commissions: sum.carriers_commissions,
      get_covered_commissions: sum.get_covered_commissions,
      computed_at: computedAt.toISOString(),
    },
    q.withPlatform,
  );
}

/** GET /policies_dashboard/graphs. */
export async function dashboardGraphs(db: Db, q: DashboardQuery, cache?: DashboardCache): Promise<DashboardGraphs> {
  const {
    value: { bucket, points, sum },
    computedAt,
  } = await pointsOf(db, q, cache);
  const strip = ({ cancelled: _c, ...rest }: FullPoint): DashboardPoint => shown(rest, q.withPlatform);
  return { bucket, total: strip(sum), graphs: Object.fromEntries(Object.entries(points).map(([k, v]) => [k, strip(v)])), computed_at: computedAt.toISOString() };
}
