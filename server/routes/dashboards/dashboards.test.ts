import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PLATFORM_AGENCY_ID } from "../../../src/domain/dashboard";
import { carrierAgencies, carrierAgencyPolicyTypes, carriers, commissionStrategies, invoices, lineItems, policies } from "../../db/schema";
import { buildWorld } from "../../test/fixtures";
import { createDashboardCache, dashboardCacheKey, scopeKey } from "./dashboards.cache";
import { dashboardTotals } from "./dashboards.service";
import { queryRows } from "../../lib/list";
import { createTestApp, signInAs, type AuthHeaders, type TestApp } from "../../test/helpers";

let t: TestApp;
let world: Awaited<ReturnType<typeof buildWorld>>;
const as: Record<string, AuthHeaders> = {};
const get = (url: string, headers?: AuthHeaders) => t.app.inject({ method: "GET", url, headers });
const WINDOW = "filter[created_at][start]=2026-03-01&filter[created_at][end]=2026-03-07";

/**
 * A fixed portfolio (Los Angeles days; March 8 2026 is the switch to daylight time):
 * - PA1 agency A (the platform agency 1), BOUND, residential, Mar 2, premium 100.00 received;
 * - PA2 sub-agency A1, CANCELLED, Mar 1 (07:30 UTC on Mar 2), premium 33.33 (the parent's rate applies);
 * - PB1 agency B, BOUND_WITH_WARNING, commercial, Mar 5, premium 200.00 received, a 15.00 fee and an unpaid premium;
 * - PB2 agency B, EXTERNAL_UNVERIFIED, residential, no carrier, Mar 6; PA4 agency A, EXPIRED, 23:59 on Mar 7;
 * - outside: PA3 at 00:00 on Mar 8, and a master policy of B on Mar 3.
 * Rates: carrier 5 %, agency A 12.5 % on residential, agency B 10 % on commercial.
 */
beforeAll(async () => {
  t = await createTestApp();
  world = await buildWorld(t.database.db);
  for (const [key, email] of Object.entries({ superAdmin: "super.admin@test.dev", agentA: "agent.a@test.dev", agentB: "agent.b@test.dev", staffA: "staff.a@test.dev", support: "policy.support@test.dev" })) {
    as[key] = await signInAs(t.app, email);
  }
  const db = t.database.db;
  const [carrier] = await db.insert(carriers).values({ title: "Dash Mutual", integration_designation: "qbe" }).returning();
  await db.insert(commissionStrategies).values({ title: "retained", carrier_id: carrier.id, percentage: 5, recipient_type: "Carrier", recipient_id: carrier.id });
  const rate = async (agencyId: number, policyTypeId: number, percentage: number) => {
    const [ca] = await db.insert(carrierAgencies).values({ carrier_id: carrier.id, agency_id: agencyId }).returning();
    const [cs] = await db.insert(commissionStrategies).values({ title: `agency ${agencyId}`, carrier_id: carrier.id, percentage, recipient_type: "Agency", recipient_id: agencyId }).returning();
    await db.insert(carrierAgencyPolicyTypes).values({ carrier_agency_id: ca.id, policy_type_id: policyTypeId, commission_strategy_id: cs.id });
  };
  await rate(world.agencies.A.id, 1, 12.5);
  await rate(world.agencies.B.id, 4, 10);
  let n = 0;
  const policy = async (agencyId: number, status: (typeof policies.$inferInsert)["status"], at: string, premium: number[] = [], policyTypeId = 1, withCarrier = true) => {
    const [row] = await db
      .insert(policies)
      .values({ number: `DASH-${++n}`, status, policy_type_id: policyTypeId, agency_id: agencyId, carrier_id: withCarrier ? carrier.id : null, created_at: new Date(at) })
      .returning();
    for (const received of premium) {
      const [inv] = await db.insert(invoices).values({ number: `INV-DASH-${n}-${received}`, invoiceable_type: "Policy", invoiceable_id: row.id, total_received: received }).returning();
      await db.insert(lineItems).values([
        { invoice_id: inv.id, title: "Premium", total_due: 20_000, total_received: received, analytics_category: "policy_premium" },
        { invoice_id: inv.id, title: "Fee", total_due: 1_500, total_received: received ? 1_500 : 0, analytics_category: "policy_fee" },
      ]);
    }
  };
  await policy(world.agencies.A.id, "BOUND", "2026-03-02T18:00:00Z", [10_000]);
  await policy(world.agencies.A1.id, "CANCELLED", "2026-03-02T07:30:00Z", [3_333]);
  await policy(world.agencies.B.id, "BOUND_WITH_WARNING", "2026-03-05T20:00:00Z", [20_000, 0], 4);
  await policy(world.agencies.B.id, "EXTERNAL_UNVERIFIED", "2026-03-06T20:00:00Z", [], 1, false);
  await policy(world.agencies.A.id, "EXPIRED", "2026-03-08T07:59:00Z");
  await policy(world.agencies.A.id, "BOUND", "2026-03-08T08:00:00Z", [50_000]);
  await policy(world.agencies.B.id, "BOUND", "2026-03-03T18:00:00Z", [90_000], 2);
}, 60_000);
afterAll(() => t.close());

