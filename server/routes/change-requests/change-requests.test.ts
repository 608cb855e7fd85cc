import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { changeRequests, histories, invoices, policies, policyQuotes, policyUsers, profiles, refunds, sentEmails, users } from "../../db/schema";
import { buildWorld } from "../../test/fixtures";
import { createTestApp, signInAs, type AuthHeaders, type TestApp } from "../../test/helpers";

let t: TestApp;
let world: Awaited<ReturnType<typeof buildWorld>>;
const as: Record<string, AuthHeaders> = {};
const call = (method: "GET" | "POST" | "PATCH" | "PUT", url: string, headers: AuthHeaders, payload?: object) => t.app.inject({ method, url, headers, payload });

/** A bound policy for a year: premium 365.00 paid in full on one complete invoice, two monthly invoices to come. */
async function boundPolicy(n: number, account: "A" | "B" = "A") {
  const db = t.database.db;
  const [policy] = await db
    .insert(policies)
    .values({ number: `CR-${n}`, status: "BOUND", policy_type_id: 1, policy_in_system: true, account_id: world.accounts[account].id, agency_id: world.agencies[account].id, effective_date: "2026-01-01", expiration_date: "2027-01-01" })
    .returning();
  const [user] = await db.insert(users).values({ email: `cr${n}@change.test` }).returning();
  await db.insert(profiles).values({ profileable_type: "User", profileable_id: user.id, first_name: "Cara", last_name: `Number${n}`, full_name: `Cara Number${n}` });
  await db.insert(policyUsers).values({ policy_id: policy.id, user_id: user.id, primary: true });
  const [quote] = await db.insert(policyQuotes).values({ policy_id: policy.id, reference: `Q-CR-${n}`, total_premium: 36_500, total: 36_500 }).returning();
  await db.insert(invoices).values([
    { number: `CR-${n}-1`, status: "complete", due_date: "2026-01-01", total_due: 36_500, total_received: 36_500, invoiceable_type: "PolicyQuote", invoiceable_id: quote.id },
    { number: `CR-${n}-2`, status: "upcoming", due_date: "2026-12-01", total_due: 1_000, invoiceable_type: "PolicyQuote", invoiceable_id: quote.id },
  ]);
  return { policy, user };
}

beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: "error" });
  world = await buildWorld(t.database.db);
  as.superAdmin = await signInAs(t.app, "super.admin@test.dev");
  as.agentA = await signInAs(t.app, "agent.a@test.dev");
  as.staffA = await signInAs(t.app, "staff.a@test.dev");
  as.staffB = await signInAs(t.app, "staff.b@test.dev");
}, 60_000);
afterAll(() => t.close());

describe("requesting a cancellation", () => {
  it("files a request (201) and refuses a second pending one of the same type with the spec'd message", async () => {
    const { policy } = await boundPolicy(1);
    const body = { change_request: { changeable_id: policy.id, customized_action: "cancel_prorate", cancellation_date: "2026-04-11" } };
    const res = await call("POST", "/v2/staff_account/change_requests/refund", as.staffA, body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: "awaiting_confirmation", customized_action: "cancel_prorate", cancellation_date: "2026-04-11", changeable: { id: policy.id, number: "CR-1" }, requestable: { type: "Staff" } });
    const again = await call("POST", "/v2/staff_account/change_requests/refund", as.staffA, body);
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe("A cancellation request of this type is already pending for this policy");
    // The detail page lists it.
    const detail = await call("GET", `/v2/staff_account/policies/${policy.id}`, as.staffA);
    expect(detail.json().change_requests[0]).toMatchObject({ customized_action: "cancel_prorate", status: "awaiting_confirmation" });
  });

  it("refuses bad input: a date that is not a date, a date outside the term, an unknown type, a cancelled policy, another account's policy", async () => {
    const { policy } = await boundPolicy(2);
    const send = (headers: AuthHeaders, change_request: object) => call("POST", "/v2/staff_account/change_requests/refund", headers, { change_request });
    expect((await send(as.staffA, { changeable_id: policy.id, customized_action: "cancel_prorate", cancellation_date: "2026-13-45" })).statusCode).toBe(422);
    const outside = await send(as.staffA, { changeable_id: policy.id, customized_action: "cancel_prorate", cancellation_date: "2028-01-01" });
    expect(outside.statusCode).toBe(422);
    expect(outside.json().message).toBe("The cancellation date must be within the policy term");
    expect((await send(as.staffA, { changeable_id: policy.id, customized_action: "cancel_everything", cancellation_date: "2026-05-01" })).statusCode).toBe(422);
    expect((await send(as.staffB, { changeable_id: policy.id, customized_action: "cancel_prorate", cancellation_date: "2026-05-01" })).statusCode).toBe(404);
    await t.database.db.update(policies).set({ status: "CANCELLED" }).where(eq(policies.id, policy.id));
    const cancelled = await send(as.staffA, { changeable_id: policy.id, customized_action: "cancel_prorate", cancellation_date: "2026-05-01" });
    expect(cancelled.statusCode).toBe(422);
  });
});

