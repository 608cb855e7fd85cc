import { type SQL, sql } from "drizzle-orm";
import {
  POLICY_FIELDS,
  type ReportableType,
  UNIT_VARIANTS,
  type UnitVariant,
  percentOf,
  reportableIdOfState,
} from "../../src/domain/coverageSnapshots";
import { COMMUNITY_TYPE_IDS, UNIT_TYPE_IDS } from "../../src/domain/insurables";
import { ACTIVE_POLICY_STATUSES } from "../../src/domain/policies";
import type { Db } from "../db/client";
import { queryRows } from "../lib/list";

/** The nightly snapshot job (pg-boss), just after midnight in Los Angeles: it snapshots the day that ended. */
export const SNAPSHOT_JOB = "coverage-snapshots";
export const SNAPSHOT_CRON = "20 8 * * *";

const list = (values: readonly (string | number)[]) => sql.join(values.map((v) => sql`${v}`), sql`, `);

/**
 * Each unit on the report date D falls in exactly one class (gap 14, ours):
 * - excluded: the unit is disabled, or every lease in force on D is excluded from compliance;
 * - unoccupied: no lease in force on D;
 * - ho4_both / ho4_internal / ho4_external: an in-force residential policy bought in the platform in an active status
 *   and/or a verified proof of coverage (EXTERNAL_VERIFIED);
 * - master: otherwise, covered by a master policy's unit coverage;
 * - unknown: otherwise, only coverage still pending (an in-platform policy awaiting payment, an unverified proof);
 * - none: occupied and not covered at all.
 * Derived: ho4 = ho4_internal + ho4_external + ho4_both; ho4_either = ho4_internal + ho4_external (one kind only);
 * ho4_broad_internal / ho4_broad_external = the occupied units with an in-platform (resp. external) policy, verified
 * or pending. total_units counts every unit; percent_units_<v> = total_units_<v> ÷ total_units; percent_units is the
 * compliance rate, (ho4 + master) ÷ the occupied, not excluded units. ho4_policies_* count the in-force policies on the
 * units: bound (in-platform, active), verified, unverified and rejected proofs.
 * Policies are in force on D when effective ≤ D ≤ expiration and not cancelled by D; statuses are the current ones (a
 * backfilled date reads today's statuses).
 */
