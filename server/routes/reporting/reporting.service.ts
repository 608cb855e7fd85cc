import { type SQL, sql } from "drizzle-orm";
import { REPORTABLE_TYPES, type ReportableType, SNAPSHOT_FIELDS, stateOfReportableId } from "../../../src/domain/coverageSnapshots";
import type { Db } from "../../db/client";
import { ForbiddenError } from "../../lib/errors";
import { queryRows } from "../../lib/list";
import type { Scope } from "../../lib/scope";

/** At most this many reportables in one answer ('all' of a big system is cut to the first ones by id). */
export const MAX_REPORTABLES = 500;

export interface SeriesQuery {
  reportable_type: ReportableType;
  reportable_ids: "all" | number[];
  fields: string[] | null;
  start_date?: string;
  end_date?: string;
}

/**
 * Which snapshot rows a caller may read (document 3 section 6: super admins the system scope, every other role the
 * account scope): super admins any reportable; staff their account and its communities; agents the accounts of their
 * agency tree and those accounts' communities. The System, states and integration profiles are the super admin's.
 */
function reportableScope(scope: Scope, type: ReportableType): SQL {
  if (scope.kind === "all") return sql`true`;
  const accounts =
    scope.kind === "account"
      ? sql`SELECT ${scope.accountId}::int`
      : scope.kind === "agencies" && scope.agencyIds.length
        ? sql`SELECT id FROM accounts WHERE agency_id IN (${sql.join(scope.agencyIds.map((a) => sql`${a}`), sql`, `)})`
        : null;
  if (!accounts) return sql`false`;
  if (type === "Account") return sql`s.reportable_id IN (${accounts})`;
  if (type === "Insurable") return sql`s.reportable_id IN (SELECT id FROM insurables WHERE account_id IN (${accounts}))`;
  throw new ForbiddenError();
}

function conditions(scope: Scope, q: Pick<SeriesQuery, "reportable_type" | "reportable_ids" | "start_date" | "end_date">): SQL[] {
  return [
    sql`s.reportable_type = ${q.reportable_type}`,
    reportableScope(scope, q.reportable_type),
    ...(q.reportable_ids === "all" ? [] : [q.reportable_ids.length ? sql`s.reportable_id IN (${sql.join(q.reportable_ids.map((id) => sql`${id}`), sql`, `)})` : sql`false`]),
    ...(q.start_date ? [sql`s.report_date >= ${q.start_date}`] : []),
    ...(q.end_date ? [sql`s.report_date <= ${q.end_date}`] : []),
  ];
}

/** Names of the reportables, for the screens' pickers and tables. */
async function titles(db: Db, type: ReportableType, ids: number[]): Promise<Record<string, string>> {
  if (!ids.length) return {};
  const list = sql.join(ids.map((id) => sql`${id}`), sql`, `);
  let rows: Array<{ id: number; title: string }> = [];
  if (type === "System") rows = [{ id: 0, title: "System" }];
  else if (type === "Account") rows = await queryRows(db, sql`SELECT id, title FROM accounts WHERE id IN (${list})`);
  else if (type === "Insurable") rows = await queryRows(db, sql`SELECT id, title FROM insurables WHERE id IN (${list})`);
  else if (type === "IntegrationProfile") rows = await queryRows(db, sql`SELECT id, external_id AS title FROM integration_profiles WHERE id IN (${list})`);
  else rows = ids.map((id) => ({ id, title: stateOfReportableId(id) ?? String(id) }));
  return Object.fromEntries(rows.map((r) => [String(r.id), r.title]));
}

/**
 * POST /compound_coverage_snapshots/time_series (document 3 sections 3 and 7): `data[field][reportable_id]` is the
 * list of values on each of `meta.report_dates` (null where that reportable has no row that day); meta also names
 * the reportable ids, their type and their titles. A field no snapshot stores answers nulls (readings C-42).
 */
export async function timeSeries(db: Db, scope: Scope, q: SeriesQuery) {
  const where = sql.join(conditions(scope, q), sql` AND `);
  const idRows = await queryRows<{ id: number }>(db, sql`SELECT DISTINCT s.reportable_id AS id FROM coverage_snapshots s WHERE ${where} ORDER BY 1 LIMIT ${MAX_REPORTABLES}`);
  const ids = idRows.map((r) => Number(r.id));
  const fields = q.fields ?? [...SNAPSHOT_FIELDS];
  const dateRows = await queryRows<{ d: string }>(db, sql`SELECT DISTINCT to_char(s.report_date, 'YYYY-MM-DD') AS d FROM coverage_snapshots s WHERE ${where} ORDER BY 1`);
  const dates = dateRows.map((r) => r.d);
  const data: Record<string, Record<string, Array<number | null>>> = Object.fromEntries(
    fields.map((f) => [f, Object.fromEntries(ids.map((id) => [String(id), dates.map(() => null as number | null)]))]),
  );
  if (ids.length && dates.length) {
    const dateIndex = new Map(dates.map((d, i) => [d, i]));
    const rows = await queryRows<{ d: string; id: number; field: string; value: string }>(
      db,
      sql`SELECT to_char(s.report_date, 'YYYY-MM-DD') AS d, s.reportable_id AS id, s.field, s.value::text AS value FROM coverage_snapshots s
          WHERE ${where} AND s.reportable_id IN (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})
            AND s.field IN (${sql.join(fields.map((f) => sql`${f}`), sql`, `)})`,
    );
    for (const r of rows) {
      const slot = data[r.field]?.[String(r.id)];
      const i = dateIndex.get(r.d);
      if (slot && i !== undefined) slot[i] = Number(r.value);
    }
  }
  return { data, meta: { report_dates: dates, reportable_ids: ids, reportable_type: q.reportable_type, titles: await titles(db, q.reportable_type, ids) } };
}

/** POST /compound_coverage_snapshots/data_span: the first and last report dates the caller can read, and how many. */
export async function dataSpan(db: Db, scope: Scope, q: Pick<SeriesQuery, "reportable_type" | "reportable_ids">) {
  const where = sql.join(conditions(scope, q), sql` AND `);
  const [row] = await queryRows<{ start_date: string | null; end_date: string | null; n: number }>(
    db,
    sql`SELECT to_char(min(s.report_date), 'YYYY-MM-DD') AS start_date, to_char(max(s.report_date), 'YYYY-MM-DD') AS end_date,
          count(DISTINCT s.report_date)::int AS n
        FROM coverage_snapshots s WHERE ${where}`,
  );
  return { start_date: row?.start_date ?? null, end_date: row?.end_date ?? null, report_dates_count: Number(row?.n ?? 0), reportable_type: q.reportable_type, time_zone: "America/Los_Angeles" };
}

export { REPORTABLE_TYPES };
