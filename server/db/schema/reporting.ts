import { date, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { idColumn } from "./columns";
import { REPORTABLE_TYPES } from "../../../src/domain/coverageSnapshots";

/**
 * Coverage snapshots (document 3 sections 3 and 7; gap 14; readings C-42): one row per report date × reportable ×
 * field. A night's job (or `npm run snapshots -- --date D`) writes every row of its date; running a date again
 * replaces them. `reportable_id` is 0 for the System.
 */
export const coverageSnapshots = pgTable(
  "coverage_snapshots",
  {
    report_date: date("report_date").notNull(),
    reportable_type: text("reportable_type", { enum: REPORTABLE_TYPES }).notNull(),
    reportable_id: integer("reportable_id").notNull(),
    field: text("field").notNull(),
    value: numeric("value", { precision: 14, scale: 2, mode: "number" }).notNull(),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.reportable_type, t.reportable_id, t.field, t.report_date] }),
    index("coverage_snapshots_date_idx").on(t.report_date),
  ],
);

/**
 * A report asked for from an account's, agency's or property's Reports tab (issue 13 section 1, issue 14 section 2;
 * reference 4.1 `…/reports`): the compliance report, built by a pg-boss job into a CSV and an XLSX in the file
 * store, or the bordereau (premium written per carrier and month), built into an XLSX and mailed. Claimed, touched
 * and taken up again after a crash like an export (server/jobs/build-report.ts).
 */
export const reports = pgTable(
  "reports",
  {
    id: idColumn(),
    kind: text("kind", { enum: ["compliance", "bordereau"] }).notNull(),
    owner_type: text("owner_type", { enum: ["Account", "Agency", "Insurable", "System"] }).notNull(),
    owner_id: integer("owner_id"),
    staff_id: integer("staff_id").notNull(),
    status: text("status", { enum: ["queued", "running", "ready", "failed"] }).notNull().default("queued"),
    period_from: date("period_from").notNull(),
    period_to: date("period_to").notNull(),
    /** What the request named besides its period (the bordereau's carrier, the caller's scope), as JSON. */
    params: text("params").notNull().default("{}"),
    /** 0–100, written as the job goes, so the tab can show it while it polls. */
    progress: integer("progress").notNull().default(0),
    csv_document_id: integer("csv_document_id"),
    xlsx_document_id: integer("xlsx_document_id"),
    /** The totals the files carry (units, covered units, policies by status…), for the list and the tests. */
    summary: jsonb("summary").$type<Record<string, unknown>>(),
    error: text("error"),
    heartbeat_at: timestamp("heartbeat_at", { withTimezone: true }),
    attempts: integer("attempts").notNull().default(0),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    finished_at: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [index("reports_owner_idx").on(t.owner_type, t.owner_id, t.created_at)],
);
