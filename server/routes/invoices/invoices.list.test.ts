import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invoices, lineItems, policies, staffPermissions } from "../../db/schema";
import { billedPolicy } from "../../test/billing-world";
import { signInAs, type AuthHeaders, type TestApp } from "../../test/helpers";
import { type World, worldApp } from "../../test/world-app";

let t: TestApp;
let world: World;
let as: Record<"superAdmin" | "agentA" | "agentA1" | "agentB" | "staffA" | "staffB" | "support", AuthHeaders>;
/** Invoice numbers by tenant: A (account A, agency A), A1 (account A1, sub-agency A1), B (account B, agency B). */
const numbers: Record<"A" | "A1" | "B", string[]> = { A: [], A1: [], B: [] };
const ids: Record<string, number> = {};

const get = (headers: AuthHeaders, query = "", prefix = "") => t.app.inject({ method: "GET", url: `/v2${prefix}/invoices${query}`, headers });
const listed = (res: { json: () => Array<{ number: string }> }) => res.json().map((r) => r.number).sort();

beforeAll(async () => {
  ({ t, world, as } = await worldApp(["superAdmin", "agentA", "agentA1", "agentB", "staffA", "staffB", "support"], { LOG_LEVEL: "error" }));
  // A: two quote invoices (the first charged, so complete), B the same; A1 one invoice billed to the policy itself.
  const a = await billedPolicy(t, world, as.superAdmin, "LA", { paid: 1, account: "A" });
  const b = await billedPolicy(t, world, as.superAdmin, "LB", { paid: 1, account: "B" });
  numbers.A = a.invoices.map((i) => i.number);
  numbers.B = b.invoices.map((i) => i.number);
  const db = t.database.db;
  const [policyA1] = await db
    .insert(policies)
    .values({ number: "PAY-LA1", status: "BOUND", policy_type_id: 1, policy_in_system: true, account_id: world.accounts.A1.id, agency_id: world.agencies.A1.id })
    .returning();
  const [a1] = await db
    .insert(invoices)
    .values({ number: "PAY-LA1-1", status: "missed", due_date: "2026-03-15", subtotal: 5_000, total_due: 5_400, total_payable: 5_400, invoiceable_type: "Policy", invoiceable_id: policyA1.id })
    .returning();
  await db.insert(lineItems).values([
    { invoice_id: a1.id, title: "Premium", total_due: 5_000, analytics_category: "policy_premium" },
    { invoice_id: a1.id, title: "Hidden adjustment", total_due: 400, analytics_category: "other", hidden: true },
  ]);
  numbers.A1 = [a1.number];
  for (const bill of [...a.invoices, ...b.invoices, a1]) ids[bill.number] = bill.id;
}, 120_000);
afterAll(() => t.close());

describe("GET /invoices: who sees what", () => {
  it("super admins see every tenant's invoices", async () => {
    const res = await get(as.superAdmin, "", "/staff_super_admin");
    expect(res.statusCode).toBe(200);
    expect(listed(res)).toEqual([...numbers.A, ...numbers.A1, ...numbers.B].sort());
    expect(res.headers["total-entries"]).toBe("5");
  });

  it("account staff see their account's only, agents their agency tree's, a sub-agency's agent only its own", async () => {
    expect(listed(await get(as.staffA))).toEqual(numbers.A);
    expect(listed(await get(as.staffB))).toEqual(numbers.B);
    expect(listed(await get(as.agentA, "", "/staff_agency"))).toEqual([...numbers.A, ...numbers.A1].sort());
    expect(listed(await get(as.agentA1))).toEqual(numbers.A1);
    expect(listed(await get(as.agentB))).toEqual(numbers.B);
  });

  it("refuses policy support (no billing) and an agent naming another agency", async () => {
    expect((await get(as.support)).statusCode).toBe(403);
    expect((await get(as.agentA, `?agency_id=${world.agencies.B.id}`)).statusCode).toBe(403);
  });

  it("answers 401 permission_not_enabled to staff whose policies key is off", async () => {
    await t.database.db.insert(staffPermissions).values({ staff_id: world.staff.staffB.id, key: "policies.policies", value: false });
    const res = await get(await signInAs(t.app, "staff.b@test.dev"));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: "permission_not_enabled" });
    await t.database.db.delete(staffPermissions);
  });

  it("answers the row: policy link, customer, money in cents, dates as yyyy-MM-dd", async () => {
    const [row] = (await get(as.staffA, `?filter[number]=${numbers.A[0]}`)).json();
    expect(row).toMatchObject({
      number: numbers.A[0],
      status: "complete",
      due_date: "2026-01-01",
      subtotal: 19_365,
      total: 19_365,
      total_due: 19_365,
      total_received: 19_365,
      policy: { number: "PAY-LA", status: "BOUND" },
      customer: "Pat PayerLA",
    });
  });
});

