import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insurables, leaseUsers, leases, policies, policyInsurables } from "../../db/schema";
import { buildWorld } from "../../test/fixtures";
import { createTestApp, signInAs, type AuthHeaders, type TestApp } from "../../test/helpers";
import { addDays } from "../../../src/domain/requirements";
import { todayIn } from "../../compliance/timeline";

let t: TestApp;
let world: Awaited<ReturnType<typeof buildWorld>>;
const as: Record<string, AuthHeaders> = {};
const today = todayIn(new Date());
const day = (n: number) => addDays(today, n);
const get = (url: string, headers: AuthHeaders) => t.app.inject({ method: "GET", url, headers });
const refs = (res: { json: () => Array<{ reference?: string; number?: string }> }) => res.json().map((r) => r.reference ?? r.number);

beforeAll(async () => {
  t = await createTestApp();
  world = await buildWorld(t.database.db);
  for (const [key, email] of Object.entries({ superAdmin: "super.admin@test.dev", support: "policy.support@test.dev", agentA: "agent.a@test.dev", agentB: "agent.b@test.dev", staffA: "staff.a@test.dev", staffB: "staff.b@test.dev" }))
    as[key] = await signInAs(t.app, email);
  const db = t.database.db;
  const A = { account_id: world.accounts.A.id, agency_id: world.agencies.A.id };
  const [community] = await db.insert(insurables).values({ title: "Oak Park", insurable_type_id: 1, ...A }).returning();
  const units = await db.insert(insurables).values(["1", "2", "3", "4"].map((title) => ({ title, insurable_type_id: 4, insurable_id: community.id, ...A }))).returning();
  const lease = async (reference: string, unit: number, start: string) => {
    const [row] = await db.insert(leases).values({ reference, start_date: start, status: "current", insurable_id: unit, account_id: A.account_id }).returning();
    await db.insert(leaseUsers).values({ lease_id: row.id, user_id: world.users.A.id, primary: true });
  };
  await lease("L-UNINSURED", units[0].id, day(-100)); // nobody covers unit 1
  await lease("L-COVERED", units[1].id, day(-100)); // unit 2: a proof ending in 10 days, nothing after
  await lease("L-MOVING", units[2].id, day(5)); // unit 3: moves in in 5 days, no cover
  await lease("L-RENEWED", units[3].id, day(-100)); // unit 4: ends in 10 days but renewed already
  const made = await db
    .insert(policies)
    .values([
      { number: "EXT-ENDING", status: "EXTERNAL_VERIFIED", policy_type_id: 1, ...A, effective_date: day(-355), expiration_date: day(10) },
      { number: "OWN-OLD", status: "BOUND", policy_type_id: 1, policy_in_system: true, ...A, effective_date: day(-355), expiration_date: day(10) },
      { number: "OWN-NEW", status: "BOUND", policy_type_id: 1, policy_in_system: true, ...A, effective_date: day(11), expiration_date: day(376) },
      { number: "EXT-WAITING", status: "EXTERNAL_UNVERIFIED", policy_type_id: 1, ...A, effective_date: day(0), expiration_date: day(365) },
    ])
    .returning();
  await db.insert(policyInsurables).values([
    { policy_id: made[0].id, insurable_id: units[1].id },
    { policy_id: made[1].id, insurable_id: units[3].id },
    { policy_id: made[2].id, insurable_id: units[3].id },
    { policy_id: made[3].id, insurable_id: units[0].id },
  ]);
  await db.execute(sql`UPDATE policies SET created_at = now() - interval '4 days' WHERE number = 'EXT-WAITING'`);
});
afterAll(() => t.close());

describe("compliance worklists and forecast", () => {
  it("lists the uninsured, the move-ins without cover, cover ending without a successor, proofs waiting", async () => {
    const uninsured = await get("/v2/staff_account/compliance/worklists/uninsured", as.staffA);
    expect(uninsured.statusCode).toBe(200);
    expect(refs(uninsured)).toEqual(["L-UNINSURED"]);
    expect(uninsured.headers["total-entries"]).toBe("1");
    expect(uninsured.json()[0].residents[0]).toMatchObject({ name: "Ann Lee", email: "ann.lee@example.com" });
    expect(refs(await get("/v2/staff_account/compliance/worklists/moving_in", as.staffA))).toEqual(["L-MOVING"]);
    expect(refs(await get("/v2/staff_agency/compliance/worklists/expiring", as.agentA))).toEqual(["EXT-ENDING"]);
    // The fixtures' own proof (account B) is fresh; this one waited four days.
    expect(refs(await get("/v2/staff_super_admin/compliance/worklists/pending", as.superAdmin))).toEqual(["EXT-WAITING"]);
  });

  it("forecasts the share covered: the ending proof lapses in 30 days, the renewed policy does not", async () => {
    const res = await get("/v2/staff_account/compliance/forecast", as.staffA);
    expect(res.statusCode).toBe(200);
    const [now, in30] = res.json().total;
    expect(now).toMatchObject({ days: 0, occupied: 3, covered: 2, lapsing: 0 });
    expect(in30).toMatchObject({ days: 30, occupied: 4, covered: 1, lapsing: 1 });
    expect(res.json().accounts.map((a: { title: string }) => a.title)).toEqual(["Account A"]);
  });

  it("is scoped by role: other tenants see nothing of it, policy support is refused", async () => {
    expect((await get("/v2/staff_account/compliance/worklists/uninsured", as.staffB)).json()).toEqual([]);
    expect((await get("/v2/staff_agency/compliance/worklists/expiring", as.agentB)).json()).toEqual([]);
    expect((await get("/v2/staff_agency/compliance/forecast", as.agentB)).json().total[0].occupied).toBe(0);
    expect((await get("/v2/policy-support/compliance/forecast", as.support)).statusCode).toBe(403);
    expect((await get("/v2/staff_account/compliance/worklists/uninsured?per=5000", as.staffA)).statusCode).toBe(422);
  });
});