const unitClasses = (D: SQL) => sql`
  WITH units AS (
    SELECT u.id, u.enabled, coalesce(u.account_id, c.account_id) AS account_id, c.id AS community_id
    FROM insurables u
    LEFT JOIN insurables p ON p.id = u.insurable_id
    LEFT JOIN insurables g ON g.id = p.insurable_id
    LEFT JOIN insurables c ON c.id = CASE WHEN p.insurable_type_id IN (${list(COMMUNITY_TYPE_IDS)}) THEN p.id
                                          WHEN g.insurable_type_id IN (${list(COMMUNITY_TYPE_IDS)}) THEN g.id END
    WHERE u.insurable_type_id IN (${list(UNIT_TYPE_IDS)})
  ), in_force AS (
    SELECT pi.insurable_id AS unit_id, p.status, p.policy_in_system, pt.master_coverage, p.policy_type_id
    FROM policy_insurables pi JOIN policies p ON p.id = pi.policy_id JOIN policy_types pt ON pt.id = p.policy_type_id
    WHERE p.effective_date <= ${D} AND (p.expiration_date IS NULL OR p.expiration_date >= ${D})
      AND (p.cancellation_date IS NULL OR p.cancellation_date > ${D})
  ), flags AS (
    SELECT u.*,
      (SELECT st.state FROM addresses st WHERE st.addressable_type = 'Insurable' AND st.addressable_id = u.community_id ORDER BY st."primary" DESC, st.id LIMIT 1) AS state,
      (SELECT ip.id FROM integration_profiles ip WHERE ip.profileable_type = 'Insurable' AND ip.profileable_id = u.community_id ORDER BY ip.id LIMIT 1) AS integration_profile_id,
      l.leases, l.excluded_leases,
      coalesce(f.internal, 0) AS internal, coalesce(f.external, 0) AS external, coalesce(f.master, 0) AS master,
      coalesce(f.pending_internal, 0) AS pending_internal, coalesce(f.pending_external, 0) AS pending_external,
      coalesce(f.rejected, 0) AS rejected
    FROM units u
    LEFT JOIN LATERAL (
      SELECT count(*) AS leases, count(*) FILTER (WHERE le.excluded_from_compliance) AS excluded_leases
      FROM leases le WHERE le.insurable_id = u.id AND le.start_date <= ${D} AND (le.end_date IS NULL OR le.end_date >= ${D})
    ) l ON true
    LEFT JOIN (
      SELECT unit_id,
        count(*) FILTER (WHERE policy_in_system AND policy_type_id = 1 AND status IN (${list(ACTIVE_POLICY_STATUSES)})) AS internal,
        count(*) FILTER (WHERE status = 'EXTERNAL_VERIFIED') AS external,
        count(*) FILTER (WHERE master_coverage AND status IN (${list(ACTIVE_POLICY_STATUSES)})) AS master,
        count(*) FILTER (WHERE policy_in_system AND policy_type_id = 1 AND status IN ('AWAITING_PAYMENT', 'AWAITING_ACH', 'PAID')) AS pending_internal,
        count(*) FILTER (WHERE status = 'EXTERNAL_UNVERIFIED') AS pending_external,
        count(*) FILTER (WHERE status = 'EXTERNAL_REJECTED') AS rejected
      FROM in_force GROUP BY unit_id
    ) f ON f.unit_id = u.id
  ), classes AS (
    SELECT *,
      CASE WHEN NOT enabled OR (leases > 0 AND leases = excluded_leases) THEN 'excluded'
           WHEN leases = 0 THEN 'unoccupied'
           WHEN internal > 0 AND external > 0 THEN 'ho4_both'
           WHEN internal > 0 THEN 'ho4_internal'
           WHEN external > 0 THEN 'ho4_external'
           WHEN master > 0 THEN 'master'
           WHEN pending_internal > 0 OR pending_external > 0 THEN 'unknown'
           ELSE 'none' END AS class
    FROM flags
  )`;

const BASE_CLASSES = ["excluded", "unoccupied", "ho4_both", "ho4_internal", "ho4_external", "master", "unknown", "none"] as const;

interface GroupRow {
  kind: number;
  account_id: number | null;
  community_id: number | null;
  state: string | null;
  integration_profile_id: number | null;
  total: string;
  broad_internal: string;
  broad_external: string;
  bound: string;
  verified: string;
  unverified: string;
  rejected: string;
  [cls: string]: string | number | null;
}

export interface SnapshotRow {
  report_date: string;
  reportable_type: ReportableType;
  reportable_id: number;
  field: string;
  value: number;
}

/** The fields of one reportable from its unit counts. */
function fieldsOf(row: GroupRow): Record<string, number> {
  const n = (k: string) => Number(row[k] ?? 0);
  const units: Record<UnitVariant, number> = {
    excluded: n("excluded"),
    unoccupied: n("unoccupied"),
    ho4_both: n("ho4_both"),
    ho4_internal: n("ho4_internal"),
    ho4_external: n("ho4_external"),
    master: n("master"),
    unknown: n("unknown"),
    none: n("none"),
    ho4: n("ho4_both") + n("ho4_internal") + n("ho4_external"),
    ho4_either: n("ho4_internal") + n("ho4_external"),
    ho4_broad_internal: n("broad_internal"),
    ho4_broad_external: n("broad_external"),
  };
  const total = n("total");
  const eligible = total - units.excluded - units.unoccupied;
  const out: Record<string, number> = {
    ho4_policies_bound: n("bound"),
    ho4_policies_rejected: n("rejected"),
    ho4_policies_unverified: n("unverified"),
    ho4_policies_verified: n("verified"),
    total_units: total,
    percent_units: percentOf(units.ho4 + units.master, eligible),
  };
  for (const v of UNIT_VARIANTS) {
    out[`total_units_${v}`] = units[v];
    out[`percent_units_${v}`] = percentOf(units[v], total);
  }
  return out;
}

