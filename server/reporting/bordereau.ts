import { sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import type { PolicyStatus } from "../../src/domain/policies";
import type { Db } from "../db/client";
import { queryRows } from "../lib/list";

/**
 * Premium counts as written once a policy was bound, whatever became of it later (a policy cancelled in March was
 * still written in January); quotes and refused binds never were. External (proof-of-coverage) policies carry no
 * premium of ours and are left out, as are policies with no premium recorded.
 */
export const WRITTEN_STATUSES: readonly PolicyStatus[] = ["BOUND", "BOUND_WITH_WARNING", "RENEWING", "RENEWED", "REINSTATED", "EXPIRED", "CANCELLED"];

export interface BordereauRow {
  carrier_id: number | null;
  carrier: string;
  /** yyyy-MM of the policy's effective date. */
  month: string;
  policies: number;
  premium: number;
}

/** Premium written per carrier and month: in-system policies taking effect within [from, to], cents. */
export async function bordereauRows(db: Db, period: { from: string; to: string; carrierId?: number | null }): Promise<BordereauRow[]> {
  return queryRows<BordereauRow>(
    db,
    sql`SELECT po.carrier_id, coalesce(c.title, 'No carrier') AS carrier, to_char(po.effective_date, 'YYYY-MM') AS month,
               count(*)::int AS policies, coalesce(sum(po.premium_total), 0)::bigint::float8 AS premium
          FROM policies po LEFT JOIN carriers c ON c.id = po.carrier_id
         WHERE po.policy_in_system AND po.premium_total IS NOT NULL AND po.effective_date BETWEEN ${period.from}::date AND ${period.to}::date
           AND po.status IN (${sql.join(WRITTEN_STATUSES.map((s) => sql`${s}`), sql`, `)})
           ${period.carrierId ? sql`AND po.carrier_id = ${period.carrierId}` : sql``}
         GROUP BY po.carrier_id, c.title, to_char(po.effective_date, 'YYYY-MM')
         ORDER BY lower(coalesce(c.title, 'No carrier')), month`,
  );
}

/** One sheet: carrier, month, policies, premium written in dollars, then a total per carrier and a grand total. */
export async function bordereauXlsx(rows: BordereauRow[], period: { from: string; to: string; carrier?: string | null }): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.creator = "Coverdesk";
  const sheet = book.addWorksheet("Bordereau");
  sheet.addRow(["Bordereau", `${period.from} – ${period.to}`, period.carrier ?? "All carriers"]);
  sheet.addRow([]);
  sheet.addRow(["Carrier", "Month", "Policies", "Premium Written"]).font = { bold: true };
  const carriers = [...new Set(rows.map((r) => r.carrier))];
  for (const carrier of carriers) {
    const own = rows.filter((r) => r.carrier === carrier);
    for (const row of own) sheet.addRow([row.carrier, row.month, row.policies, row.premium / 100]);
    sheet.addRow([`${carrier} total`, "", own.reduce((s, r) => s + r.policies, 0), own.reduce((s, r) => s + r.premium, 0) / 100]).font = { italic: true };
  }
  sheet.addRow(["Total", "", rows.reduce((s, r) => s + r.policies, 0), rows.reduce((s, r) => s + r.premium, 0) / 100]).font = { bold: true };
  sheet.getColumn(1).width = 32;
  sheet.getColumn(4).numFmt = "#,##0.00";
  return Buffer.from(await book.xlsx.writeBuffer());
}