describe("GET /invoices/:id", () => {
  it("answers the invoice with its visible lines", async () => {
    const res = await get(as.agentA, `/${ids["PAY-LA1-1"]}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ number: "PAY-LA1-1", status: "missed", total: 5_400, total_payable: 5_400, policy: { number: "PAY-LA1" } });
    expect(res.json().line_items).toEqual([{ id: expect.any(Number), title: "Premium", total_due: 5_000, total_received: 0, analytics_category: "policy_premium" }]);
  });

  it("answers 404 for another tenant's invoice, as for one that does not exist", async () => {
    expect((await get(as.staffA, `/${ids[numbers.B[0]]}`)).statusCode).toBe(404);
    expect((await get(as.agentA1, `/${ids[numbers.A[0]]}`)).statusCode).toBe(404);
    expect((await get(as.agentB, `/${ids["PAY-LA1-1"]}`)).statusCode).toBe(404);
    expect((await get(as.staffA, "/999999")).json()).toMatchObject({ message: "Invoice not found" });
    expect((await get(as.superAdmin, `/${ids[numbers.B[0]]}`)).statusCode).toBe(200);
  });

  it("refuses an id out of range before looking", async () => {
    expect((await get(as.staffA, "/2147483648")).statusCode).toBe(422);
    expect((await get(as.staffA, "/abc")).statusCode).toBe(422);
  });
});

describe("GET /invoices: filters, sort, pages", () => {
  it("filters by status, any of several, and the due date range", async () => {
    expect(listed(await get(as.superAdmin, "?filter[status]=complete"))).toEqual([numbers.A[0], numbers.B[0]].sort());
    expect(listed(await get(as.superAdmin, "?filter[status][]=missed&filter[status][]=complete"))).toEqual([numbers.A[0], numbers.A1[0], numbers.B[0]].sort());
    expect(listed(await get(as.superAdmin, "?filter[due_date][start]=2026-03-01&filter[due_date][end]=2026-07-01"))).toEqual([numbers.A[1], numbers.A1[0], numbers.B[1]].sort());
  });

  it("searches the policy number, ignoring case, within the caller's scope", async () => {
    expect(listed(await get(as.superAdmin, "?filter[policy][number][like]=pay-lb"))).toEqual(numbers.B);
    expect(listed(await get(as.staffA, "?filter[policy][number][like]=pay-lb"))).toEqual([]);
  });

  it("sorts by a whitelisted column, either way, and refuses any other", async () => {
    const asc = (await get(as.superAdmin, "?sort[column]=total&sort[direction]=asc")).json();
    expect(asc[0].number).toBe("PAY-LA1-1");
    const byNumber = (await get(as.superAdmin, "?sort[column]=policy.number&sort[direction]=desc")).json();
    expect(byNumber[0].policy.number).toBe("PAY-LB");
    const bad = await get(as.superAdmin, "?sort[column]=payer_id");
    expect([bad.statusCode, bad.json().errors]).toEqual([422, { "sort.column": "cannot sort by payer_id" }]);
  });

  it("defaults to the newest due date first and pages 20 at a time, with the count in total-entries", async () => {
    const res = await get(as.superAdmin, "?pagination[per]=2&pagination[page]=2");
    expect(res.headers["total-entries"]).toBe("5");
    expect(res.json()).toHaveLength(2);
    const all = (await get(as.superAdmin)).json() as Array<{ due_date: string }>;
    expect(all.map((r) => r.due_date)).toEqual([...all.map((r) => r.due_date)].sort().reverse());
    expect((await get(as.superAdmin, "?pagination[per]=1001")).statusCode).toBe(422);
  });

  it("refuses unknown filters, ids out of range and over-long text with a 422", async () => {
    expect((await get(as.superAdmin, "?filter[payer_id]=1")).statusCode).toBe(422);
    expect((await get(as.superAdmin, "?filter[id]=2147483648")).statusCode).toBe(422);
    expect((await get(as.superAdmin, "?filter[policy_id]=-2147483649")).statusCode).toBe(422);
    expect((await get(as.superAdmin, "?filter[due_date][start]=2026-02-30")).statusCode).toBe(422);
    expect((await get(as.superAdmin, `?filter[policy][number][like]=${"x".repeat(1001)}`)).statusCode).toBe(422);
  });
});
