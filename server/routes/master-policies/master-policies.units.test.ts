import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { carriers, histories, insurables, leaseUsers, leases, policies, policyInsurables, policyUsers } from "../../db/schema";
import type { InlineQueue } from "../../jobs/queue";
import type { AuthHeaders, TestApp } from "../../test/helpers";
import { type World, worldApp } from "../../test/world-app";
import { runAutoAssign } from "./master-policies.coverage";

let t: TestApp;
let world: World;
let carrierId: number;
let as: Record<"superAdmin" | "staffA" | "staffB" | "agentA", AuthHeaders>;
let seq = 0;
const SA = "/v2/staff_super_admin/master-policies";
const today = new Date().toISOString().slice(0, 10);
const daysFrom = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** A community of `accountId` with a building of `perBuilding` units and `direct` units right under it; every unit leased unless told. */
async function property(accountId: number, opts: { direct?: number; perBuilding?: number; vacant?: number; leaseStart?: string } = {}) {
  const db = t.database.db;
  const n = ++seq;
  const [community] = await db.insert(insurables).values({ title: `Community ${n}`, account_id: accountId, insurable_type_id: 1 }).returning();
  const [building] = await db.insert(insurables).values({ title: `Building ${n}`, account_id: accountId, insurable_type_id: 7, insurable_id: community.id }).returning();
  const units = [];
  for (let i = 0; i < (opts.direct ?? 2); i++) units.push((await db.insert(insurables).values({ title: `${n}0${i}`, account_id: accountId, insurable_type_id: 4, insurable_id: community.id }).returning())[0]);
  for (let i = 0; i < (opts.perBuilding ?? 2); i++) units.push((await db.insert(insurables).values({ title: `${n}B${i}`, account_id: accountId, insurable_type_id: 4, insurable_id: building.id }).returning())[0]);
  const leased = units.slice(0, units.length - (opts.vacant ?? 0));
  for (const unit of leased) {
    const [lease] = await db
      .insert(leases)
      .values({ reference: `L-${unit.id}`, start_date: opts.leaseStart ?? "2026-01-01", end_date: "2027-12-31", status: "current", insurable_id: unit.id, account_id: accountId })
      .returning();
    await db.insert(leaseUsers).values({ lease_id: lease.id, user_id: world.users.A.id, primary: true });
    await db.update(insurables).set({ occupied: true }).where(eq(insurables.id, unit.id));
  }
  return { community, building, units };
}

async function master(accountId: number, config: Record<string, unknown> = {}) {
  const res = await t.app.inject({
    method: "POST",
    url: SA,
    headers: as.superAdmin,
    payload: {
      carrier_id: carrierId,
      account_id: accountId,
      base: 100_000,
      policy: {
        number: `MPU-${++seq}`,
        effective_date: "2026-01-01",
        expiration_date: "2027-12-31",
        policy_coverages_attributes: [{ designation: "liability", limit: 10_000_000 }],
        master_policy_configurations_attributes: [{ program_type: "auto", program_delay: 0, grace_period: 0, placement_cost: 3_000, admin_fee: 600, prorate_charges: true, ...config }],
      },
    },
  });
  expect(res.statusCode).toBe(201);
  return res.json().id as number;
}

const post = (url: string, payload: object, headers = as.superAdmin) => t.app.inject({ method: "POST", url, headers, payload });
const put = (url: string, payload: object, headers = as.superAdmin) => t.app.inject({ method: "PUT", url, headers, payload });
const get = (url: string, headers = as.superAdmin) => t.app.inject({ method: "GET", url, headers });
const ids = (res: { json(): Array<{ id: number }> }) => res.json().map((r) => r.id);

beforeAll(async () => {
  ({ t, world, as } = await worldApp(["superAdmin", "staffA", "staffB", "agentA"], { LOG_LEVEL: "error" }));
  const [carrier] = await t.database.db.insert(carriers).values({ title: "Master Carrier", enabled: true }).returning();
  carrierId = carrier.id;
}, 60_000);
afterAll(() => t.close());

