import { sql } from "drizzle-orm";
import type { PolicyStatus } from "../../../src/domain/policies";
import * as s from "../schema";
import { type SeedContext, during, notAfter } from "./context";
import { type Day, addMonths, ymd } from "./days";
import type { SeededPolicy } from "./demo-policies";
import { insertAll, insertReturningIds } from "./insert";
import { selectRows } from "./query";

type InvoiceStatus = (typeof s.invoices.$inferInsert)["status"] & string;

/** Installment fee per invoice by plan, in cents. */
const FEE: Record<SeededPolicy["payments"], number> = { 1: 1500, 4: 500, 12: 200 };
/** Premium tax (2 %), billed with the premium. */
const TAX_RATE = 0.02;

/**
 * What a policy costs, in cents: its premium, the fees of its payment plan and the tax on the premium. The quote
 * (the card's premium) and the invoices are both made from this, so the invoices add up to what the card shows.
 */
export function policyAmounts(policy: Pick<SeededPolicy, "premium" | "payments">) {
  const fee = FEE[policy.payments] * policy.payments;
  const tax = Math.round(policy.premium * TAX_RATE);
  return { premium: policy.premium, fee, tax, total: policy.premium + fee + tax };
}

/** Installment `k` of `n` of an amount: equal parts, the last one taking the remainder. */
const installment = (amount: number, k: number, n: number) => (k === n - 1 ? amount - Math.floor(amount / n) * (n - 1) : Math.floor(amount / n));

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
    const amounts = policyAmounts(policy);
    dues.forEach((due, k) => {
      const status = invoiceStatus(policy, k, due, today, lastPast, firstFuture);
      const premium = installment(amounts.premium, k, n);
      const fee = FEE[n];
      const tax = installment(amounts.tax, k, n);
      const total = premium + fee + tax;
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
        { title: "Premium tax", total_due: tax, total_received: paid ? tax : 0, analytics_category: "policy_tax" },
      ]);
    });
  }
  const ids = await insertReturningIds(db, s.invoices, invoices);
  await insertAll(db, s.lineItems, ids.flatMap((id, i) => lines[i].map((line) => ({ ...line, invoice_id: id }))));
  return ids.length;
}

/**
 * The gateway charges behind every paid invoice (reference section 3.6), on the payer's card, made by the built-in
 * test gateway (the id it would have given for the same idempotency key), so cancelling a demo policy refunds
 * through the gateway like any other.
 */
export async function seedCharges(ctx: SeedContext): Promise<number> {
  const rows = await selectRows<{ n: number }>(
    ctx.db,
    sql`WITH made AS (
          INSERT INTO charges (invoice_id, payment_profile_id, amount, status, gateway, gateway_charge_id, idempotency_key, created_at, updated_at)
          SELECT i.id, pp.id, i.total_received, 'succeeded', 'test',
                 'ch_test_' || left(encode(sha256(convert_to('invoice-' || i.id || '-attempt-1', 'UTF8')), 'hex'), 24),
                 'invoice-' || i.id || '-attempt-1', i.due_date::timestamptz + interval '9 hours', i.due_date::timestamptz + interval '9 hours'
            FROM invoices i JOIN payment_profiles pp ON pp.payer_type = i.payer_type AND pp.payer_id = i.payer_id AND pp.default_profile
           WHERE i.status = 'complete' AND i.total_received > 0
          RETURNING 1)
        SELECT count(*)::int AS n FROM made`,
  );
  return rows[0].n;
}
