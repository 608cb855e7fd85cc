import { sql } from "drizzle-orm";
import type { Role } from "../../../src/domain/roles";
import type { Db } from "../../db/client";
import { NotFoundError } from "../../lib/errors";
import { type ListInput, parseListParams, queryRows, runList } from "../../lib/list";
import type { Scope } from "../../lib/scope";
import { type InvoiceRow, invoiceListQuery, invoiceListSpec, invoiceRowJson } from "./invoices.list";

/** The Invoices grid's page size (document 3 section 9: grids show 20 a page). */
export const INVOICE_PAGE_SIZE = 20;

export async function listInvoices(db: Db, scope: Scope, role: Role, input: ListInput) {
  const params = parseListParams(input, invoiceListSpec, { defaultPer: INVOICE_PAGE_SIZE });
  const result = await runList<InvoiceRow>(db, invoiceListQuery(scope, role), params);
  return { ...result, rows: result.rows.map(invoiceRowJson) };
}

/**
 * One invoice with its lines (hidden lines left out, as on the policy page). Outside the caller's scope it does not
 * exist (404, DESIGN.md section 3). Its charges and refunds are the Payments list filtered by `invoice_id`.
 */
export async function showInvoice(db: Db, scope: Scope, role: Role, id: number) {
  const query = invoiceListQuery(scope, role);
  const [row] = await queryRows<InvoiceRow>(db, sql`SELECT ${query.select} FROM ${query.from} WHERE ${sql.join([...query.where, sql`i.id = ${id}`], sql` AND `)}`);
  if (!row) throw new NotFoundError("Invoice");
  const lines = await queryRows<{ id: number; title: string; total_due: number | string; total_received: number | string; analytics_category: string }>(
    db,
    sql`SELECT id, title, total_due, total_received, analytics_category FROM line_items WHERE invoice_id = ${id} AND NOT hidden ORDER BY id`,
  );
  return {
    ...invoiceRowJson(row),
    line_items: lines.map((l) => ({ ...l, total_due: Number(l.total_due), total_received: Number(l.total_received) })),
  };
}
