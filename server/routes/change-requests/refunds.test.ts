import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reconcilePayments } from "../../billing/reconcile";
import { REFUND_REFUSED } from "../../billing/test-gateway";
import { chargeRefunds, refunds, sentEmails } from "../../db/schema";
import { billedPolicy, disturbedGateway } from "../../test/billing-world";
import { type AuthHeaders, type TestApp } from "../../test/helpers";
import { type World, worldApp } from "../../test/world-app";

/** Refunds at the gateway: refused, retried, answered late (issue 10 section 1; issue 9 hole 4). */
let t: TestApp;
let world: World;
const network = disturbedGateway();
let as: Record<"superAdmin" | "staffA", AuthHeaders>;
const call = (method: "GET" | "POST" | "PATCH" | "PUT", url: string, headers: AuthHeaders, payload?: object) => t.app.inject({ method, url, headers, payload });

beforeAll(async () => {
  ({ t, world, as } = await worldApp(["superAdmin", "staffA"], { LOG_LEVEL: "error" }, { gateway: network.gateway }));
}, 60_000);
afterAll(() => t.close());

/** A request to cancel on 2026-04-11 with a prorated refund (84.15 back), approved by the super admin. */
async function approvedCancellation(n: string, source?: string) {
  const billed = await billedPolicy(t, world, as.staffA, n, { source });
  const created = await call("POST", "/v2/staff_account/change_requests/refund", as.staffA, { changeable_id: billed.policy.id, customized_action: "cancel_prorate", cancellation_date: "2026-04-11" });
  const approved = await call("PATCH", `/v2/staff_super_admin/change_requests/${created.json().id}/approve`, as.superAdmin);
  expect(approved.statusCode).toBe(200);
  return { ...billed, request: approved.json() };
}

const mailsTo = async (email: string) => (await t.database.db.select().from(sentEmails).where(eq(sentEmails.to, email))).map((m) => `${m.subject}: ${m.text.split("\n").at(-1)}`);

describe("a refund the card issuer refuses", () => {
  it("leaves the request approved with its refund failed, shown on the request and the policy, and never mails 'issued'", async () => {
    const { policy, user, request } = await approvedCancellation("RF-1", "tok_refund_fail_1");
    expect(request).toMatchObject({ status: "approved", refund_amount: 8_415, refund: { status: "failed", error: REFUND_REFUSED, amount: 8_415 } });
    expect(request.refund.parts).toMatchObject([{ status: "failed", error: REFUND_REFUSED, attempt: 1, gateway_refund_id: null }]);
    const detail = (await call("GET", `/v2/staff_account/policies/${policy.id}`, as.staffA)).json();
    expect(detail).toMatchObject({ status: "CANCELLED", refund: { status: "failed", error: REFUND_REFUSED } });
    expect(await mailsTo(user.email)).toEqual([`Policy ${policy.number} cancelled: A refund of $84.15 will be issued to your payment method; we will write again once it has been.`]);
    const history = (await call("GET", `/v2/staff_account/policies/${policy.id}/history`, as.staffA)).json();
    expect(history.find((h: { data: Record<string, unknown> }) => "refund_status" in h.data).data).toMatchObject({
      refund_status: { previous_value: "pending", new_value: "failed" },
      refund_error: { new_value: REFUND_REFUSED },
    });

    // Retrying is a super admin's; against the same card it is refused again, as a second attempt with a new key.
    expect((await call("PATCH", `/v2/staff_account/change_requests/${request.id}/retry_refund`, as.staffA)).statusCode).toBe(403);
    const retried = await call("PATCH", `/v2/staff_super_admin/change_requests/${request.id}/retry_refund`, as.superAdmin);
    expect(retried.statusCode).toBe(200);
    expect(retried.json().refund.status).toBe("failed");
    expect(retried.json().refund.parts.map((p: { attempt: number; status: string }) => [p.attempt, p.status])).toEqual([
      [1, "failed"],
      [2, "failed"],
    ]);
    expect(new Set(retried.json().refund.parts.map((p: { id: number }) => p.id)).size).toBe(2);
    expect(await mailsTo(user.email)).toHaveLength(1);
  });

  it("a retry that gets through issues the refund once, mails 'issued' once, and cannot be repeated", async () => {
    network.refuseNextRefunds("Issuer unavailable, try again later.");
    const { policy, user, request } = await approvedCancellation("RF-2");
    expect(request.refund).toMatchObject({ status: "failed", error: "Issuer unavailable, try again later." });
    const retried = await call("PUT", `/v2/staff_super_admin/policies/${policy.id}/retry_refund`, as.superAdmin);
    expect(retried.statusCode).toBe(200);
    expect(retried.json().refund).toMatchObject({ status: "succeeded", error: null, amount: 8_415 });
    const parts = await t.database.db.select().from(chargeRefunds).where(eq(chargeRefunds.refund_id, request.refund.id));
    expect(parts.map((p) => [p.attempt, p.status, p.amount])).toEqual([
      [1, "failed", 8_415],
      [2, "succeeded", 8_415],
    ]);
    // What the provider did: one refund of the money, the refused attempt did nothing.
    const returned = parts.filter((p) => network.done.get(p.idempotency_key)?.success);
    expect(returned).toHaveLength(1);
    expect(await mailsTo(user.email)).toEqual([
      `Policy ${policy.number} cancelled: A refund of $84.15 will be issued to your payment method; we will write again once it has been.`,
      `Refund issued for policy ${policy.number}: A refund of $84.15 for your cancelled policy ${policy.number} has been issued to your payment method.`,
    ]);
    const again = await call("PUT", `/v2/staff_super_admin/policies/${policy.id}/retry_refund`, as.superAdmin);
    expect([again.statusCode, again.json().message]).toEqual([422, "The refund has already been issued"]);
    const none = await billedPolicy(t, world, as.staffA, "RF-3");
    expect((await call("PUT", `/v2/staff_super_admin/policies/${none.policy.id}/retry_refund`, as.superAdmin)).json().message).toBe("There is no refund to retry");
  });
});

