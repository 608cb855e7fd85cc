import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insurables, leaseUsers, leases, policies, policyInsurables } from "../../db/schema";
import { buildWorld } from "../../test/fixtures";
import { createTestApp, signInAs, type AuthHeaders, type TestApp } from "../../test/helpers";
import { addDays } from "../../../src/domain/requirements";
import { todayIn } from "../../compliance/timeline";

let t: TestApp;
let world: Awaited<ReturnType<typeof buildWorld>>;
const as: Record<string, AuthHeaders> = {};
let unit: number;
let lease: number;
const today = todayIn(new Date());
const day = (n: number) => addDays(today, n);
const get = (url: string, headers: AuthHeaders) => t.app.inject({ method: "GET", url, headers });

beforeAll(async () => {
  t = await createTestApp();
  world = await buildWorld(t.database.db);
  for (const [key, email] of Object.entries({ superAdmin: "super.admin@test.dev", support: "policy.support@test.dev", agentA: "agent.a@test.dev", agentB: "agent.b@test.dev", staffA: "staff.a@test.dev", staffB: "staff.b@test.dev" }))
    as[key] = await signInAs(t.app, email);
  const db = t.database.db;
  const A = { account_id: world.accounts.A.id, agency_id: world.agencies.A.id };
  const [community] = await db.insert(insurables).values({ title: "Oak Park", insurable_type_id: 1, ...A }).returning();
  [{ id: unit }] = await db.insert(insurables).values({ title: "7", insurable_type_id: 4, insurable_id: community.id, ...A }).returning();
  // Ann moved in 60 days ago; a proof covered her 60 → 21 days ago, nothing for 20 days, her own policy from today on.
  [{ id: lease }] = await db.insert(leases).values({ reference: "L-TL-1", start_date: day(-60), status: "current", insurable_id: unit, account_id: world.accounts.A.id }).returning();
  await db.insert(leaseUsers).values({ lease_id: lease, user_id: world.users.A.id, primary: true });
  const rows = await db
    .insert(policies)
    .values([
      { number: "EXT-TL-1", status: "EXPIRED", policy_type_id: 1, account_id: A.account_id, agency_id: A.agency_id, effective_date: day(-60), expiration_date: day(-21) },
      { number: "OWN-TL-2", status: "BOUND", policy_type_id: 1, policy_in_system: true, account_id: A.account_id, agency_id: A.agency_id, effective_date: day(0), expiration_date: day(365) },
      { number: "EXT-TL-3", status: "EXTERNAL_UNVERIFIED", policy_type_id: 1, account_id: A.account_id, agency_id: A.agency_id, effective_date: day(-20), expiration_date: day(300) },
    ])
    .returning();
  await db.insert(policyInsurables).values(rows.map((p) => ({ policy_id: p.id, insurable_id: unit })));
});
afterAll(() => t.close());

describe("coverage timelines", () => {
  it("a unit's timeline marks the 20 days without cover; a pending proof covers nothing", async () => {
    const res = await get(`/v2/staff_account/insurables/${unit}/coverage_timeline`, as.staffA);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.today).toBe(today);
    expect(body.segments.map((s: { start: string; end: string; kind: string }) => [s.start, s.end, s.kind])).toEqual([
      [day(-60), day(-21), "external"],
      [day(-20), day(-1), "none"],
      [day(0), day(90), "own"],
    ]);
    expect(body.gap_days).toBe(20);
    expect(body.leases[0]).toMatchObject({ reference: "L-TL-1", residents: [{ name: "Ann Lee" }] });
    expect(body.policies.map((p: { number: string }) => p.number).sort()).toEqual(["EXT-TL-1", "OWN-TL-2"]);
  });

  it("the lease's and the resident's pages show the same days", async () => {
    const byLease = (await get(`/v2/staff_agency/leases/${lease}/coverage_timeline`, as.agentA)).json();
    expect(byLease.gap_days).toBe(20);
    const byUser = await get(`/v2/staff_super_admin/users/${world.users.A.id}/coverage_timeline`, as.superAdmin);
    expect(byUser.statusCode).toBe(200);
    expect(byUser.json().leases).toHaveLength(1);
    expect(byUser.json().leases[0]).toMatchObject({ lease_id: lease, gap_days: 20 });
  });

  it("is scoped by role: another tenant gets 404, policy support 403, no session 401", async () => {
    expect((await get(`/v2/staff_account/insurables/${unit}/coverage_timeline`, as.staffB)).statusCode).toBe(404);
    expect((await get(`/v2/staff_agency/leases/${lease}/coverage_timeline`, as.agentB)).statusCode).toBe(404);
    expect((await get(`/v2/staff_account/users/${world.users.A.id}/coverage_timeline`, as.staffB)).statusCode).toBe(404);
    expect((await get(`/v2/policy-support/leases/${lease}/coverage_timeline`, as.support)).statusCode).toBe(403);
    expect((await get(`/v2/insurables/${unit}/coverage_timeline`, {} as AuthHeaders)).statusCode).toBe(401);
    // A community has no timeline of its own (its units do).
    expect((await get(`/v2/staff_account/insurables/${unit - 1}/coverage_timeline`, as.staffA)).statusCode).toBe(404);
  });
});
