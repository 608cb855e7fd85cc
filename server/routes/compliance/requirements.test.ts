import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { carriers, insurables, leases } from "../../db/schema";
import { buildWorld } from "../../test/fixtures";
import { createTestApp, signInAs, type AuthHeaders, type TestApp } from "../../test/helpers";

let t: TestApp;
let world: Awaited<ReturnType<typeof buildWorld>>;
const as: Record<string, AuthHeaders> = {};
let community: number;
let unit: number;
let communityB: number;

const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, headers: AuthHeaders, payload?: object) => t.app.inject({ method, url, headers, payload });
const strict = { minimum_liability: 30_000_000, accepted_carriers: ["Lemonade"], minimum_carrier_rating: "A-", grace_period_days: 5 };

beforeAll(async () => {
  t = await createTestApp();
  world = await buildWorld(t.database.db);
  for (const [key, email] of Object.entries({ superAdmin: "super.admin@test.dev", support: "policy.support@test.dev", agentA: "agent.a@test.dev", agentB: "agent.b@test.dev", staffA: "staff.a@test.dev", staffB: "staff.b@test.dev" }))
    as[key] = await signInAs(t.app, email);
  const db = t.database.db;
  const A = { account_id: world.accounts.A.id, agency_id: world.agencies.A.id };
  [{ id: community }] = await db.insert(insurables).values({ title: "Oak Park", insurable_type_id: 1, ...A }).returning();
  const [building] = await db.insert(insurables).values({ title: "B", insurable_type_id: 7, insurable_id: community, ...A }).returning();
  [{ id: unit }] = await db.insert(insurables).values({ title: "101", insurable_type_id: 4, insurable_id: building.id, ...A }).returning();
  await db.insert(leases).values({ reference: "L-REQ-1", start_date: "2026-03-01", status: "current", insurable_id: unit, account_id: world.accounts.A.id });
  [{ id: communityB }] = await db.insert(insurables).values({ title: "Elm", insurable_type_id: 1, account_id: world.accounts.B.id, agency_id: world.agencies.B.id }).returning();
  await db.insert(carriers).values([{ title: "Lemonade", am_best_rating: "A" }, { title: "Cheapo", am_best_rating: "B" }]);
});
afterAll(() => t.close());

const proof = (over: object = {}) => ({ liability_limit: 10_000_000, deductible: null, carrier: "Lemonade", interested_parties: null, effective_date: "2026-03-04", ...over });

describe("requirement profiles", () => {
  it("without a profile, the account's minimum liability ($100,000 when none) applies and nothing else", async () => {
    const res = await call("GET", `/v2/staff_account/accounts/${world.accounts.A.id}/requirement_profile`, as.staffA);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ stored: null, source: "default", profile: { minimum_liability: 10_000_000, accepted_carriers: [] } });
    const check = await call("POST", "/v2/policy-support/requirement_checks", as.support, { unit_id: unit, proof: proof() });
    expect(check.json()).toMatchObject({ source: "default", suggested_reasons: [] });
    expect(check.json().checks.map((c: { rule: string; status: string }) => `${c.rule}:${c.status}`)).toEqual(["minimum_liability:met"]);
  });

  it("the account's profile, then the community's, decide; each write leaves history", async () => {
    const put = await call("PUT", `/v2/staff_account/accounts/${world.accounts.A.id}/requirement_profile`, as.staffA, { requirement_profile: { minimum_liability: 20_000_000 } });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ source: "account", stored: { minimum_liability: 20_000_000 } });
    let check = await call("POST", "/v2/staff_account/requirement_checks", as.staffA, { unit_id: unit, proof: proof() });
    expect(check.json()).toMatchObject({ source: "account", suggested_reasons: ["r1"] });

    const community_ = await call("PUT", `/v2/staff_agency/insurables/${community}/requirement_profile`, as.agentA, { requirement_profile: strict });
    expect(community_.statusCode).toBe(200);
    check = await call("POST", "/v2/staff_super_admin/requirement_checks", as.superAdmin, { unit_id: unit, proof: proof({ liability_limit: 30_000_000, carrier: "Cheapo", effective_date: "2026-03-07" }) });
    expect(check.json().source).toBe("community");
    expect(Object.fromEntries(check.json().checks.map((c: { rule: string; status: string }) => [c.rule, c.status]))).toEqual({
      minimum_liability: "met",
      accepted_carriers: "not_met",
      carrier_rating: "not_met",
      grace_period: "not_met",
    });
    expect(check.json().suggested_reasons.sort()).toEqual(["r10", "r9"]);

    const history = await call("GET", `/v2/staff_account/accounts/${world.accounts.A.id}/histories`, as.staffA);
    expect(JSON.stringify(history.json())).toContain("requirement_profile.minimum_liability");

    const removed = await call("DELETE", `/v2/staff_account/insurables/${community}/requirement_profile`, as.staffA);
    expect(removed.json()).toMatchObject({ stored: null, source: "account" });
  });

  it("validates at the edge and in the service", async () => {
    const bad = await call("PUT", `/v2/staff_account/insurables/${community}/requirement_profile`, as.staffA, { requirement_profile: { minimum_carrier_rating: "AAA", grace_period_days: -1 } });
    expect(bad.statusCode).toBe(422);
    const noName = await call("PUT", `/v2/staff_account/insurables/${community}/requirement_profile`, as.staffA, { requirement_profile: { additional_interest_required: true } });
    expect(noName.statusCode).toBe(422);
    expect(noName.json().errors).toHaveProperty("additional_interest_name");
  });

  it("is scoped by role: other tenants get 404, policy support cannot edit, buildings have no profile", async () => {
    expect((await call("GET", `/v2/staff_account/accounts/${world.accounts.A.id}/requirement_profile`, as.staffB)).statusCode).toBe(404);
    expect((await call("PUT", `/v2/staff_account/insurables/${community}/requirement_profile`, as.staffB, { requirement_profile: strict })).statusCode).toBe(404);
    expect((await call("GET", `/v2/staff_agency/insurables/${communityB}/requirement_profile`, as.agentA)).statusCode).toBe(404);
    expect((await call("GET", `/v2/staff_agency/insurables/${communityB}/requirement_profile`, as.agentB)).statusCode).toBe(200);
    expect((await call("POST", "/v2/staff_account/requirement_checks", as.staffB, { unit_id: unit, proof: proof() })).statusCode).toBe(404);
    expect((await call("PUT", `/v2/policy-support/accounts/${world.accounts.A.id}/requirement_profile`, as.support, { requirement_profile: strict })).statusCode).toBe(403);
    expect((await call("GET", `/v2/staff_account/insurables/${unit}/requirement_profile`, as.staffA)).statusCode).toBe(404);
    expect((await call("GET", `/v2/staff_account/accounts/${world.accounts.A.id}/requirement_profile`, {} as AuthHeaders)).statusCode).toBe(401);
  });
});