describe("the policies dashboard's totals (reference 4.8)", () => {
  it("adds up the fixed portfolio for a super admin, GetCovered's commission included", async () => {
    expect(world.agencies.A.id).toBe(PLATFORM_AGENCY_ID);
    const res = await get(`/v2/staff_super_admin/policies_dashboard/total?${WINDOW}`, as.superAdmin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      all_policies_count: 5,
      bound: 2,
      cancelled: 1,
      total_premium_paid: 33_333,
      average_premium_paid: 6_667,
      // 12.5 % of 100.00 and of 33.33 (416.625 → 417) to GetCovered, 10 % of 200.00 to agency B.
      get_covered_commissions: 1_667,
      agencies_commissions: 2_000,
      total_commission: 3_667,
      // 5 % of each premium, rounded per policy: 500 + 167 + 1000.
      carriers_commissions: 1_667,
      computed_at: expect.any(String),
    });
  });

  it("scopes an agent to the agency tree, without GetCovered's commission", async () => {
    const a = (await get(`/v2/staff_agency/policies_dashboard/total?${WINDOW}`, as.agentA)).json();
    expect(a).toEqual({ all_policies_count: 3, bound: 1, cancelled: 1, total_premium_paid: 13_333, average_premium_paid: 4_444, agencies_commissions: 0, total_commission: 1_667, carriers_commissions: 667, computed_at: expect.any(String) });
    const b = (await get(`/v2/staff_agency/policies_dashboard/total?${WINDOW}`, as.agentB)).json();
    expect(b).toMatchObject({ all_policies_count: 2, bound: 1, total_premium_paid: 20_000, agencies_commissions: 2_000, total_commission: 2_000, carriers_commissions: 1_000 });
    const sub = (await get(`/v2/staff_agency/policies_dashboard/total?${WINDOW}&filter[agency_id]=${world.agencies.A1.id}`, as.agentA)).json();
    expect(sub).toMatchObject({ all_policies_count: 1, cancelled: 1, total_premium_paid: 3_333 });
    expect((await get(`/v2/staff_agency/policies_dashboard/total?${WINDOW}&filter[agency_id]=${world.agencies.B.id}`, as.agentA)).statusCode).toBe(403);
  });

  it("narrows a super admin to an agency and a product; product All (0) is every product", async () => {
    const b = (await get(`/v2/staff_super_admin/policies_dashboard/total?${WINDOW}&filter[agency_id]=${world.agencies.B.id}`, as.superAdmin)).json();
    expect(b).toMatchObject({ all_policies_count: 2, get_covered_commissions: 0, agencies_commissions: 2_000 });
    const commercial = (await get(`/v2/staff_super_admin/policies_dashboard/total?${WINDOW}&filter[policy_type_id]=4`, as.superAdmin)).json();
    expect(commercial).toMatchObject({ all_policies_count: 1, total_premium_paid: 20_000 });
    const all = (await get(`/v2/staff_super_admin/policies_dashboard/total?${WINDOW}&filter[policy_type_id]=0`, as.superAdmin)).json();
    expect(all.all_policies_count).toBe(5);
  });

  it("refuses staff and policy support (403), signed-out callers (401) and bad filters (422)", async () => {
    expect((await get(`/v2/staff_account/policies_dashboard/total?${WINDOW}`, as.staffA)).statusCode).toBe(403);
    expect((await get(`/v2/policy-support/policies_dashboard/graphs?${WINDOW}`, as.support)).statusCode).toBe(403);
    expect((await get(`/v2/policies_dashboard/total?${WINDOW}`)).statusCode).toBe(401);
    const base = "/v2/staff_super_admin/policies_dashboard/total";
    const bad = await get(`${base}?filter[created_at][start]=2026-02-30`, as.superAdmin);
    expect(bad.statusCode).toBe(422);
    expect(JSON.stringify(bad.json().errors)).toContain("created_at");
    expect((await get(`${base}?filter[created_at][start]=2026-03-07&filter[created_at][end]=2026-03-01`, as.superAdmin)).statusCode).toBe(422);
    expect((await get(`${base}?filter[colour]=red`, as.superAdmin)).statusCode).toBe(422);
    expect((await get(`${base}?filter[policy_type_id]=-1`, as.superAdmin)).statusCode).toBe(422);
    expect((await get(`${base}?sort[column][]=${"x".repeat(500)}`, as.superAdmin)).statusCode).toBe(422);
    expect((await get(`${base}?filter[created_at][start]=2000-01-01&filter[created_at][end]=2026-01-01`, as.superAdmin)).statusCode).toBe(422);
  });
});