describe("deciding a request", () => {
  it("approval cancels the policy with a prorated refund, cancels invoices due later, writes history and mails the customer", async () => {
    const { policy, user } = await boundPolicy(3);
    const created = await call("POST", "/v2/staff_account/change_requests/refund", as.staffA, { change_request: { changeable_id: policy.id, customized_action: "cancel_prorate", cancellation_date: "2026-04-11" } });
    const id = created.json().id;
    expect((await call("PATCH", `/v2/staff_account/change_requests/${id}/approve`, as.staffA)).statusCode).toBe(403);
    const res = await call("PATCH", `/v2/staff_super_admin/change_requests/${id}/approve`, as.superAdmin);
    expect(res.statusCode).toBe(200);
    // 100 of 365 days earned: 365.00 − 100.00 = 265.00 back.
    expect(res.json()).toMatchObject({ status: "approved", refund_amount: 26_500, decided_by: { name: "super admin" } });
    const db = t.database.db;
    const [after] = await db.select().from(policies).where(eq(policies.id, policy.id));
    expect(after).toMatchObject({ status: "CANCELLED", cancellation_date: "2026-04-11", cancellation_reason: "insured_request" });
    const bills = await db.select().from(invoices).where(eq(invoices.invoiceable_id, (await db.select().from(policyQuotes).where(eq(policyQuotes.policy_id, policy.id)))[0].id));
    expect(Object.fromEntries(bills.map((b) => [b.number, b.status]))).toEqual({ "CR-3-1": "complete", "CR-3-2": "cancelled" });
    expect(await db.select({ amount: refunds.amount }).from(refunds).where(eq(refunds.policy_id, policy.id))).toEqual([{ amount: 26_500 }]);
    const history = await db.select().from(histories).where(eq(histories.recordable_id, policy.id));
    expect(history.some((h) => h.data.status?.new_value === "CANCELLED" && h.author === "super admin")).toBe(true);
    const shown = await call("GET", `/v2/staff_account/policies/${policy.id}/history`, as.staffA);
    expect(shown.json()[0]).toMatchObject({ author: "super admin", data: { status: { previous_value: "BOUND", new_value: "CANCELLED" } } });
    const mail = await db.select().from(sentEmails).where(eq(sentEmails.to, user.email));
    expect(mail[0].text).toContain("A refund of $265.00");
    const twice = await call("PATCH", `/v2/staff_super_admin/change_requests/${id}/approve`, as.superAdmin);
    expect(twice.statusCode).toBe(422);
  });

  it("a full refund returns everything received; declining records who and why", async () => {
    const full = await boundPolicy(4);
    const a = await call("POST", "/v2/staff_agency/change_requests/refund", as.agentA, { change_request: { changeable_id: full.policy.id, customized_action: "cancel_full_refund", cancellation_date: "2026-10-01" } });
    expect(a.statusCode).toBe(201);
    expect((await call("PATCH", `/v2/staff_super_admin/change_requests/${a.json().id}/approve`, as.superAdmin)).json().refund_amount).toBe(36_500);

    const other = await boundPolicy(5);
    const b = await call("POST", "/v2/staff_account/change_requests/refund", as.staffA, { change_request: { changeable_id: other.policy.id, customized_action: "cancel_prorate", cancellation_date: "2026-06-01" } });
    expect((await call("PATCH", `/v2/staff_super_admin/change_requests/${b.json().id}/decline`, as.superAdmin, { reason: "  " })).statusCode).toBe(422);
    const declined = await call("PATCH", `/v2/staff_super_admin/change_requests/${b.json().id}/decline`, as.superAdmin, { reason: "Customer changed their mind" });
    expect(declined.json()).toMatchObject({ status: "declined", decline_reason: "Customer changed their mind", decided_by: { name: "super admin" } });
    const [still] = await t.database.db.select().from(policies).where(eq(policies.id, other.policy.id));
    expect(still.status).toBe("BOUND");
  });

  it("lists requests in scope with status and type filters, newest first", async () => {
    const mine = await call("POST", "/v2/staff_account/change_requests/list", as.staffA, { filter: { status: ["approved"] } });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data.every((r: { status: string }) => r.status === "approved")).toBe(true);
    expect(mine.json().meta.total).toBeGreaterThanOrEqual(2);
    const theirs = await call("POST", "/v2/staff_account/change_requests/list", as.staffB, {});
    expect(theirs.json().meta.total).toBe(0);
    const byType = await call("POST", "/v2/staff_super_admin/change_requests/list", as.superAdmin, { filter: { customized_action: ["cancel_full_refund"] }, sort: { field: "created_at", direction: "desc" } });
    expect(byType.json().data.map((r: { changeable: { number: string } }) => r.changeable.number)).toEqual(["CR-4"]);
    expect(await t.database.db.select().from(changeRequests)).not.toHaveLength(0);
  });

  it("lets a super admin cancel directly without a refund, and refuses a second cancel", async () => {
    const { policy } = await boundPolicy(6);
    expect((await call("PUT", `/v2/staff_account/policies/${policy.id}/cancel_policy`, as.staffA, { cancellation_date: "2026-03-01" })).statusCode).toBe(403);
    const res = await call("PUT", `/v2/staff_super_admin/policies/${policy.id}/cancel_policy`, as.superAdmin, { cancellation_date: "2026-03-01" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: "CANCELLED", cancellation_reason: "manual_cancellation_without_refunds" });
    const again = await call("PUT", `/v2/staff_super_admin/policies/${policy.id}/refund_policy`, as.superAdmin, { cancellation_date: "2026-03-01" });
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe("Policy is already cancelled");
  });
});

