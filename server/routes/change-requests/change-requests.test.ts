import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { changeRequests, chargeRefunds, histories, invoices, policies, refunds, sentEmails } from "../../db/schema";
import { billedPolicy } from "../../test/billing-world";
import { type AuthHeaders, type TestApp } from "../../test/helpers";
import { type World, worldApp } from "../../test/world-app";

let t: TestApp;
let world: World;
let as: Record<"superAdmin" | "agentA" | "staffA" | "staffB", AuthHeaders>;
const call = (method: "GET" | "POST" | "PATCH" | "PUT", url: string, headers: AuthHeaders, payload?: object) => t.app.inject({ method, url, headers, payload });

/** 2026, semiannual: the first half (182.50 + 3.65 tax + 7.50 fee = 193.65) charged, the second due 2026-07-01. */
const boundPolicy = (n: number, opts: Parameters<typeof billedPolicy>[4] = {}) => billedPolicy(t, world, as.staffA, `CR-${n}`, opts);

beforeAll(async () => {
  ({ t, world, as } = await worldApp(["superAdmin", "agentA", "staffA", "staffB"], { LOG_LEVEL: "error" }));
}, 60_000);
afterAll(() => t.close());

const request = (headers: AuthHeaders, changeable_id: number, customized_action: string, cancellation_date = "2026-04-11") =>
  call("POST", "/v2/staff_account/change_requests/refund", headers, { change_request: { changeable_id, customized_action, cancellation_date } });

describe("requesting a cancellation", () => {
  it("files a request (201) and refuses a second pending one of the same type with the spec'd message", async () => {
    const { policy } = await boundPolicy(1);
    const body = { change_request: { changeable_id: policy.id, customized_action: "cancel_prorate", cancellation_date: "2026-04-11" } };
    const res = await call("POST", "/v2/staff_account/change_requests/refund", as.staffA, body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      status: "awaiting_confirmation",
      customized_action: "cancel_prorate",
      cancellation_date: "2026-04-11",
      changeable: { id: policy.id, number: "PAY-CR-1", effective_date: "2026-01-01", expiration_date: "2027-01-01" },
      requestable: { type: "Staff" },
      refund: null,
    });
    const again = await call("POST", "/v2/staff_account/change_requests/refund", as.staffA, body);
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe("A cancellation request of this type is already pending for this policy");
    // The detail page lists it.
    const detail = await call("GET", `/v2/staff_account/policies/${policy.id}`, as.staffA);
    expect(detail.json().change_requests[0]).toMatchObject({ customized_action: "cancel_prorate", status: "awaiting_confirmation" });
  });

  it("also takes the three fields flat, as checklist readers send them", async () => {
    const { policy } = await boundPolicy(13);
    const res = await call("POST", "/v2/staff_account/change_requests/refund", as.staffA, { changeable_id: policy.id, customized_action: "cancel_full_refund", cancellation_date: "2026-05-01" });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ customized_action: "cancel_full_refund", cancellation_date: "2026-05-01", changeable: { id: policy.id } });
    const missing = await call("POST", "/v2/staff_account/change_requests/refund", as.staffA, { changeable_id: policy.id });
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors).sort()).toEqual(["cancellation_date", "customized_action"]);
  });

  it("refuses bad input: impossible dates, a date outside the term, an unknown type, a cancelled policy, another account's policy", async () => {
    const { policy } = await boundPolicy(2);
    const send = (headers: AuthHeaders, change_request: object) => call("POST", "/v2/staff_account/change_requests/refund", headers, { change_request });
    for (const date of ["2026-13-45", "2027-02-30", "2026-02-29", "0000-01-01", "2026-4-11"]) {
      const res = await send(as.staffA, { changeable_id: policy.id, customized_action: "cancel_prorate", cancellation_date: date });
      expect([date, res.statusCode, res.json().errors]).toEqual([date, 422, { cancellation_date: "must be a date (yyyy-MM-dd)" }]);
    }
    const outside = await send(as.staffA, { changeable_id: policy.id, customized_action: "cancel_prorate", cancellation_date: "2028-01-01" });
    expect(outside.statusCode).toBe(422);
    expect(outside.json()).toEqual({ message: "The cancellation date must be within the policy term", errors: { cancellation_date: "The cancellation date must be within the policy term" } });
    const before = await send(as.staffA, { changeable_id: policy.id, customized_action: "cancel_prorate", cancellation_date: "2025-12-31" });
    expect(before.json().message).toBe("The cancellation date must be within the policy term");
    expect((await send(as.staffA, { changeable_id: policy.id, customized_action: "cancel_everything", cancellation_date: "2026-05-01" })).statusCode).toBe(422);
    expect((await send(as.staffB, { changeable_id: policy.id, customized_action: "cancel_prorate", cancellation_date: "2026-05-01" })).statusCode).toBe(404);
    await t.database.db.update(policies).set({ status: "CANCELLED" }).where(eq(policies.id, policy.id));
    const cancelled = await send(as.staffA, { changeable_id: policy.id, customized_action: "cancel_prorate", cancellation_date: "2026-05-01" });
    expect(cancelled.statusCode).toBe(422);
    expect(cancelled.json().message).toBe("Policy is already cancelled");
    await t.database.db.update(policies).set({ status: "EXPIRED" }).where(eq(policies.id, policy.id));
    expect((await send(as.staffA, { changeable_id: policy.id, customized_action: "cancel_prorate", cancellation_date: "2026-05-01" })).json().message).toBe(
      "The policy cannot be cancelled in its current status",
    );
  });
});

