import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { carriers, histories, masterPolicyConfigurations, masterPolicyPremiums, policies, staffPermissions } from "../../db/schema";
import { buildWorld } from "../../test/fixtures";
import { createTestApp, signInAs, type AuthHeaders, type TestApp } from "../../test/helpers";

let t: TestApp;
let world: Awaited<ReturnType<typeof buildWorld>>;
let carrierId: number;
const as: Record<string, AuthHeaders> = {};
let seq = 0;

const payload = (accountId: number, overrides: Record<string, unknown> = {}) => ({
  carrier_id: carrierId,
  account_id: accountId,
  base: 125_000,
  total: 130_000,
  calculation_base: 1_000,
  policy: {
    number: `MP-${++seq}`,
    effective_date: "2026-01-01",
    expiration_date: "2027-01-01",
    system_data: { landlord_sumplimental: true },
    policy_coverages_attributes: [
      { designation: "liability", limit: 10_000_000, occurrence_limit: 30_000_000, deductible: 50_000 },
      { designation: "contents", limit: 1_000_000, deductible: 25_000 },
    ],
    master_policy_configurations_attributes: [
      { program_type: "auto", program_start_date: "2026-01-01", program_delay: 10, grace_period: 5, placement_cost: 1_500, force_placement_cost: 2_000, prorate_charges: true, admin_fee: 300, force_admin_fee: 500, prorate_admin_fee: false, charge_date: 1 },
    ],
  },
  ...overrides,
});

const create = (headers: AuthHeaders, body: object) => t.app.inject({ method: "POST", url: "/v2/staff_super_admin/master-policies", headers, payload: body });

beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: "error" });
  world = await buildWorld(t.database.db);
  const [carrier] = await t.database.db.insert(carriers).values({ title: "QBE Specialty (master)", enabled: true }).returning();
  carrierId = carrier.id;
  for (const [key, email] of Object.entries({
    superAdmin: "super.admin@test.dev",
    agentA: "agent.a@test.dev",
    agentA1: "agent.a1@test.dev",
    agentB: "agent.b@test.dev",
    staffA: "staff.a@test.dev",
    staffB: "staff.b@test.dev",
    support: "policy.support@test.dev",
  })) {
    as[key] = await signInAs(t.app, email);
  }
}, 60_000);
afterAll(() => t.close());

describe("POST /master-policies", () => {
  it("creates a BOUND master policy with its premium, coverages and configuration, and a history row", async () => {
    const res = await create(as.superAdmin, payload(world.accounts.A.id));
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.message).toBe("Master Policy and Policy Premium created");
    expect(body.payload.policy).toMatchObject({
      id: body.id,
      status: "BOUND",
      policy_type_id: 2,
      account: { id: world.accounts.A.id, title: "Account A" },
      agency: { id: world.agencies.A.id },
      carrier: { id: carrierId },
      base: 125_000,
      total: 130_000,
      calculation_base: 1_000,
      effective_date: "2026-01-01",
      expiration_date: "2027-01-01",
      covered_units: 0,
      system_data: { landlord_sumplimental: true },
    });
    expect(body.payload.policy.policy_coverages).toMatchObject([
      { designation: "liability", limit: 10_000_000, occurrence_limit: 30_000_000, deductible: 50_000 },
      { designation: "contents", limit: 1_000_000, deductible: 25_000, occurrence_limit: null },
    ]);
    expect(body.payload.master_policy_configurations).toMatchObject([
      { program_type: "auto", program_start_date: "2026-01-01", program_delay: 10, grace_period: 5, placement_cost: 1_500, force_placement_cost: 2_000, admin_fee: 300, charge_date: 1 },
    ]);
    const db = t.database.db;
    const [row] = await db.select().from(policies).where(eq(policies.id, body.id));
    expect(row).toMatchObject({ status: "BOUND", policy_in_system: true, premium_total: 130_000, agency_id: world.agencies.A.id });
    expect(await db.select({ base: masterPolicyPremiums.base }).from(masterPolicyPremiums).where(eq(masterPolicyPremiums.policy_id, body.id))).toEqual([{ base: 125_000 }]);
    const history = await db.select().from(histories).where(eq(histories.recordable_id, body.id));
    expect(history.filter((h) => h.recordable_type === "Policy" && h.action === "create")).toHaveLength(1);
  });

  it("defaults total and calculation base to the base", async () => {
    const res = await create(as.superAdmin, payload(world.accounts.B.id, { total: undefined, calculation_base: undefined }));
    expect(res.statusCode).toBe(201);
    expect(res.json().payload.policy).toMatchObject({ base: 125_000, total: 125_000, calculation_base: 125_000 });
  });

  it("refuses missing fields, a taken number, dates out of order, an unknown carrier or account, bad money and a bad day of month with field errors", async () => {
    const empty = await create(as.superAdmin, {});
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toMatchObject({
      carrier_id: "This field is required",
      account_id: "This field is required",
      base: "This field is required",
      "policy.number": "This field is required",
      "policy.effective_date": "This field is required",
    });
    const taken = await create(as.superAdmin, payload(world.accounts.A.id, { policy: { ...payload(0).policy, number: "POL-A-0001" } }));
    expect(taken.json().errors["policy.number"]).toBe("has already been taken");
    const backwards = await create(as.superAdmin, payload(world.accounts.A.id, { policy: { ...payload(0).policy, expiration_date: "2025-12-31" } }));
    expect(backwards.json().errors["policy.expiration_date"]).toBe("End date must be later than Start date");
    const unknown = await create(as.superAdmin, payload(999_999, { carrier_id: 999_999 }));
    expect(unknown.json().errors).toMatchObject({ carrier_id: "Select carrier from the drop-down list", account_id: "Select account from the drop-down list" });
    const money = await create(as.superAdmin, payload(world.accounts.A.id, { base: 12.5 }));
    expect(money.statusCode).toBe(422);
    expect(money.json().errors.base).toBe("must be an amount in cents");
    const day = await create(as.superAdmin, payload(world.accounts.A.id, { policy: { ...payload(0).policy, master_policy_configurations_attributes: [{ charge_date: 31 }] } }));
    expect(day.json().errors["policy.master_policy_configurations_attributes.0.charge_date"]).toBe("max value is 28 number");
    expect(await t.database.db.select().from(policies).where(eq(policies.number, `MP-${seq}`))).toEqual([]);
  });

  it("is the super admin's: agents and staff get 403, policy support 403", async () => {
    for (const who of ["agentA", "staffA", "support"]) {
      const url = who === "agentA" ? "/v2/staff_agency/master-policies" : who === "staffA" ? "/v2/staff_account/master-policies" : "/v2/policy-support/master-policies";
      const res = await t.app.inject({ method: "POST", url, headers: as[who], payload: payload(world.accounts.A.id) });
      expect(res.statusCode, who).toBe(403);
    }
  });
});

