import type { PolicyStatus } from "../../../src/domain/policies";
import * as s from "../schema";
import { type SeedContext, during, notAfter } from "./context";
import { type Day, addMonths, ymd } from "./days";
import type { SeededPolicy } from "./demo-policies";
import { insertAll, insertReturningIds } from "./insert";

type InvoiceStatus = (typeof s.invoices.$inferInsert)["status"] & string;

/** Installment fee per invoice by plan, in cents. */
const FEE: Record<SeededPolicy["payments"], number> = { 1: 1500, 4: 500, 12: 200 };

/**
 * The status of installment `k` (due on `due`) of a policy, so that the invoices agree with the policy and today
 * (reference section 3.6): paid in the past, the next one payable, later ones upcoming; a cancelled policy's
 * remaining installments cancelled; a policy awaiting payment has its first installment payable or in flight.
 */
function invoiceStatus(policy: SeededPolicy, k: number, due: Day, today: Day, lastPastIndex: number, firstFutureIndex: number): InvoiceStatus {
  const status: PolicyStatus = policy.status;
  if (status === "AWAITING_PAYMENT") return k === 0 ? "available" : "upcoming";
  if (status === "AWAITING_ACH") return k === 0 ? "pending" : "upcoming";
  if (status === "PAID" || status === "BIND_ERROR") return k === 0 ? "complete" : "upcoming";
  if (status === "BIND_REJECTED") return "cancelled";
  if (status === "CANCELLED" && policy.cancellation !== null && due > policy.cancellation) return "cancelled";
  if (due < today) return policy.behind && k === lastPastIndex ? "missed" : "complete";
  if (k === firstFutureIndex && due - 14 <= today) return "available";
  return "upcoming";
}

export async function seedInvoices(ctx: SeedContext, policies: SeededPolicy[]): Promise<number> {
  const { db, r, today } = ctx;
  const invoices: Array<typeof s.invoices.$inferInsert> = [];
  const lines: Array<Array<Omit<typeof s.lineItems.$inferInsert, "invoice_id">>> = [];
  let sequence = 1_000_000;
  for (const policy of policies.filter((p) => p.inSystem)) {
    const n = policy.payments;
    const dues = Array.from({ length: n }, (_, k) => addMonths(policy.effective, (k * 12) / n));
    const lastPast = dues.findLastIndex((d) => d < today);
    const firstFuture = dues.findIndex((d) => d >= today);
    dues.forEach((due, k) => {
      const status = invoiceStatus(policy, k, due, today, lastPast, firstFuture);
      const premium = k === n - 1 ? policy.premium - Math.floor(policy.premium / n) * (n - 1) : Math.floor(policy.premium / n);
      const fee = FEE[n];
      const total = premium + fee;
      const paid = status === "complete";
      const available = k === 0 ? policy.created : due - 14;
      invoices.push({
        number: `INV-${sequence++}`,
        invoiceable_type: "Policy",
        invoiceable_id: policy.id,
        available_date: ymd(available),
        due_date: ymd(due),
        status,
        subtotal: total,
        total_due: total,
        total_payable: paid || status === "cancelled" ? 0 : total,
        total_received: paid ? total : 0,
        payer_type: "User",
        payer_id: policy.primaryUserId,
        created_at: during(r, notAfter(available, today)),
      });
      lines.push([
        { title: "Premium", total_due: premium, total_received: paid ? premium : 0, analytics_category: "policy_premium" },
        { title: n === 1 ? "Policy fee" : "Installment fee", total_due: fee, total_received: paid ? fee : 0, analytics_category: "policy_fee" },
      ]);
    });
  }
  const ids = await insertReturningIds(db, s.invoices, invoices);
  await insertAll(db, s.lineItems, ids.flatMap((id, i) => lines[i].map((line) => ({ ...line, invoice_id: id }))));
  return ids.length;
}
