import { date, index, integer, numeric, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
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