describe("the policies dashboard's graphs", () => {
  it("draws one point per Los Angeles day whose sums are the totals", async () => {
    const res = await get(`/v2/staff_super_admin/policies_dashboard/graphs?${WINDOW}&sort[column][]=last_visit&sort[direction][]=desc`, as.superAdmin);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.bucket).toBe("day");
    expect(Object.keys(body.graphs)).toEqual(["2026-03-01", "2026-03-02", "2026-03-03", "2026-03-04", "2026-03-05", "2026-03-06", "2026-03-07"]);
    expect(body.graphs["2026-03-01"]).toEqual({ total_new_policies: 1, current_added_policies: 0, premium_collected: 3_333, agencies_commissions: 0, get_covered_commissions: 417, carriers_commissions: 167 });
    expect(body.graphs["2026-03-03"].total_new_policies).toBe(0);
    expect(body.graphs["2026-03-07"]).toMatchObject({ total_new_policies: 1, premium_collected: 0 });
    const sums: Record<string, number> = {};
    for (const p of Object.values(body.graphs) as Array<Record<string, number>>) for (const [k, v] of Object.entries(p)) sums[k] = (sums[k] ?? 0) + v;
    expect(body.total).toEqual(sums);
    const totals = (await get(`/v2/staff_super_admin/policies_dashboard/total?${WINDOW}`, as.superAdmin)).json();
    expect(body.total).toMatchObject({
      total_new_policies: totals.all_policies_count,
      current_added_policies: totals.bound,
      premium_collected: totals.total_premium_paid,
      agencies_commissions: totals.agencies_commissions,
      carriers_commissions: totals.carriers_commissions,
      get_covered_commissions: totals.get_covered_commissions,
    });
  });

  it("draws months over longer windows, and hides GetCovered's series from agents", async () => {
    const months = (await get("/v2/staff_super_admin/policies_dashboard/graphs?filter[created_at][start]=2026-01-15&filter[created_at][end]=2026-06-30", as.superAdmin)).json();
    expect(months.bucket).toBe("month");
    expect(Object.keys(months.graphs)).toEqual(["2026-01-01", "2026-02-01", "2026-03-01", "2026-04-01", "2026-05-01", "2026-06-01"]);
    expect(months.graphs["2026-03-01"].total_new_policies).toBe(6);
    const agent = (await get(`/v2/staff_agency/policies_dashboard/graphs?${WINDOW}`, as.agentA)).json();
    expect(agent.total).not.toHaveProperty("get_covered_commissions");
    expect(agent.graphs["2026-03-02"]).not.toHaveProperty("get_covered_commissions");
    expect(agent.total.total_new_policies).toBe(3);
  });
});