describe("communities", () => {
  it("adds a community of the master's account once; another account's insurable or a unit is not the account's", async () => {
    const mp = await master(world.accounts.A.id);
    const own = await property(world.accounts.A.id);
    const foreign = await property(world.accounts.B.id);
    const available = await get(`${SA}/${mp}/available_top_insurables?pagination[per]=100`);
    expect(ids(available)).toEqual(expect.arrayContaining([own.community.id, own.building.id]));
    expect(ids(available)).not.toContain(foreign.community.id);

    const added = await post(`${SA}/${mp}/add_insurable`, { insurable_id: own.community.id, auto_assign: true });
    expect(added.statusCode).toBe(200);
    expect(added.json()).toEqual({ message: "Community added", allow_edit: true });
    const again = await post(`${SA}/${mp}/add_insurable`, { insurable_id: own.community.id });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe("Insurable already added");
    // Its building is already in through the community.
    expect((await post(`${SA}/${mp}/add_insurable`, { insurable_id: own.building.id })).json().message).toBe("Insurable already added");
    for (const insurable_id of [foreign.community.id, own.units[0].id, 999_999]) {
      const res = await post(`${SA}/${mp}/add_insurable`, { insurable_id });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe("Account doesn't have this insurable");
    }
    const communities = await get(`${SA}/${mp}/communities`);
    expect(communities.json()).toMatchObject([{ id: own.community.id, title: own.community.title, auto_assign: true, units_count: 4, covered_units_count: 0 }]);
    expect(ids(await get(`${SA}/${mp}/available_top_insurables?pagination[per]=100`))).not.toContain(own.building.id);
  });

  it("lets staff and agents read their master's communities, never another tenant's, and never write", async () => {
    const mp = await master(world.accounts.A.id);
    const own = await property(world.accounts.A.id);
    await post(`${SA}/${mp}/add_insurable`, { insurable_id: own.community.id });
    expect((await get(`/v2/staff_account/master-policies/${mp}/communities`, as.staffA)).statusCode).toBe(200);
    expect((await get(`/v2/staff_agency/master-policies/${mp}/covered_units`, as.agentA)).statusCode).toBe(200);
    expect((await get(`/v2/staff_account/master-policies/${mp}/communities`, as.staffB)).statusCode).toBe(404);
    expect((await post(`/v2/staff_account/master-policies/${mp}/cover_unit`, { insurable_id: own.units[0].id }, as.staffA)).statusCode).toBe(403);
    expect((await post(`/v2/staff_agency/master-policies/${mp}/add_insurable`, { insurable_id: own.community.id }, as.agentA)).statusCode).toBe(403);
    expect((await put(`/v2/staff_agency/master-policies/${mp}/cancel`, {}, as.agentA)).statusCode).toBe(403);
  });
});

