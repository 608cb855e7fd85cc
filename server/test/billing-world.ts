import { eq } from "drizzle-orm";
import type { ChargeOutcome, PaymentGateway, RefundOutcome } from "../billing/gateway";
import { testGateway } from "../billing/test-gateway";
import { invoices, lineItems, paymentProfiles, policies, policyQuotes, policyUsers, profiles, users } from "../db/schema";
import type { buildWorld } from "./fixtures";
import type { AuthHeaders, TestApp } from "./helpers";

/** Each half-year installment: 182.50 premium, 3.65 tax (2 %), 7.50 installment fee. */
export const INSTALLMENT = { premium: 18_250, tax: 365, fee: 750, total: 19_365 };

/**
 * A bound in-system policy for 2026 (365 days), bought for 365.00 premium + 7.30 tax + 15.00 fees, billed in two
 * half-year invoices with their line items. `paid` of them are charged through the real endpoint (so the charges
 * are the test gateway's), on a card whose token is `source`.
 */
export async function billedPolicy(
  t: TestApp,
  world: Awaited<ReturnType<typeof buildWorld>>,
  charger: AuthHeaders,
  n: number | string,
  opts: { paid?: 0 | 1 | 2; source?: string; account?: "A" | "B"; status?: string } = {},
) {
  const db = t.database.db;
  const account = opts.account ?? "A";
  const [policy] = await db
    .insert(policies)
    .values({
      number: `PAY-${n}`,
      status: "BOUND",
      policy_type_id: 1,
      policy_in_system: true,
      account_id: world.accounts[account].id,
      agency_id: world.agencies[account].id,
      effective_date: "2026-01-01",
      expiration_date: "2027-01-01",
      premium_total: 36_500,
    })
    .returning();
  const [user] = await db.insert(users).values({ email: `payer-${n}@billing.test` }).returning();
  await db.insert(profiles).values({ profileable_type: "User", profileable_id: user.id, first_name: "Pat", last_name: `Payer${n}`, full_name: `Pat Payer${n}` });
  await db.insert(policyUsers).values({ policy_id: policy.id, user_id: user.id, primary: true });
  await db.insert(paymentProfiles).values({ payer_type: "User", payer_id: user.id, source_id: opts.source ?? `tok_visa_${n}`, default_profile: true });
  const [quote] = await db
    .insert(policyQuotes)
    .values({ policy_id: policy.id, reference: `Q-PAY-${n}`, status: "accepted", total_premium: 36_500, total_tax: 730, total_fee: 1_500, total: 38_730 })
    .returning();
  const dues = ["2026-01-01", "2026-07-01"];
  const bills = [];
  for (const [k, due] of dues.entries()) {
    const [invoice] = await db
      .insert(invoices)
      .values({
        number: `PAY-${n}-${k + 1}`,
        status: "upcoming",
        due_date: due,
        subtotal: INSTALLMENT.total,
        total_due: INSTALLMENT.total,
        total_payable: INSTALLMENT.total,
        invoiceable_type: "PolicyQuote",
        invoiceable_id: quote.id,
        payer_type: "User",
        payer_id: user.id,
      })
      .returning();
    await db.insert(lineItems).values([
      { invoice_id: invoice.id, title: "Premium", total_due: INSTALLMENT.premium, analytics_category: "policy_premium" },
      { invoice_id: invoice.id, title: "Tax", total_due: INSTALLMENT.tax, analytics_category: "policy_tax" },
      { invoice_id: invoice.id, title: "Installment fee", total_due: INSTALLMENT.fee, analytics_category: "policy_fee" },
    ]);
    bills.push(invoice);
  }
  const paid = bills.slice(0, opts.paid ?? 1);
  for (const bill of paid) {
    const res = await t.app.inject({ method: "POST", url: "/v2/invoices/charge_multiple", headers: charger, payload: { ids: [bill.id] } });
    if (res.statusCode !== 200 || !res.json()[0].result.success) throw new Error(`charging ${bill.number} failed: ${res.body}`);
  }
  if (opts.status) await db.update(policies).set({ status: opts.status as never }).where(eq(policies.id, policy.id));
  return { policy, user, quote, invoices: bills };
}

type Call = { kind: "charge"; key: string; outcome: ChargeOutcome | "lost" } | { kind: "refund"; key: string; amount: number; outcome: RefundOutcome | "lost" };

/**
 * The test gateway behind a network a test can disturb: it remembers what the provider did per idempotency key (one
 * operation per key, as a real provider does), and can lose the answer of the next calls (the provider acted, the
 * caller never heard) or refuse the next refunds.
 */
export function disturbedGateway() {
  const calls: Call[] = [];
  const done = new Map<string, ChargeOutcome | RefundOutcome>();
  let lose = 0;
  const refusals: string[] = [];
  const gateway: PaymentGateway = {
    name: "test",
    async charge(request) {
      const outcome = (done.get(request.idempotencyKey) as ChargeOutcome | undefined) ?? (await testGateway.charge(request));
      done.set(request.idempotencyKey, outcome);
      if (lose > 0) {
        lose--;
        calls.push({ kind: "charge", key: request.idempotencyKey, outcome: "lost" });
        throw new Error("socket hang up");
      }
      calls.push({ kind: "charge", key: request.idempotencyKey, outcome });
      return outcome;
    },
    async refund(charge, amount, options) {
      let outcome = done.get(options.idempotencyKey) as RefundOutcome | undefined;
      if (!outcome) {
        const refusal = refusals.shift();
        outcome = refusal ? { success: false, status: "failed", error: refusal } : await testGateway.refund(charge, amount, options);
      }
      done.set(options.idempotencyKey, outcome);
      if (lose > 0) {
        lose--;
        calls.push({ kind: "refund", key: options.idempotencyKey, amount, outcome: "lost" });
        throw new Error("socket hang up");
      }
      calls.push({ kind: "refund", key: options.idempotencyKey, amount, outcome });
      return outcome;
    },
  };
  return {
    gateway,
    calls,
    /** What the provider actually did: one entry per idempotency key. */
    done,
    loseNextAnswers: (count = 1) => void (lose = count),
    refuseNextRefunds: (...errors: string[]) => void refusals.push(...errors),
  };
}