describe("the dashboard cache", () => {
  const LATER = "filter[created_at][start]=2026-03-01&filter[created_at][end]=2026-03-06";
  const addPolicy = (agencyId: number, number: string) =>
    t.database.db.insert(policies).values({ number, status: "BOUND", policy_type_id: 1, agency_id: agencyId, created_at: new Date("2026-03-04T18:00:00Z") });

  it("answers a scope's numbers again for a while, with when they were computed, and never another scope's", async () => {
    const a1 = (await get(`/v2/staff_agency/policies_dashboard/total?${LATER}`, as.agentA)).json();
    const b = (await get(`/v2/staff_agency/policies_dashboard/total?${LATER}`, as.agentB)).json();
    // Same filters, another tenant: its own numbers, not agency A's kept ones.
    expect(b).toMatchObject({ all_policies_count: 2, total_premium_paid: 20_000 });
    expect(a1).toMatchObject({ all_policies_count: 2, total_premium_paid: 13_333 });
    expect(Date.parse(a1.computed_at)).not.toBeNaN();
    const a2 = (await get(`/v2/staff_agency/policies_dashboard/total?${LATER}`, as.agentA)).json();
    expect(a2).toEqual(a1);
    // The graphs of the same scope and filters come from the same computation.
    expect((await get(`/v2/staff_agency/policies_dashboard/graphs?${LATER}`, as.agentA)).json()).toMatchObject({ computed_at: a1.computed_at, total: { total_new_policies: 2 } });
    await addPolicy(world.agencies.A.id, "DASH-CACHE-1");
    // A scope not asked before (the whole system) is computed now and sees the new policy.
    expect((await get(`/v2/staff_super_admin/policies_dashboard/total?${LATER}`, as.superAdmin)).json().all_policies_count).toBe(5);
    // So does the one whose numbers were kept: a policy written is a new data version.
    expect((await get(`/v2/staff_agency/policies_dashboard/total?${LATER}`, as.agentA)).json().all_policies_count).toBe(3);
    // An agent narrowed to the sub-agency is another scope too.
    expect((await get(`/v2/staff_agency/policies_dashboard/total?${LATER}&filter[agency_id]=${world.agencies.A1.id}`, as.agentA)).json().all_policies_count).toBe(1);
  });

  it("keeps a tenant's numbers when another tenant writes, and shows the writer's change at once (versions per scope)", async () => {
    const db = t.database.db;
    const url = `/v2/staff_agency/policies_dashboard/total?${WINDOW}`;
    const sub = `${url}&filter[agency_id]=${world.agencies.A1.id}`;
    const b1 = (await get(url, as.agentB)).json();
    const a1 = (await get(url, as.agentA)).json();
    const sub1 = (await get(sub, as.agentA)).json();
    // A policy written in sub-agency A1: agent A's tree and A1 see it at once, agency B's kept numbers stay as they were.
    await db.insert(policies).values({ number: "DASH-SCOPE-1", status: "BOUND", policy_type_id: 1, agency_id: world.agencies.A1.id, created_at: new Date("2026-03-04T18:00:00Z") });
    expect((await get(url, as.agentB)).json()).toEqual(b1);
    const a2 = (await get(url, as.agentA)).json();
    expect(a2.all_policies_count).toBe(a1.all_policies_count + 1);
    expect((await get(sub, as.agentA)).json().all_policies_count).toBe(sub1.all_policies_count + 1);
    // A policy moved from A1 to B: both trees are new versions.
    await db.update(policies).set({ agency_id: world.agencies.B.id }).where(eq(policies.number, "DASH-SCOPE-1"));
    const b2 = (await get(url, as.agentB)).json();
    expect(b2.all_policies_count).toBe(b1.all_policies_count + 1);
    const a3 = (await get(url, as.agentA)).json();
    expect(a3.all_policies_count).toBe(a1.all_policies_count);
    // A premium received on an agency B invoice's line item: B's numbers move, A's kept ones stay.
    const [pb1] = await db.select().from(policies).where(eq(policies.number, "DASH-3"));
    const [invoice] = await db.select().from(invoices).where(eq(invoices.invoiceable_id, pb1.id));
    await db.update(lineItems).set({ total_received: 20_100 }).where(eq(lineItems.invoice_id, invoice.id));
    try {
      expect((await get(url, as.agentA)).json()).toEqual(a3);
      expect((await get(url, as.agentB)).json().total_premium_paid).toBe(b2.total_premium_paid + 100);
      // Commission settings hold for every agency: every scope is a new version.
      await db.update(commissionStrategies).set({ updated_at: new Date() }).where(eq(commissionStrategies.recipient_type, "Carrier"));
      expect((await get(url, as.agentA)).json().computed_at).not.toBe(a3.computed_at);
    } finally {
      await db.update(lineItems).set({ total_received: 20_000 }).where(eq(lineItems.invoice_id, invoice.id));
      await db.delete(policies).where(eq(policies.number, "DASH-SCOPE-1"));
    }
    // The versions are folded now and then into one row per agency; the greatest stays, so nothing kept is lost or reused.
    const before = (await get(url, as.agentB)).json();
    await db.execute(sql`SELECT dashboard_data_changes_compact()`);
    expect((await get(url, as.agentB)).json()).toEqual(before);
    expect(await queryRows(db, sql`SELECT agency_id FROM dashboard_data_changes GROUP BY agency_id HAVING count(*) > 1`)).toEqual([]);
  });

  it("shows a proof accepted a moment ago, the kept numbers notwithstanding", async () => {
    const url = `/v2/staff_agency/policies_dashboard/total?${WINDOW}`;
    const before = (await get(url, as.agentB)).json();
    expect((await get(url, as.agentB)).json()).toEqual(before);
    const [proof] = await t.database.db.select().from(policies).where(eq(policies.number, "DASH-4"));
    expect(proof.status).toBe("EXTERNAL_UNVERIFIED");
    expect((await t.app.inject({ method: "POST", url: "/v2/staff_super_admin/policies/external/accept", headers: as.superAdmin, payload: { policy: { id: proof.id } } })).statusCode).toBe(200);
    const after = (await get(url, as.agentB)).json();
    expect(after.bound).toBe(before.bound + 1);
    expect(after.all_policies_count).toBe(before.all_policies_count);
  });

  it("computes again once the entry is older than its time to live; a failed computation is not kept", async () => {
    let clock = Date.parse("2026-11-27T12:00:00Z");
    const cache = createDashboardCache({ ttlMs: 60_000, now: () => clock });
    const q = { scope: { kind: "agencies" as const, agencyIds: [world.agencies.B.id] }, window: { start: "2026-03-01", end: "2026-03-31" }, withPlatform: false };
    const first = await dashboardTotals(t.database.db, q, cache);
    clock += 59_000;
    expect(await dashboardTotals(t.database.db, q, cache)).toEqual(first);
    clock += 2_000;
    const fresh = await dashboardTotals(t.database.db, q, cache);
    expect(fresh.all_policies_count).toBe(first.all_policies_count);
    expect(fresh.computed_at).toBe(new Date(clock).toISOString());
    expect(fresh.computed_at).not.toBe(first.computed_at);
    // A policy written meanwhile is seen at once, within the time to live.
    await addPolicy(world.agencies.B.id, "DASH-CACHE-2");
    clock += 1_000;
    expect((await dashboardTotals(t.database.db, q, cache)).all_policies_count).toBe(first.all_policies_count + 1);
    await expect(cache.get({ ...q, policyTypeId: 9 }, () => Promise.reject(new Error("database gone")))).rejects.toThrow("database gone");
    expect(await cache.get({ ...q, policyTypeId: 9 }, async () => "computed")).toMatchObject({ value: "computed" });
    // With no time to live (DASHBOARD_CACHE_SECONDS=0) nothing is kept.
    const off = createDashboardCache({ ttlMs: 0 });
    await off.get(q, async () => 1);
    expect(off.size).toBe(0);
  });

  it("keys an entry by every id of the scope, the window and the product", () => {
    const window = { start: "2026-03-01", end: "2026-03-07" };
    const keys = [
      { kind: "all" as const },
      { kind: "none" as const },
      { kind: "account" as const, accountId: 1 },
      { kind: "account" as const, accountId: 2 },
      { kind: "account" as const, accountId: 1, communityIds: [5] },
      { kind: "agencies" as const, agencyIds: [1] },
      { kind: "agencies" as const, agencyIds: [1, 2] },
    ].map((scope) => dashboardCacheKey({ scope, window }));
    expect(new Set(keys).size).toBe(keys.length);
    expect(scopeKey({ kind: "agencies", agencyIds: [2, 1] })).toBe(scopeKey({ kind: "agencies", agencyIds: [1, 2] }));
    const scope = { kind: "account" as const, accountId: 1 };
    expect(dashboardCacheKey({ scope, window, policyTypeId: 4 })).not.toBe(dashboardCacheKey({ scope, window }));
    expect(dashboardCacheKey({ scope, window: { ...window, end: "2026-03-08" } })).not.toBe(dashboardCacheKey({ scope, window }));
  });
});