describe("reading a request and the other super-admin actions", () => {
  const request = (headers: AuthHeaders, changeable_id: number, customized_action: string, cancellation_date = "2026-04-11") =>
    call("POST", "/v2/staff_account/change_requests/refund", headers, { change_request: { changeable_id, customized_action, cancellation_date } });

  it("shows a request in the caller's scope with the ChangeRequest shape, and 404 outside it", async () => {
    const { policy } = await boundPolicy(7);
    const id = (await request(as.staffA, policy.id, "cancel_prorate")).json().id;
    const res = await call("GET", `/v2/staff_account/change_requests/${id}`, as.staffA);
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json()).sort()).toEqual(
      ["id", "status", "customized_action", "cancellation_date", "reason", "decline_reason", "refund_amount", "created_at", "updated_at", "decided_at", "changeable", "requestable", "decided_by"].sort(),
    );
    expect(res.json()).toMatchObject({
      id,
      refund_amount: null,
      decided_by: null,
      changeable: { id: policy.id, number: "CR-7", status: "BOUND", policy_type_title: expect.any(String), primary_user_name: "Cara Number7", account: { id: world.accounts.A.id } },
    });
    expect((await call("GET", `/v2/staff_account/change_requests/${id}`, as.staffB)).statusCode).toBe(404);
    expect((await call("PATCH", `/v2/staff_super_admin/change_requests/999999/approve`, as.superAdmin)).statusCode).toBe(404);
  });

  it("refund_policy cancels with a prorated refund by default and writes the refund without a request", async () => {
    const { policy } = await boundPolicy(8);
    const res = await call("PUT", `/v2/staff_super_admin/policies/${policy.id}/refund_policy`, as.superAdmin, { cancellation_date: "2026-04-11" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: policy.id, status: "CANCELLED", cancellation_date: "2026-04-11", cancellation_reason: "insured_request" });
    expect(await t.database.db.select({ amount: refunds.amount, change_request_id: refunds.change_request_id }).from(refunds).where(eq(refunds.policy_id, policy.id))).toEqual([
      { amount: 26_500, change_request_id: null },
    ]);
  });

  it("cancel_type changes the action of the pending request; 422 when there is none, 403 for staff", async () => {
    const { policy } = await boundPolicy(9);
    const id = (await request(as.staffA, policy.id, "cancel_prorate")).json().id;
    const url = `/v2/staff_super_admin/policies/${policy.id}/cancel_type`;
    expect((await call("PUT", `/v2/staff_account/policies/${policy.id}/cancel_type`, as.staffA, { customized_action: "cancel_full_refund" })).statusCode).toBe(403);
    expect((await call("PUT", url, as.superAdmin, { customized_action: "cancel_full_refund" })).statusCode).toBe(200);
    expect((await call("GET", `/v2/staff_account/change_requests/${id}`, as.staffA)).json().customized_action).toBe("cancel_full_refund");
    const none = await boundPolicy(10);
    expect((await call("PUT", `/v2/staff_super_admin/policies/${none.policy.id}/cancel_type`, as.superAdmin, { customized_action: "cancel_prorate" })).statusCode).toBe(422);
  });

  it("refuses to approve a request of a policy that was cancelled meanwhile, and the request stays pending", async () => {
    const { policy } = await boundPolicy(11);
    const id = (await request(as.staffA, policy.id, "cancel_prorate")).json().id;
    expect((await call("PUT", `/v2/staff_super_admin/policies/${policy.id}/cancel_policy`, as.superAdmin, { cancellation_date: "2026-03-01" })).statusCode).toBe(200);
    const res = await call("PATCH", `/v2/staff_super_admin/change_requests/${id}/approve`, as.superAdmin);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe("Policy is already cancelled");
    expect((await call("GET", `/v2/staff_account/change_requests/${id}`, as.staffA)).json().status).toBe("awaiting_confirmation");
    expect(await t.database.db.select().from(refunds).where(eq(refunds.policy_id, policy.id))).toEqual([]);
  });

  it("two approvals of one policy at once (a prorated and a full request) cancel it once with one refund", async () => {
    const { policy } = await boundPolicy(12);
    const prorate = (await request(as.staffA, policy.id, "cancel_prorate")).json().id;
    const full = (await request(as.staffA, policy.id, "cancel_full_refund")).json().id;
    const answers = await Promise.all([prorate, full].map((id) => call("PATCH", `/v2/staff_super_admin/change_requests/${id}/approve`, as.superAdmin)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 422]);
    expect(answers.find((a) => a.statusCode === 422)!.json().message).toBe("Policy is already cancelled");
    expect(await t.database.db.select().from(refunds).where(eq(refunds.policy_id, policy.id))).toHaveLength(1);
  });
});
