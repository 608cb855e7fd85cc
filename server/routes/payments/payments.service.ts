import type { Role } from "../../../src/domain/roles";
import type { Db } from "../../db/client";
import { type ListInput, parseListParams, runList } from "../../lib/list";
import type { Scope } from "../../lib/scope";
import { type PaymentRow, paymentListQuery, paymentListSpec, paymentRowJson } from "./payments.list";

/** The Payments grid's page size (document 3 section 9: grids show 20 a page). */
export const PAYMENT_PAGE_SIZE = 20;

export async function listPayments(db: Db, scope: Scope, role: Role, input: ListInput) {
  const params = parseListParams(input, paymentListSpec, { defaultPer: PAYMENT_PAGE_SIZE });
  const result = await runList<PaymentRow>(db, paymentListQuery(scope, role), params);
  return { ...result, rows: result.rows.map(paymentRowJson) };
}