/** Every reportable's fields on one date (nothing written). */
export async function computeSnapshot(db: Db, reportDate: string): Promise<SnapshotRow[]> {
  const classes = sql.join(
    BASE_CLASSES.map((c) => sql`count(*) FILTER (WHERE class = ${c})::int AS ${sql.identifier(c)}`),
    sql`, `,
  );
  const query = sql`${unitClasses(sql`${reportDate}::date`)}
    SELECT GROUPING(account_id, community_id, state, integration_profile_id)::int AS kind,
      account_id, community_id, state, integration_profile_id,
      count(*)::int AS total, ${classes},
      count(*) FILTER (WHERE class NOT IN ('excluded', 'unoccupied') AND (internal > 0 OR pending_internal > 0))::int AS broad_internal,
      count(*) FILTER (WHERE class NOT IN ('excluded', 'unoccupied') AND (external > 0 OR pending_external > 0))::int AS broad_external,
      sum(internal)::int AS bound, sum(external)::int AS verified, sum(pending_external)::int AS unverified, sum(rejected)::int AS rejected
    FROM classes
    GROUP BY GROUPING SETS ((), (account_id), (community_id), (state), (integration_profile_id))`;
  const rows = await queryRows<GroupRow>(db, query);
  const out: SnapshotRow[] = [];
  const push = (type: ReportableType, id: number, row: GroupRow) => {
    for (const [field, value] of Object.entries(fieldsOf(row))) out.push({ report_date: reportDate, reportable_type: type, reportable_id: id, field, value });
  };
  // GROUPING's bits, highest first: account, community, state, integration profile (1 = not grouped by it).
  for (const row of rows) {
    const kind = Number(row.kind);
    if (kind === 15) push("System", 0, row);
    else if (kind === 7 && row.account_id !== null) push("Account", row.account_id, row);
    else if (kind === 11 && row.community_id !== null) push("Insurable", row.community_id, row);
    else if (kind === 13 && row.state !== null && reportableIdOfState(row.state) > 0) push("InsurableGeographicalCategory", reportableIdOfState(row.state), row);
    else if (kind === 14 && row.integration_profile_id !== null) push("IntegrationProfile", row.integration_profile_id, row);
  }
  return out;
}

const INSERT_BATCH = 5000;

/** Computes one date and replaces its rows in one transaction: running a date again gives the same rows, never two. */
export async function writeSnapshot(db: Db, reportDate: string): Promise<number> {
  const rows = await computeSnapshot(db, reportDate);
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    await tx.execute(sql`DELETE FROM coverage_snapshots WHERE report_date = ${reportDate}`);
    for (let i = 0; i < rows.length; i += INSERT_BATCH) {
      const part = rows.slice(i, i + INSERT_BATCH);
      await tx.execute(sql`INSERT INTO coverage_snapshots (report_date, reportable_type, reportable_id, field, value)
        SELECT * FROM unnest(${`{${part.map((r) => r.report_date).join(",")}}`}::date[], ${`{${part.map((r) => r.reportable_type).join(",")}}`}::text[],
          ${`{${part.map((r) => r.reportable_id).join(",")}}`}::int[], ${`{${part.map((r) => r.field).join(",")}}`}::text[], ${`{${part.map((r) => r.value).join(",")}}`}::numeric[])`);
    }
  });
  return rows.length;
}

export { POLICY_FIELDS };

/** The report dates of a backfill: the first day of each of the last `months` months, then `last` (yyyy-MM-dd). */
export function backfillDates(last: string, months: number): string[] {
  const [y, m] = last.split("-").map(Number);
  const dates: string[] = [];
  for (let i = months; i >= 1; i--) {
    const d = new Date(Date.UTC(y, m - 1 - i + 1, 1));
    const iso = d.toISOString().slice(0, 10);
    if (iso < last) dates.push(iso);
  }
  dates.push(last);
  return [...new Set(dates)];
}

/** Writes the snapshots of several dates, oldest first; returns the rows written. */
export async function writeSnapshots(db: Db, dates: string[], onDate?: (date: string, rows: number, ms: number) => void): Promise<number> {
  let total = 0;
  for (const d of dates) {
    const started = Date.now();
    const rows = await writeSnapshot(db, d);
    total += rows;
    onDate?.(d, rows, Date.now() - started);
  }
  return total;
}