describe("deciding a request", () => {
  it("approval cancels the policy, refunds the unearned premium and its tax through the gateway, cancels invoices due from the date, writes history, mails 'issued'", async () => {
    const { policy, user, invoices: bills } = await boundPolicy(3);
    const created = await request(as.staffA, policy.id, "cancel_prorate", "2026-04-11");
    const id = created.json().id;
    // Before approval, the page shows what approval would give back: 182.50 received − 100.00 earned, 2 % tax on it.
    const preview = (await call("GET", `/v2/staff_account/change_requests/${id}`, as.staffA)).json().refund_preview;
    expect(preview).toEqual({ premium: 8_250, tax: 165, fee: 0, total: 8_415 });
    expect((await call("PATCH", `/v2/staff_account/change_requests/${id}/approve`, as.staffA)).statusCode).toBe(403);
    const res = await call("PATCH", `/v2/staff_super_admin/change_requests/${id}/approve`, as.superAdmin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: "approved",
      refund_amount: 8_415,
      decided_by: { name: "super admin" },
      refund_preview: null,
      refund: { amount: 8_415, premium: 8_250, tax: 165, fee: 0, status: "succeeded", error: null },
    });
    // One refund at the gateway, against the charge that paid the first invoice.
    const [part] = res.json().refund.parts;
    expect(part).toMatchObject({ amount: 8_415, status: "succeeded", attempt: 1, error: null, charge: { invoice_number: bills[0].number, amount: 19_365 } });
    expect(part.gateway_refund_id).toMatch(/^re_test_/);
    const db = t.database.db;
    const [after] = await db.select().from(policies).where(eq(policies.id, policy.id));
    expect(after).toMatchObject({ status: "CANCELLED", cancellation_date: "2026-04-11", cancellation_reason: "insured_request" });
    const statuses = await db.select({ number: invoices.number, status: invoices.status }).from(invoices).where(eq(invoices.invoiceable_id, bills[0].invoiceable_id));
    expect(Object.fromEntries(statuses.map((b) => [b.number, b.status]))).toEqual({ [bills[0].number]: "complete", [bills[1].number]: "cancelled" });
    const history = await call("GET", `/v2/staff_account/policies/${policy.id}/history`, as.staffA);
    const cancellation = history.json().find((h: { data: Record<string, unknown> }) => "cancellation_date" in h.data);
    expect(cancellation).toMatchObject({ author: "super admin", data: { status: { previous_value: "BOUND", new_value: "CANCELLED" }, refund: { new_value: 8_415, format: "money" } } });
    const outcome = history.json().find((h: { data: Record<string, unknown> }) => "refund_status" in h.data);
    expect(outcome.data).toMatchObject({ refund_status: { previous_value: "pending", new_value: "succeeded" }, refund_issued: { new_value: 8_415, format: "money" } });
    const mail = await db.select().from(sentEmails).where(eq(sentEmails.to, user.email));
    expect(mail.map((m) => m.subject)).toEqual([`Policy ${policy.number} cancelled`]);
    expect(mail[0].text).toContain("A refund of $84.15 has been issued to your payment method.");
    const twice = await call("PATCH", `/v2/staff_super_admin/change_requests/${id}/approve`, as.superAdmin);
    expect(twice.statusCode).toBe(422);
    // The policy page shows the refund.
    expect((await call("GET", `/v2/staff_account/policies/${policy.id}`, as.staffA)).json().refund).toMatchObject({ amount: 8_415, status: "succeeded", change_request_id: id });
  });

  it("a full refund returns everything received, fees included; declining records who and why", async () => {
    const full = await boundPolicy(4);
    const a = await call("POST", "/v2/staff_agency/change_requests/refund", as.agentA, { change_request: { changeable_id: full.policy.id, customized_action: "cancel_full_refund", cancellation_date: "2026-10-01" } });
    expect(a.statusCode).toBe(201);
    const approved = (await call("PATCH", `/v2/staff_super_admin/change_requests/${a.json().id}/approve`, as.superAdmin)).json();
    expect(approved.refund).toMatchObject({ amount: 19_365, premium: 18_250, tax: 365, fee: 750, status: "succeeded" });

    const other = await boundPolicy(5);
    const b = await request(as.staffA, other.policy.id, "cancel_prorate", "2026-06-01");
    expect((await call("PATCH", `/v2/staff_super_admin/change_requests/${b.json().id}/decline`, as.superAdmin, { reason: "  " })).statusCode).toBe(422);
    const declined = await call("PATCH", `/v2/staff_super_admin/change_requests/${b.json().id}/decline`, as.superAdmin, { reason: "Customer changed their mind" });
    expect(declined.json()).toMatchObject({ status: "declined", decline_reason: "Customer changed their mind", decided_by: { name: "super admin" }, refund: null, refund_preview: null });
    const [still] = await t.database.db.select().from(policies).where(eq(policies.id, other.policy.id));
    expect(still.status).toBe("BOUND");
  });

  it("takes a refund from the charges that paid the policy, newest first", async () => {
    const { policy, invoices: bills } = await boundPolicy(14, { paid: 2 });
    const id = (await request(as.staffA, policy.id, "cancel_prorate", "2026-04-11")).json().id;
    const res = await call("PATCH", `/v2/staff_super_admin/change_requests/${id}/approve`, as.superAdmin);
    // 365.00 received − 100.00 earned = 265.00, and 5.30 tax: the second charge (193.65) first, the rest from the first.
    expect(res.json().refund).toMatchObject({ amount: 27_030, status: "succeeded" });
    expect(res.json().refund.parts.map((p: { amount: number; charge: { invoice_number: string } }) => [p.charge.invoice_number, p.amount])).toEqual([
      [bills[1].number, 19_365],
      [bills[0].number, 7_665],
    ]);
  });

  it("lists requests in scope with status and type filters, newest first, with their refund", async () => {
    const mine = await call("POST", "/v2/staff_account/change_requests/list", as.staffA, { filter: { status: ["approved"] } });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data.every((r: { status: string; refund: { status: string } }) => r.status === "approved" && r.refund.status === "succeeded")).toBe(true);
    expect(mine.json().meta.total).toBeGreaterThanOrEqual(2);
    const theirs = await call("POST", "/v2/staff_account/change_requests/list", as.staffB, {});
    expect(theirs.json().meta.total).toBe(0);
    const byType = await call("POST", "/v2/staff_super_admin/change_requests/list", as.superAdmin, { filter: { customized_action: ["cancel_full_refund"], status: ["approved"] }, sort: { field: "created_at", direction: "desc" } });
    expect(byType.json().data.map((r: { changeable: { number: string } }) => r.changeable.number)).toEqual(["PAY-CR-4"]);
    expect(await t.database.db.select().from(changeRequests)).not.toHaveLength(0);
  });
});

