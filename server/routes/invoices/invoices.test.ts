import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reconcilePayments } from "../../billing/reconcile";
import { startSchedules } from "../../jobs/handlers";
import { charges, invoices, paymentProfiles, policies, policyUsers, users } from "../../db/schema";
import { billedPolicy, disturbedGateway } from "../../test/billing-world";
import { type AuthHeaders, type TestApp } from "../../test/helpers";
import { type World, worldApp } from "../../test/world-app";

let t: TestApp;
const network = disturbedGateway();
let world: World;
let as: Record<"staffA" | "superAdmin", AuthHeaders>;
let seq = 0;

/** An invoice of a policy in `account`, payable by a customer whose card token is `source` (none when null). */
async function invoiceFor(opts: { status?: string; source?: string | null; account?: "A" | "B"; policyStatus?: string } = {}) {
  const db = t.database.db;
  const n = ++seq;
  const account = opts.account ?? "A";
  const [policy] = await db
    .insert(policies)
    .values({ number: `INV-P-${n}`, status: (opts.policyStatus ?? "BOUND") as never, policy_type_id: 1, policy_in_system: true, account_id: world.accounts[account].id, agency_id: world.agencies[account].id })
    .returning();
  const [user] = await db.insert(users).values({ email: `payer${n}@invoice.test` }).returning();
  await db.insert(policyUsers).values({ policy_id: policy.id, user_id: user.id, primary: true });
  if (opts.source !== null) {
    await db.insert(paymentProfiles).values({ payer_type: "User", payer_id: user.id, source_id: opts.source ?? `tok_visa_${n}`, default_profile: true });
  }
  const [invoice] = await db
    .insert(invoices)
    .values({ number: `INV-${n}`, status: (opts.status ?? "upcoming") as never, due_date: "2026-12-01", total_due: 2_500, invoiceable_type: "Policy", invoiceable_id: policy.id, payer_type: "User", payer_id: user.id })
    .returning();
  return invoice;
}

const charge = (headers: AuthHeaders, ids: number[]) => t.app.inject({ method: "POST", url: "/v2/staff_account/invoices/charge_multiple", headers, payload: { ids } });

beforeAll(async () => {
  ({ t, world, as } = await worldApp(["staffA", "superAdmin"], { LOG_LEVEL: "error" }, { gateway: network.gateway }));
}, 60_000);
afterAll(() => t.close());