describe("GET /master-policies and /master-policies/:id", () => {
  let masterA: number;
  let masterA1: number;
  let masterB: number;
  beforeAll(async () => {
    masterA = (await create(as.superAdmin, payload(world.accounts.A.id))).json().id;
    masterA1 = (await create(as.superAdmin, payload(world.accounts.A1.id))).json().id;
    masterB = (await create(as.superAdmin, payload(world.accounts.B.id))).json().id;
  });

  const ids = (res: { json(): Array<{ id: number }> }) => res.json().map((r) => r.id);

  it("lists every master policy (and no other policy) for the super admin, with the total header", async () => {
    const res = await t.app.inject({ method: "GET", url: "/v2/staff_super_admin/master-policies?pagination[per]=100", headers: as.superAdmin });
    expect(res.statusCode).toBe(200);
    expect(ids(res)).toEqual(expect.arrayContaining([masterA, masterA1, masterB]));
    expect(ids(res)).not.toContain(world.policies.A.id);
    expect(Number(res.headers["total-entries"])).toBe(res.json().length);
  });

  it("scopes agents to their agency tree, staff to their account", async () => {
    const agentA = ids(await t.app.inject({ method: "GET", url: "/v2/staff_agency/master-policies?pagination[per]=100", headers: as.agentA }));
    expect(agentA).toEqual(expect.arrayContaining([masterA, masterA1]));
    expect(agentA).not.toContain(masterB);
    const agentA1 = ids(await t.app.inject({ method: "GET", url: "/v2/staff_agency/master-policies?pagination[per]=100", headers: as.agentA1 }));
    expect(agentA1).toContain(masterA1);
    expect(agentA1).not.toContain(masterA);
    const staffB = ids(await t.app.inject({ method: "GET", url: "/v2/staff_account/master-policies?pagination[per]=100", headers: as.staffB }));
    expect(staffB).toContain(masterB);
    expect(staffB).not.toContain(masterA);
  });

  it("filters by number, account and status, sorts by covered units, refuses an unknown filter", async () => {
    const number = (await t.app.inject({ method: "GET", url: `/v2/staff_super_admin/master-policies/${masterB}`, headers: as.superAdmin })).json().number;
    const byNumber = await t.app.inject({ method: "GET", url: `/v2/staff_super_admin/master-policies?filter[number][like]=${number}`, headers: as.superAdmin });
    expect(ids(byNumber)).toEqual([masterB]);
    const byAccount = await t.app.inject({ method: "GET", url: `/v2/staff_super_admin/master-policies?filter[account_id]=${world.accounts.A1.id}&filter[status]=BOUND`, headers: as.superAdmin });
    expect(ids(byAccount)).toEqual([masterA1]);
    const sorted = await t.app.inject({ method: "GET", url: "/v2/staff_super_admin/master-policies?sort[column]=covered_units&sort[direction]=asc", headers: as.superAdmin });
    expect(sorted.statusCode).toBe(200);
    const bad = await t.app.inject({ method: "GET", url: "/v2/staff_super_admin/master-policies?filter[bogus]=1", headers: as.superAdmin });
    expect(bad.statusCode).toBe(422);
  });

  it("shows a master policy in scope and answers 404 across tenants", async () => {
    const own = await t.app.inject({ method: "GET", url: `/v2/staff_account/master-policies/${masterA}`, headers: as.staffA });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ id: masterA, policy_coverages: [{ designation: "liability" }, { designation: "contents" }] });
    const foreign = await t.app.inject({ method: "GET", url: `/v2/staff_account/master-policies/${masterB}`, headers: as.staffA });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe("Master policy not found");
    expect((await t.app.inject({ method: "GET", url: `/v2/staff_agency/master-policies/${masterB}`, headers: as.agentA })).statusCode).toBe(404);
    // An ordinary policy is not a master policy.
    expect((await t.app.inject({ method: "GET", url: `/v2/staff_super_admin/master-policies/${world.policies.A.id}`, headers: as.superAdmin })).statusCode).toBe(404);
  });

  it("needs policies.master for agents: off answers 401 permission_not_enabled", async () => {
    await t.database.db.insert(staffPermissions).values({ staff_id: world.staff.agentB.id, key: "policies.master", value: false });
    const res = await t.app.inject({ method: "GET", url: "/v2/staff_agency/master-policies", headers: as.agentB });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe("permission_not_enabled");
  });

  it("edits dates, premium, coverages and configuration, recording what changed; agents and staff may not", async () => {
    const before = (await t.app.inject({ method: "GET", url: `/v2/staff_super_admin/master-policies/${masterA}`, headers: as.superAdmin })).json();
    const liability = before.policy_coverages.find((c: { designation: string }) => c.designation === "liability");
    const res = await t.app.inject({
      method: "PUT",
      url: `/v2/staff_super_admin/master-policies/${masterA}`,
      headers: as.superAdmin,
      payload: {
        base: 200_000,
        policy: {
          expiration_date: "2027-06-30",
          policy_coverages_attributes: [{ id: liability.id, designation: "liability", limit: 20_000_000, deductible: 50_000 }, { designation: "water_backup", limit: 500_000 }],
          master_policy_configurations_attributes: [{ grace_period: 15, charge_date: 5 }],
        },
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ base: 200_000, expiration_date: "2027-06-30" });
    expect(res.json().policy_coverages.map((c: { designation: string; limit: number }) => [c.designation, c.limit])).toEqual([
      ["liability", 20_000_000],
      ["water_backup", 500_000],
    ]);
    expect(res.json().master_policy_configurations[0]).toMatchObject({ grace_period: 15, charge_date: 5, program_delay: 10 });
    const [history] = await t.database.db.select().from(histories).where(eq(histories.recordable_id, masterA)).orderBy(histories.id).then((rows) => rows.filter((h) => h.action === "update"));
    expect(history.data).toMatchObject({
      expiration_date: { previous_value: "2027-01-01", new_value: "2027-06-30" },
      "premium.base": { previous_value: 125_000, new_value: 200_000 },
      "configuration.grace_period": { previous_value: 5, new_value: 15 },
    });
    expect(await t.database.db.select().from(masterPolicyConfigurations).where(eq(masterPolicyConfigurations.configurable_id, masterA))).toHaveLength(1);
    const agent = await t.app.inject({ method: "PUT", url: `/v2/staff_agency/master-policies/${masterA}`, headers: as.agentA, payload: { base: 1 } });
    expect(agent.statusCode).toBe(403);
    const staffRes = await t.app.inject({ method: "PUT", url: `/v2/staff_account/master-policies/${masterA}`, headers: as.staffA, payload: { base: 1 } });
    expect(staffRes.statusCode).toBe(403);
  });

  it("refuses an edit with a coverage id of another policy", async () => {
    const other = (await t.app.inject({ method: "GET", url: `/v2/staff_super_admin/master-policies/${masterB}`, headers: as.superAdmin })).json();
    const res = await t.app.inject({
      method: "PUT",
      url: `/v2/staff_super_admin/master-policies/${masterA}`,
      headers: as.superAdmin,
      payload: { policy: { policy_coverages_attributes: [{ id: other.policy_coverages[0].id, designation: "liability", limit: 1 }] } },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors["policy.policy_coverages_attributes.0.id"]).toBe("is invalid");
  });
});