describe("direct cancel and refund (super admin)", () => {
  it("cancels without a refund, refuses a second cancel", async () => {
    const { policy } = await boundPolicy(6);
    expect((await call("PUT", `/v2/staff_account/policies/${policy.id}/cancel_policy`, as.staffA, { cancellation_date: "2026-03-01" })).statusCode).toBe(403);
    const res = await call("PUT", `/v2/staff_super_admin/policies/${policy.id}/cancel_policy`, as.superAdmin, { cancellation_date: "2026-03-01" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: "CANCELLED", cancellation_reason: "manual_cancellation_without_refunds", refund: null, refund_available: false });
    const again = await call("PUT", `/v2/staff_super_admin/policies/${policy.id}/refund_policy`, as.superAdmin, { cancellation_date: "2026-03-01" });
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe("Policy is already cancelled");
  });

  it("refund_policy refunds a prorated amount by default through the gateway, without a request", async () => {
    const { policy } = await boundPolicy(8);
    const res = await call("PUT", `/v2/staff_super_admin/policies/${policy.id}/refund_policy`, as.superAdmin, { cancellation_date: "2026-04-11" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: policy.id, status: "CANCELLED", cancellation_date: "2026-04-11", cancellation_reason: "insured_request", refund: { amount: 8_415, status: "succeeded", change_request_id: null } });
    const [row] = await t.database.db.select().from(refunds).where(eq(refunds.policy_id, policy.id));
    expect(await t.database.db.select({ status: chargeRefunds.status, amount: chargeRefunds.amount }).from(chargeRefunds).where(eq(chargeRefunds.refund_id, row.id))).toEqual([{ status: "succeeded", amount: 8_415 }]);
  });

  it("checks what it does: refundable statuses only, a date within the term, real dates (422 with a clear message)", async () => {
    const { policy } = await boundPolicy(15);
    const put = (path: string, body: object) => call("PUT", `/v2/staff_super_admin/policies/${policy.id}/${path}`, as.superAdmin, body);
    for (const path of ["cancel_policy", "refund_policy"]) {
      const before = await put(path, { cancellation_date: "2025-12-31" });
      expect([path, before.statusCode, before.json().message]).toEqual([path, 422, "The cancellation date must be within the policy term"]);
      const after = await put(path, { cancellation_date: "2027-01-02" });
      expect(after.json().message).toBe("The cancellation date must be within the policy term");
      const impossible = await put(path, { cancellation_date: "2027-02-30" });
      expect([impossible.statusCode, impossible.json().errors]).toEqual([422, { cancellation_date: "must be a date (yyyy-MM-dd)" }]);
    }
    await t.database.db.update(policies).set({ status: "EXPIRED" }).where(eq(policies.id, policy.id));
    const expired = await put("refund_policy", { cancellation_date: "2026-06-01" });
    expect([expired.statusCode, expired.json().message]).toEqual([422, "The policy cannot be cancelled in its current status"]);
    const [unchanged] = await t.database.db.select().from(policies).where(eq(policies.id, policy.id));
    expect(unchanged).toMatchObject({ status: "EXPIRED", cancellation_date: null });
    expect(await t.database.db.select().from(refunds).where(eq(refunds.policy_id, policy.id))).toEqual([]);
  });
});

