import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { charges, invoices, paymentProfiles, policies, policyUsers, users } from "../../db/schema";
import { buildWorld } from "../../test/fixtures";
import { createTestApp, signInAs, type AuthHeaders, type TestApp } from "../../test/helpers";

let t: TestApp;
let world: Awaited<ReturnType<typeof buildWorld>>;
const as: Record<string, AuthHeaders> = {};
let seq = 0;

/** An invoice of a policy in `account`, payable by a customer whose card token is `source` (none when null). */
async function invoiceFor(opts: { status?: string; source?: string | null; account?: "A" | "B" } = {}) {
  const db = t.database.db;
  const n = ++seq;
  const account = opts.account ?? "A";
  const [policy] = await db
    .insert(policies)
    .values({ number: `INV-P-${n}`, status: "BOUND", policy_type_id: 1, policy_in_system: true, account_id: world.accounts[account].id, agency_id: world.agencies[account].id })
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
  t = await createTestApp();
  world = await buildWorld(t.database.db);
  as.staffA = await signInAs(t.app, "staff.a@test.dev");
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
});
