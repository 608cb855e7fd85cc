import type { ReportableType } from "../../domain/coverageSnapshots";

/** POST /compound_coverage_snapshots/time_series (document 3 section 3). */
export interface TimeSeries {
  data: Record<string, Record<string, Array<number | null>>>;
  meta: { report_dates: string[]; reportable_ids: number[]; reportable_type: ReportableType; titles: Record<string, string> };
}

/** POST /compound_coverage_snapshots/data_span. */
export interface DataSpan {
  start_date: string | null;
  end_date: string | null;
  report_dates_count: number;
  reportable_type: ReportableType;
}

/** A flattened row (document 3 section 3: date, id, type, value and field). */
export interface SnapshotFlatRow {
  date: string;
  id: number;
  type: ReportableType;
  value: number | null;
  field: string;
}

export function flatten(series: TimeSeries, id: number): SnapshotFlatRow[] {
  const rows: SnapshotFlatRow[] = [];
  for (const [field, byId] of Object.entries(series.data)) {
    const values = byId[String(id)] ?? [];
    series.meta.report_dates.forEach((date, i) => rows.push({ date, id, type: series.meta.reportable_type, value: values[i] ?? null, field }));
  }
  return rows;
}

const cell = (v: string) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

/** The rows as CSV, one line each (date,id,type,value,field). */
export function toCsv(rows: SnapshotFlatRow[]): string {
  return ["date,id,type,value,field", ...rows.map((r) => [r.date, String(r.id), r.type, r.value === null ? "" : String(r.value), r.field].map(cell).join(","))].join("\n") + "\n";
}