describe("cover_unit", () => {
  it("covers an occupied unit with a child policy: master-coverage type, copied carrier and coverages, the residents, the unit covered, history", async () => {
    const mp = await master(world.accounts.A.id);
    const p = await property(world.accounts.A.id, { vacant: 1 });
    await post(`${SA}/${mp}/add_insurable`, { insurable_id: p.community.id });
    const unit = p.units[2]; // in the building
    expect(ids(await get(`${SA}/${mp}/available_units?pagination[per]=100`))).toEqual(expect.arrayContaining([p.units[0].id, p.units[1].id, unit.id]));
    expect(ids(await get(`${SA}/${mp}/available_units?pagination[per]=100`))).not.toContain(p.units[3].id); // vacant

    const res = await post(`${SA}/${mp}/cover_unit`, { insurable_id: unit.id });
    expect(res.statusCode).toBe(200);
    const child = res.json();
    const [masterRow] = await t.database.db.select().from(policies).where(eq(policies.id, mp));
    expect(child).toMatchObject({ status: "BOUND", policy_id: mp, policy_type_id: 3, insurable_id: unit.id, expiration_date: "2027-12-31" });
    expect(child.number).toMatch(new RegExp(`^${masterRow.number}_[0-9A-F]{8}$`));
    const [row] = await t.database.db.select().from(policies).where(eq(policies.id, child.id));
    expect(row).toMatchObject({ carrier_id: carrierId, account_id: world.accounts.A.id, agency_id: world.agencies.A.id });
    expect(await t.database.db.select({ user_id: policyUsers.user_id }).from(policyUsers).where(eq(policyUsers.policy_id, child.id))).toEqual([{ user_id: world.users.A.id }]);
    const [after] = await t.database.db.select().from(insurables).where(eq(insurables.id, unit.id));
    expect(after.covered).toBe(true);
    const unitHistory = await t.database.db.select().from(histories).where(and(eq(histories.recordable_type, "Insurable"), eq(histories.recordable_id, unit.id)));
    expect(unitHistory.map((h) => h.data)).toContainEqual({ master_policy_coverage: { previous_value: null, new_value: child.number } });

    const covered = await get(`${SA}/${mp}/covered_units`);
    expect(covered.json()).toMatchObject([{ id: child.id, insurable: { id: unit.id }, building: { id: p.building.id }, community: { id: p.community.id } }]);
    expect(ids(await get(`${SA}/${mp}/available_units?pagination[per]=100`))).not.toContain(unit.id);
    expect((await get(`${SA}/${mp}`)).json().covered_units).toBe(1);
    // The coverage's policy page shows its master's configuration (document 2, Coverage tab).
    const detail = await get(`/v2/staff_super_admin/policies/${child.id}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().master_policy_configuration).toMatchObject({ program_type: "auto", placement_cost: 3_000, admin_fee: 600, prorate_charges: true });
  });

  it("answers 400 bad_unit for a covered, vacant or foreign unit, and for a unit outside the master's communities", async () => {
    const mp = await master(world.accounts.A.id);
    const p = await property(world.accounts.A.id, { vacant: 1 });
    const outside = await property(world.accounts.A.id);
    await post(`${SA}/${mp}/add_insurable`, { insurable_id: p.community.id });
    // A resident's own policy in force.
    const [own] = await t.database.db
      .insert(policies)
      .values({ number: `OWN-${++seq}`, status: "EXTERNAL_VERIFIED", policy_type_id: 1, account_id: world.accounts.A.id, effective_date: "2026-01-01", expiration_date: "2027-06-01" })
      .returning();
    await t.database.db.insert(policyInsurables).values({ policy_id: own.id, insurable_id: p.units[0].id });
    const foreign = await property(world.accounts.B.id);
    for (const unit of [p.units[0], p.units[3], outside.units[0], foreign.units[0]]) {
      const res = await post(`${SA}/${mp}/cover_unit`, { insurable_id: unit.id });
      expect(res.statusCode, unit.title).toBe(400);
      expect(res.json().error).toBe("bad_unit");
    }
    expect(await t.database.db.select().from(policies).where(eq(policies.policy_id, mp))).toEqual([]);
  });

  it("covers a unit once when asked twice at the same time", async () => {
    const mp = await master(world.accounts.A.id);
    const p = await property(world.accounts.A.id);
    await post(`${SA}/${mp}/add_insurable`, { insurable_id: p.community.id });
    const [a, b] = await Promise.all([post(`${SA}/${mp}/cover_unit`, { insurable_id: p.units[0].id }), post(`${SA}/${mp}/cover_unit`, { insurable_id: p.units[0].id })]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 400]);
    expect(await t.database.db.select().from(policies).where(eq(policies.policy_id, mp))).toHaveLength(1);
  });
});

describe("cancelling", () => {
  it("cancels one coverage: the child is CANCELLED today, the unit uncovered and listed as historically covered", async () => {
    const mp = await master(world.accounts.A.id);
    const p = await property(world.accounts.A.id);
    await post(`${SA}/${mp}/add_insurable`, { insurable_id: p.community.id });
    const child = (await post(`${SA}/${mp}/cover_unit`, { insurable_id: p.units[0].id })).json();
    const res = await put(`${SA}/${mp}/cancel_coverage`, { master_policy_coverage_id: child.id });
    expect(res.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(policies).where(eq(policies.id, child.id));
    expect(row).toMatchObject({ status: "CANCELLED", cancellation_date: today });
    const [unit] = await t.database.db.select().from(insurables).where(eq(insurables.id, p.units[0].id));
    expect(unit.covered).toBe(false);
    expect(ids(await get(`${SA}/${mp}/historically_coverage_units`))).toEqual([child.id]);
    expect(await get(`${SA}/${mp}/covered_units`).then((r) => r.json())).toEqual([]);
    expect((await put(`${SA}/${mp}/cancel_coverage`, { master_policy_coverage_id: child.id })).statusCode).toBe(400);
    expect((await put(`${SA}/${mp}/cancel_coverage`, { master_policy_coverage_id: world.policies.A.id })).statusCode).toBe(404);
    // The unit can be covered again.
    expect((await post(`${SA}/${mp}/cover_unit`, { insurable_id: p.units[0].id })).statusCode).toBe(200);
  });

  it("cancels one community: its coverages end, it leaves the programme, other communities stay", async () => {
    const mp = await master(world.accounts.A.id);
    const first = await property(world.accounts.A.id);
    const second = await property(world.accounts.A.id);
    await post(`${SA}/${mp}/add_insurable`, { insurable_id: first.community.id });
    await post(`${SA}/${mp}/add_insurable`, { insurable_id: second.building.id });
    await post(`${SA}/${mp}/cover_unit`, { insurable_id: first.units[2].id });
    const kept = (await post(`${SA}/${mp}/cover_unit`, { insurable_id: second.units[2].id })).json();
    const res = await put(`${SA}/${mp}/cancel_insurable`, { insurable_id: first.community.id });
    expect(res.json()).toMatchObject({ cancelled_coverages: 1 });
    expect(ids(await get(`${SA}/${mp}/communities`))).toEqual([second.building.id]);
    expect(ids(await get(`${SA}/${mp}/covered_units`))).toEqual([kept.id]);
    expect((await put(`${SA}/${mp}/cancel_insurable`, { insurable_id: first.community.id })).statusCode).toBe(404);
  });

  it("cancels the master in a job: children first, then the master, units uncovered; the answer names it", async () => {
    const mp = await master(world.accounts.A.id);
    const p = await property(world.accounts.A.id);
    await post(`${SA}/${mp}/add_insurable`, { insurable_id: p.community.id });
    const children = [];
    for (const unit of p.units.slice(0, 3)) children.push((await post(`${SA}/${mp}/cover_unit`, { insurable_id: unit.id })).json().id);
    const [row] = await t.database.db.select().from(policies).where(eq(policies.id, mp));
    const res = await put(`${SA}/${mp}/cancel`, {});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: `Master policy ${row.number} was successfully cancelled` });
    await (t.app.jobs as InlineQueue).idle();
    const after = await t.database.db.select().from(policies).where(inArray(policies.id, [mp, ...children]));
    expect(after.every((r) => r.status === "CANCELLED" && r.cancellation_date === today)).toBe(true);
    expect(after.find((r) => r.id === mp)!.expiration_date).toBe(today);
    const units = await t.database.db.select().from(insurables).where(inArray(insurables.id, p.units.map((u) => u.id)));
    expect(units.every((u) => !u.covered)).toBe(true);
    const listed = await get(`${SA}?filter[status]=CANCELLED&filter[id]=${mp}`);
    expect(ids(listed)).toEqual([mp]);
    // Cancelled: no second cancel, no new coverage, no edit.
    expect((await put(`${SA}/${mp}/cancel`, {})).statusCode).toBe(400);
    expect((await post(`${SA}/${mp}/cover_unit`, { insurable_id: p.units[3].id })).statusCode).toBe(400);
    expect((await put(`${SA}/${mp}`, { base: 1 })).statusCode).toBe(422);
  });
});

describe("auto-assign", () => {
  it("toggles one community and all", async () => {
    const mp = await master(world.accounts.A.id);
    const p = await property(world.accounts.A.id);
    await post(`${SA}/${mp}/add_insurable`, { insurable_id: p.community.id });
    expect((await put(`${SA}/${mp}/auto_assign_insurable`, { insurable_id: p.community.id })).json()).toEqual({ insurable_id: p.community.id, auto_assign: true });
    expect((await put(`${SA}/${mp}/auto_assign_insurable`, { insurable_id: p.community.id })).json().auto_assign).toBe(false);
    expect((await put(`${SA}/${mp}/auto_assign_all`, { auto_assign_value: true })).json()).toEqual({ auto_assign: true, updated: 1 });
    expect((await get(`${SA}/${mp}/communities`)).json()[0].auto_assign).toBe(true);
  });

  it("covers units of auto-assign communities after the programme delay and the lease's grace period, and ends a coverage when the resident's own policy is in force", async () => {
    const start = "2026-06-01";
    // Settle the other tests' auto-assign communities first, so the counts below are this scenario's.
    await runAutoAssign(t.database.db, daysFrom(start, 9));
    const mp = await master(world.accounts.A1.id, { program_start_date: start, program_delay: 10, grace_period: 5 });
    const p = await property(world.accounts.A1.id, { direct: 1, perBuilding: 1, leaseStart: daysFrom(start, 12) });
    const manual = await property(world.accounts.A1.id, { direct: 1, perBuilding: 0 });
    await post(`${SA}/${mp}/add_insurable`, { insurable_id: p.community.id, auto_assign: true });
    await post(`${SA}/${mp}/add_insurable`, { insurable_id: manual.community.id, auto_assign: false });

    // Day 9: the programme has not started.
    expect(await runAutoAssign(t.database.db, daysFrom(start, 9))).toEqual({ covered: 0, uncovered: 0 });
    // Day 12: started, but the leases began today and have 5 days of grace.
    expect(await runAutoAssign(t.database.db, daysFrom(start, 12))).toEqual({ covered: 0, uncovered: 0 });
    // Day 17: both units of the auto-assign community are covered; the other community's unit is not.
    expect(await runAutoAssign(t.database.db, daysFrom(start, 17))).toEqual({ covered: 2, uncovered: 0 });
    const children = await t.database.db.select().from(policies).where(eq(policies.policy_id, mp));
    expect(children).toHaveLength(2);
    // Running again changes nothing.
    expect(await runAutoAssign(t.database.db, daysFrom(start, 18))).toEqual({ covered: 0, uncovered: 0 });

    // Day 30: the resident of one unit buys their own policy; the master coverage of that unit ends.
    const [own] = await t.database.db
      .insert(policies)
      .values({ number: `OWN-${++seq}`, status: "BOUND", policy_type_id: 1, account_id: world.accounts.A1.id, effective_date: daysFrom(start, 30), expiration_date: "2027-06-01" })
      .returning();
    await t.database.db.insert(policyInsurables).values({ policy_id: own.id, insurable_id: p.units[0].id });
    expect(await runAutoAssign(t.database.db, daysFrom(start, 30))).toEqual({ covered: 0, uncovered: 1 });
    const history = await t.database.db.select().from(histories).where(and(eq(histories.recordable_type, "Insurable"), eq(histories.recordable_id, p.units[0].id)));
    expect(history.map((h) => h.process)).toEqual(["job", "job"]);
    expect(history.map((h) => h.author)).toEqual(["System", "System"]);
  });
});

describe("calculate_cost and coverage_options", () => {
  it("prices a placement from the configuration, prorating what it says to prorate", async () => {
    const mp = await master(world.accounts.A.id, { placement_cost: 3_000, admin_fee: 600, prorate_charges: true, prorate_admin_fee: false });
    const p = await property(world.accounts.A.id);
    const res = await t.app.inject({ method: "POST", url: "/v2/staff_super_admin/policies/calculate_cost", headers: as.superAdmin, payload: { id: mp, insurable_id: p.units[0].id, start_date: "2026-11-21" } });
    expect(res.statusCode).toBe(200);
    // 10 of November's 30 days: 1,000 + the whole admin fee.
    expect(res.json()).toEqual({ total_placement_amount: 1_600, placement_cost: 1_000, admin_fee: 600 });
    const foreign = await property(world.accounts.B.id);
    expect((await t.app.inject({ method: "POST", url: "/v2/staff_super_admin/policies/calculate_cost", headers: as.superAdmin, payload: { id: mp, insurable_id: foreign.units[0].id, start_date: "2026-11-21" } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "POST", url: "/v2/staff_super_admin/policies/calculate_cost", headers: as.superAdmin, payload: { id: mp, insurable_id: p.units[0].id, start_date: "2026-02-30" } })).statusCode).toBe(422);
  });

  it("offers the coverage designations", async () => {
    const res = await t.app.inject({ method: "POST", url: "/v2/staff_super_admin/config/master_policies/coverage_options", headers: as.superAdmin, payload: {} });
    expect(res.json().coverage_options.slice(0, 3)).toEqual([
      { designation: "contents", title: "Contents" },
      { designation: "loss_of_use", title: "Loss of use" },
      { designation: "liability", title: "Liability" },
    ]);
  });
});