describe("a refund whose answer is lost", () => {
  it("stays pending, is settled by reconciliation with the same key, and is returned once", async () => {
    const billed = await billedPolicy(t, world, as.staffA, "RF-4");
    const created = await call("POST", "/v2/staff_account/change_requests/refund", as.staffA, { changeable_id: billed.policy.id, customized_action: "cancel_prorate", cancellation_date: "2026-04-11" });
    network.loseNextAnswers(1);
    const approved = (await call("PATCH", `/v2/staff_super_admin/change_requests/${created.json().id}/approve`, as.superAdmin)).json();
    expect(approved).toMatchObject({ status: "approved", refund: { status: "pending" } });
    expect(approved.refund.parts).toMatchObject([{ status: "processing", attempt: 1 }]);
    const [part] = await t.database.db.select().from(chargeRefunds).where(eq(chargeRefunds.refund_id, approved.refund.id));
    // The provider did refund: only the answer was lost.
    expect(network.done.get(part.idempotency_key)).toMatchObject({ success: true });

    // A recent attempt is left to its own request; at start (any age) it is asked again.
    expect(await reconcilePayments(t.app)).toMatchObject({ refunds: 0 });
    await reconcilePayments(t.app, 0);
    const [settled] = await t.database.db.select().from(refunds).where(eq(refunds.id, approved.refund.id));
    expect(settled).toMatchObject({ status: "succeeded", error: null });
    const asked = network.calls.filter((c) => c.key === part.idempotency_key);
    expect(asked.map((c) => (c.outcome === "lost" ? "lost" : c.outcome.status))).toEqual(["lost", "succeeded"]);
    expect(await mailsTo(billed.user.email)).toEqual([
      `Policy ${billed.policy.number} cancelled: A refund of $84.15 will be issued to your payment method; we will write again once it has been.`,
      `Refund issued for policy ${billed.policy.number}: A refund of $84.15 for your cancelled policy ${billed.policy.number} has been issued to your payment method.`,
    ]);
  });
});