describe("POST /invoices/charge_multiple", () => {
  it("charges through the gateway: the invoice becomes complete with everything received and a succeeded charge row", async () => {
    const invoice = await invoiceFor();
    const res = await charge(as.staffA, [invoice.id]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([{ invoice: { id: invoice.id, total_due: 2_500 }, result: { success: true, charge_status: "succeeded", error: null } }]);
    const [after] = await t.database.db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(after).toMatchObject({ status: "complete", total_received: 2_500 });
    const rows = await t.database.db.select().from(charges).where(eq(charges.invoice_id, invoice.id));
    expect(rows).toMatchObject([{ status: "succeeded", amount: 2_500, gateway: "test", error: null }]);
    expect(rows[0].gateway_charge_id).toMatch(/^ch_test_/);
  });

  it("answers each invoice in the order sent: a declined card, a missing card, a status that cannot be charged, another account", async () => {
    const declined = await invoiceFor({ status: "missed", source: "tok_decline_insufficient" });
    const noCard = await invoiceFor({ source: null });
    const complete = await invoiceFor({ status: "complete" });
    const foreign = await invoiceFor({ account: "B" });
    const res = await charge(as.staffA, [declined.id, noCard.id, complete.id, foreign.id]);
    expect(res.json().map((r: { result: object }) => r.result)).toEqual([
      { success: false, charge_status: "failed", error: "Your card was declined." },
      { success: false, charge_status: null, error: "No payment method on file" },
      { success: false, charge_status: null, error: "This invoice is not eligible for payment, because its status is 'complete'." },
      { success: false, charge_status: null, error: "Invoice not found" },
    ]);
    // A failed charge leaves the invoice as it was and records the attempt.
    const [after] = await t.database.db.select().from(invoices).where(eq(invoices.id, declined.id));
    expect(after.status).toBe("missed");
    expect(await t.database.db.select({ status: charges.status, error: charges.error }).from(charges).where(eq(charges.invoice_id, declined.id))).toEqual([
      { status: "failed", error: "Your card was declined." },
    ]);
    const [untouched] = await t.database.db.select().from(invoices).where(eq(invoices.id, foreign.id));
    expect(untouched.status).toBe("upcoming");
  });

  it("never charges an invoice twice when the same ids are sent twice at once", async () => {
    const invoice = await invoiceFor();
    const [a, b] = await Promise.all([charge(as.staffA, [invoice.id]), charge(as.staffA, [invoice.id])]);
    const outcomes = [a.json()[0].result, b.json()[0].result];
    expect(outcomes.filter((r) => r.success)).toHaveLength(1);
    // The loser found the invoice claimed (pending) or already paid (complete), and was not charged.
    const loser = outcomes.find((r) => !r.success);
    expect(loser.charge_status).toBeNull();
    expect(loser.error).toMatch(/^This invoice is not eligible for payment, because its status is '(pending|complete)'\.$/);
    const [after] = await t.database.db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(after).toMatchObject({ status: "complete", total_received: 2_500 });
    const succeeded = await t.database.db.select().from(charges).where(eq(charges.invoice_id, invoice.id));
    expect(succeeded.filter((c) => c.status === "succeeded")).toHaveLength(1);
  });

  it("refuses an empty list and ids that are not numbers", async () => {
    expect((await charge(as.staffA, [])).statusCode).toBe(422);
    const bad = await t.app.inject({ method: "POST", url: "/v2/staff_account/invoices/charge_multiple", headers: as.staffA, payload: { ids: ["abc"] } });
    expect(bad.statusCode).toBe(422);
  });

  it("checks every id before charging any: an id out of range refuses the whole batch, nothing is charged", async () => {
    const invoice = await invoiceFor();
    const res = await charge(as.staffA, [invoice.id, 2_147_483_648]);
    expect(res.statusCode).toBe(422);
    expect(await t.database.db.select().from(charges).where(eq(charges.invoice_id, invoice.id))).toEqual([]);
    const [after] = await t.database.db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(after.status).toBe("upcoming");
  });

  it("never charges an invoice of a policy that is cancelled, expired or external", async () => {
    const bills = await Promise.all(["CANCELLED", "EXPIRED", "EXTERNAL_VERIFIED"].map((policyStatus) => invoiceFor({ status: "missed", policyStatus })));
    const res = await charge(as.staffA, bills.map((b) => b.id));
    expect(res.json().map((r: { result: { error: string } }) => r.result)).toEqual([
      { success: false, charge_status: null, error: "This invoice cannot be charged, because its policy is 'CANCELLED'." },
      { success: false, charge_status: null, error: "This invoice cannot be charged, because its policy is 'EXPIRED'." },
      { success: false, charge_status: null, error: "This invoice cannot be charged, because its policy is 'EXTERNAL_VERIFIED'." },
    ]);
    for (const bill of bills) expect(await t.database.db.select().from(charges).where(eq(charges.invoice_id, bill.id))).toEqual([]);
  });
});

describe("charging after a cancellation", () => {
  it("cancels every invoice due on or after the cancellation date, and refuses to charge what is left", async () => {
    const { policy, invoices: bills } = await billedPolicy(t, world, as.staffA, "CX-1", { paid: 0 });
    // Cancelled from the second invoice's due date: it is cancelled too; the first (due before) stays unpaid.
    const res = await t.app.inject({ method: "PUT", url: `/v2/staff_super_admin/policies/${policy.id}/cancel_policy`, headers: as.superAdmin, payload: { cancellation_date: "2026-07-01" } });
    expect(res.statusCode).toBe(200);
    expect(res.json().invoices.map((i: { number: string; status: string }) => [i.number, i.status])).toEqual([
      [bills[0].number, "upcoming"],
      [bills[1].number, "cancelled"],
    ]);
    const refused = await charge(as.staffA, bills.map((b) => b.id));
    expect(refused.json().map((r: { result: { error: string } }) => r.result.error)).toEqual([
      "This invoice cannot be charged, because its policy is 'CANCELLED'.",
      "This invoice cannot be charged, because its policy is 'CANCELLED'.",
    ]);
    for (const bill of bills) expect(await t.database.db.select().from(charges).where(eq(charges.invoice_id, bill.id))).toEqual([]);
  });
});

describe("a charge whose answer is lost (issue 9 hole 4)", () => {
  it("is recorded with its idempotency key before the gateway is called, stays pending, and is settled once by reconciliation", async () => {
    const invoice = await invoiceFor();
    network.loseNextAnswers(1);
    const res = await charge(as.staffA, [invoice.id]);
    expect(res.statusCode).toBe(200);
    expect(res.json()[0].result).toEqual({
      success: false,
      charge_status: "processing",
      error: "The payment gateway did not answer; the charge will be checked with it again shortly.",
    });
    const db = t.database.db;
    const [attempt] = await db.select().from(charges).where(eq(charges.invoice_id, invoice.id));
    expect(attempt).toMatchObject({ status: "processing", idempotency_key: `invoice-${invoice.id}-attempt-1`, invoice_status_before: "upcoming" });
    // The provider charged the card; the invoice is held, so a second request cannot charge it again.
    expect(network.done.get(attempt.idempotency_key!)).toMatchObject({ success: true });
    expect((await db.select().from(invoices).where(eq(invoices.id, invoice.id)))[0].status).toBe("pending");
    expect((await charge(as.staffA, [invoice.id])).json()[0].result.error).toBe("This invoice is not eligible for payment, because its status is 'pending'.");

    // A cancellation waits for the payment to settle.
    const [{ invoiceable_id: policyId }] = await db.select().from(invoices).where(eq(invoices.id, invoice.id));
    await db.update(policies).set({ effective_date: "2026-01-01", expiration_date: "2027-01-01", policy_in_system: true }).where(eq(policies.id, policyId));
    const cancel = await t.app.inject({ method: "PUT", url: `/v2/staff_super_admin/policies/${policyId}/cancel_policy`, headers: as.superAdmin, payload: { cancellation_date: "2026-06-01" } });
    expect([cancel.statusCode, cancel.json().message]).toEqual([422, "A payment of this policy is being processed; try again in a minute"]);

    expect(await reconcilePayments(t.app, 0)).toMatchObject({ charges: 1 });
    const [settled] = await db.select().from(charges).where(eq(charges.invoice_id, invoice.id));
    expect(settled).toMatchObject({ status: "succeeded", gateway_charge_id: (network.done.get(attempt.idempotency_key!) as { charge_id: string }).charge_id });
    expect((await db.select().from(invoices).where(eq(invoices.id, invoice.id)))[0]).toMatchObject({ status: "complete", total_received: 2_500 });
    // Asked twice with one key: one charge at the provider.
    expect(network.calls.filter((c) => c.key === attempt.idempotency_key).length).toBe(2);
    expect(await db.select().from(charges).where(eq(charges.invoice_id, invoice.id))).toHaveLength(1);
  });
});

describe("reconciliation at start", () => {
  it("settles a charge left processing by the previous process before anything else runs", async () => {
    const invoice = await invoiceFor();
    network.loseNextAnswers(1);
    expect((await charge(as.staffA, [invoice.id])).json()[0].result.charge_status).toBe("processing");
    await startSchedules(t.app);
    const [settled] = await t.database.db.select().from(charges).where(eq(charges.invoice_id, invoice.id));
    expect(settled.status).toBe("succeeded");
    expect((await t.database.db.select().from(invoices).where(eq(invoices.id, invoice.id)))[0].status).toBe("complete");
  });
});