describe("reading a request and the other super-admin actions", () => {
  it("shows a request in the caller's scope with the ChangeRequest shape, and 404 outside it", async () => {
    const { policy } = await boundPolicy(7);
    const id = (await request(as.staffA, policy.id, "cancel_prorate")).json().id;
    const res = await call("GET", `/v2/staff_account/change_requests/${id}`, as.staffA);
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json()).sort()).toEqual(
      [
        "id",
        "status",
        "customized_action",
        "cancellation_date",
        "reason",
        "decline_reason",
        "refund_amount",
        "created_at",
        "updated_at",
        "decided_at",
        "changeable",
        "requestable",
        "decided_by",
        "refund",
        "refund_preview",
      ].sort(),
    );
    expect(res.json()).toMatchObject({
      id,
      refund_amount: null,
      decided_by: null,
      changeable: { id: policy.id, number: "PAY-CR-7", status: "BOUND", policy_type_title: expect.any(String), primary_user_name: "Pat PayerCR-7", account: { id: world.accounts.A.id } },
    });
    const missing = await call("GET", `/v2/staff_account/change_requests/${id}`, as.staffB);
    expect([missing.statusCode, missing.json().message]).toEqual([404, "Change request not found"]);
    expect((await call("PATCH", `/v2/staff_super_admin/change_requests/999999/approve`, as.superAdmin)).statusCode).toBe(404);
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
    const rows = await t.database.db.select().from(refunds).where(eq(refunds.policy_id, policy.id));
    expect(rows).toHaveLength(1);
    expect(await t.database.db.select().from(chargeRefunds).where(eq(chargeRefunds.refund_id, rows[0].id))).toHaveLength(1);
    expect(await t.database.db.select().from(histories).where(eq(histories.recordable_id, policy.id))).not.toHaveLength(0);
  });
});
