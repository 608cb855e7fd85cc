import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chargeRefunds, charges, refunds } from "../../db/schema";
import { billedPolicy } from "../../test/billing-world";
import { buildWorld } from "../../test/fixtures";
import { createTestApp, signInAs, type AuthHeaders, type TestApp } from "../../test/helpers";

let t: TestApp;
let world: Awaited<ReturnType<typeof buildWorld>>;
const as: Record<string, AuthHeaders> = {};
let billA: Awaited<ReturnType<typeof billedPolicy>>;
let billB: Awaited<ReturnType<typeof billedPolicy>>;
let refundId: number;

type Payment = { id: string; kind: string; amount: number; status: string; gateway_id: string | null; error: string | null; invoice: { id: number; number: string }; policy: { id: number; number: string } };
const get = (headers: AuthHeaders, query = "") => t.app.inject({ method: "GET", url: `/v2/payments${query}`, headers });
const rows = async (headers: AuthHeaders, query = "") => (await get(headers, query)).json() as Payment[];
const ofPolicies = (list: Payment[]) => [...new Set(list.map((p) => p.policy.number))].sort();

beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: "error" });
  world = await buildWorld(t.database.db);
  for (const [key, email] of Object.entries({
    superAdmin: "super.admin@test.dev",
    agentA: "agent.a@test.dev",
    agentB: "agent.b@test.dev",
    staffA: "staff.a@test.dev",
    staffB: "staff.b@test.dev",
    support: "policy.support@test.dev",
  })) {
    as[key] = await signInAs(t.app, email);
  }
  // A: both invoices charged through the test gateway, then 50.00 of the first charge refunded; B: one invoice charged,
  // one declined card attempt on the second.
  billA = await billedPolicy(t, world, as.superAdmin, "PA", { paid: 2, account: "A" });
  billB = await billedPolicy(t, world, as.superAdmin, "PB", { paid: 1, account: "B" });
  const db = t.database.db;
  const [firstCharge] = await db.select().from(charges).where(eq(charges.invoice_id, billA.invoices[0].id));
  const [refund] = await db.insert(refunds).values({ policy_id: billA.policy.id, amount: 5_000, premium: 5_000, status: "succeeded", reason: "insured_request" }).returning();
  const [part] = await db
    .insert(chargeRefunds)
    .values({ refund_id: refund.id, charge_id: firstCharge.id, amount: 5_000, status: "succeeded", gateway: "test", gateway_refund_id: "re_test_1", idempotency_key: "refund-test-1" })
    .returning();
  refundId = part.id;
  await db.insert(charges).values({ invoice_id: billB.invoices[1].id, amount: 19_365, status: "failed", gateway: "test", error: "Your card was declined." });
}, 120_000);
afterAll(() => t.close());

describe("GET /payments", () => {
  it("lists the gateway's charges and refunds with their invoice and policy, money in cents", async () => {
    const res = await get(as.superAdmin);
    expect(res.statusCode).toBe(200);
    expect(res.headers["total-entries"]).toBe("5");
    const list = res.json() as Payment[];
    expect(list.filter((p) => p.kind === "charge")).toHaveLength(4);
    const refund = list.find((p) => p.kind === "refund");
    expect(refund).toMatchObject({
      id: `refund-${refundId}`,
      amount: 5_000,
      status: "succeeded",
      gateway_id: "re_test_1",
      invoice: { id: billA.invoices[0].id, number: billA.invoices[0].number },
      policy: { id: billA.policy.id, number: "PAY-PA" },
    });
    const charge = list.find((p) => p.kind === "charge" && p.invoice.id === billA.invoices[1].id);
    expect(charge).toMatchObject({ amount: 19_365, status: "succeeded", error: null });
    expect(charge?.gateway_id).toMatch(/^ch_test_/);
    expect(list.find((p) => p.status === "failed")).toMatchObject({ error: "Your card was declined.", gateway_id: null, policy: { number: "PAY-PB" } });
  });

  it("shows each role only its tenant's payments; policy support none", async () => {
    expect(ofPolicies(await rows(as.superAdmin))).toEqual(["PAY-PA", "PAY-PB"]);
    expect(ofPolicies(await rows(as.staffA))).toEqual(["PAY-PA"]);
    expect(ofPolicies(await rows(as.agentA))).toEqual(["PAY-PA"]);
    expect(ofPolicies(await rows(as.staffB))).toEqual(["PAY-PB"]);
    expect(ofPolicies(await rows(as.agentB))).toEqual(["PAY-PB"]);
    expect((await get(as.support)).statusCode).toBe(403);
  });

  it("answers nothing when a filter names another tenant's invoice or policy", async () => {
    expect(await rows(as.staffA, `?filter[invoice_id]=${billB.invoices[0].id}`)).toEqual([]);
    expect(await rows(as.staffB, `?filter[policy_id]=${billA.policy.id}`)).toEqual([]);
    expect(await rows(as.staffA, `?filter[invoice_id]=${billA.invoices[0].id}`)).toHaveLength(2);
  });

  it("filters by kind, status and date range", async () => {
    expect((await rows(as.superAdmin, "?filter[kind]=refund")).map((p) => p.id)).toEqual([`refund-${refundId}`]);
    expect((await rows(as.superAdmin, "?filter[status]=failed")).map((p) => p.policy.number)).toEqual(["PAY-PB"]);
    expect(await rows(as.superAdmin, "?filter[kind]=charge&filter[status]=succeeded")).toHaveLength(3);
    const today = new Date().toISOString().slice(0, 10);
    expect(await rows(as.superAdmin, `?filter[created_at][start]=${today}T00:00:00Z`)).toHaveLength(5);
    expect(await rows(as.superAdmin, "?filter[created_at][end]=2020-01-01T23:59:59Z")).toEqual([]);
  });

  it("sorts by amount and by date, and refuses what it does not know", async () => {
    const asc = await rows(as.superAdmin, "?sort[column]=amount&sort[direction]=asc");
    expect(asc.map((p) => p.amount)).toEqual([5_000, 19_365, 19_365, 19_365, 19_365]);
    const newest = await rows(as.superAdmin);
    expect(newest[0].status).toBe("failed");
    expect((await get(as.superAdmin, "?sort[column]=gateway_id")).statusCode).toBe(422);
    expect((await get(as.superAdmin, "?filter[gateway]=test")).statusCode).toBe(422);
    expect((await get(as.superAdmin, "?filter[invoice_id]=2147483648")).statusCode).toBe(422);
    expect((await get(as.superAdmin, `?filter[kind]=${"x".repeat(1001)}`)).statusCode).toBe(422);
  });

  it("pages 20 at a time by default", async () => {
    const res = await get(as.superAdmin, "?pagination[per]=2&pagination[page]=3");
    expect([res.headers["total-entries"], res.headers["total-pages"], res.json().length]).toEqual(["5", "3", 1]);
    expect((await get(as.superAdmin, "?pagination[page]=0")).statusCode).toBe(422);
  });
});
