import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reportableIdOfState } from "../../../src/domain/coverageSnapshots";
import { addresses, insurables, integrationProfiles, leases, policies, policyInsurables } from "../../db/schema";
import { queryRows } from "../../lib/list";
import { writeSnapshot } from "../../reporting/snapshots";
import { buildWorld } from "../../test/fixtures";
import { createTestApp, signInAs, type AuthHeaders, type TestApp } from "../../test/helpers";

let t: TestApp;
let world: Awaited<ReturnType<typeof buildWorld>>;
const as: Record<string, AuthHeaders> = {};
const ids: Record<string, number> = {};
const post = (url: string, headers?: AuthHeaders, payload: object = {}) => t.app.inject({ method: "POST", url, headers, payload });
const D = "2026-03-15";

/**
 * A fixed portfolio on 2026-03-15: community C1 (account A, CA, one integration profile) with units U1–U6, community
 * C2 (account B, NY) with U7–U8. U1 an in-platform policy (ho4_internal); U2 one of each (ho4_both); U3 a verified
 * proof (ho4_external); U4 a master coverage (master); U5 an unverified proof (unknown); U6 no lease (unoccupied,
 * its policy aside); U7 leased with a rejected proof and an expired policy (none); U8 disabled (excluded).
 */
beforeAll(async () => {
  t = await createTestApp();
  world = await buildWorld(t.database.db);
  for (const [key, email] of Object.entries({ superAdmin: "super.admin@test.dev", agentA: "agent.a@test.dev", agentB: "agent.b@test.dev", staffA: "staff.a@test.dev", staffB: "staff.b@test.dev", support: "policy.support@test.dev" })) {
    as[key] = await signInAs(t.app, email);
  }
  const db = t.database.db;
  const place = async (key: string, values: Partial<typeof insurables.$inferInsert> & { insurable_type_id: number }) => {
    const [row] = await db.insert(insurables).values({ title: key, ...values }).returning();
    ids[key] = row.id;
    return row.id;
  };
  const c1 = await place("C1", { insurable_type_id: 1, account_id: world.accounts.A.id });
  const c2 = await place("C2", { insurable_type_id: 1, account_id: world.accounts.B.id });
  await db.insert(addresses).values([
    { addressable_type: "Insurable", addressable_id: c1, state: "CA", city: "Los Angeles" },
    { addressable_type: "Insurable", addressable_id: c2, state: "NY", city: "New York" },
  ]);
  const [ip] = await db.insert(integrationProfiles).values({ external_id: "yardi-c1", profileable_type: "Insurable", profileable_id: c1, external_context: "community" }).returning();
  ids.IP = ip.id;
  const b1 = await place("B1", { insurable_type_id: 7, account_id: world.accounts.A.id, insurable_id: c1 });
  for (const u of ["U1", "U2", "U3"]) await place(u, { insurable_type_id: 4, account_id: world.accounts.A.id, insurable_id: b1 });
  for (const u of ["U4", "U5", "U6"]) await place(u, { insurable_type_id: 4, account_id: world.accounts.A.id, insurable_id: c1 });
  await place("U7", { insurable_type_id: 4, account_id: world.accounts.B.id, insurable_id: c2 });
  await place("U8", { insurable_type_id: 4, account_id: world.accounts.B.id, insurable_id: c2, enabled: false });
  for (const u of ["U1", "U2", "U3", "U4", "U5", "U7", "U8"]) {
    await db.insert(leases).values({ reference: `L-${u}`, start_date: "2026-01-01", end_date: "2026-12-31", insurable_id: ids[u], status: "current" });
  }
  let n = 0;
  const cover = async (unit: string, status: (typeof policies.$inferInsert)["status"], extra: Partial<typeof policies.$inferInsert> = {}) => {
    const [p] = await db
      .insert(policies)
      .values({ number: `SNAP-${++n}`, status, policy_type_id: 1, effective_date: "2026-01-01", expiration_date: "2027-01-01", ...extra })
      .returning();
    await db.insert(policyInsurables).values({ policy_id: p.id, insurable_id: ids[unit] });
  };
  await cover("U1", "BOUND", { policy_in_system: true });
  await cover("U2", "BOUND", { policy_in_system: true });
  await cover("U2", "EXTERNAL_VERIFIED");
  await cover("U3", "EXTERNAL_VERIFIED");
  await cover("U4", "BOUND", { policy_type_id: 3, policy_in_system: true });
  await cover("U5", "EXTERNAL_UNVERIFIED");
  await cover("U6", "EXTERNAL_VERIFIED");
  await cover("U7", "EXTERNAL_REJECTED");
  await cover("U7", "BOUND", { policy_in_system: true, effective_date: "2025-01-01", expiration_date: "2026-01-01" });
  await writeSnapshot(db, D);
  await writeSnapshot(db, "2026-02-01");
}, 60_000);
afterAll(() => t.close());

const series = (body: { data: Record<string, Record<string, Array<number | null>>>; meta: { report_dates: string[] } }, field: string, id: number): number | null =>
  body.data[field][String(id)][body.meta.report_dates.indexOf(D)];

describe("coverage snapshots (document 3 sections 3 and 7)", () => {
  it("classifies every unit once and adds up for the System", async () => {
    const res = await post("/v2/staff_super_admin/compound_coverage_snapshots/time_series", as.superAdmin, { reportable_type: "System", fields: null });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.meta).toMatchObject({ report_dates: ["2026-02-01", D], reportable_ids: [0], reportable_type: "System" });
    const v = (f: string) => series(body, f, 0);
    expect(v("total_units")).toBe(8);
    const classes = ["excluded", "unoccupied", "ho4_both", "ho4_internal", "ho4_external", "master", "unknown", "none"];
    expect(classes.map((c) => v(`total_units_${c}`))).toEqual([1, 1, 1, 1, 1, 1, 1, 1]);
    expect(classes.reduce((s, c) => s + (v(`total_units_${c}`) ?? 0), 0)).toBe(v("total_units"));
    expect(v("total_units_ho4")).toBe(3);
    expect(v("total_units_ho4_either")).toBe(2);
    expect(v("total_units_ho4_broad_internal")).toBe(2);
    expect(v("total_units_ho4_broad_external")).toBe(3);
    // Compliance: (3 HO4 + 1 master) of the 6 occupied, not excluded units.
    expect(v("percent_units")).toBe(66.67);
    expect(v("percent_units_none")).toBe(12.5);
    // Policies count on every unit, unoccupied ones too (U6's proof).
    expect([v("ho4_policies_bound"), v("ho4_policies_verified"), v("ho4_policies_unverified"), v("ho4_policies_rejected")]).toEqual([2, 3, 1, 1]);
  });

  it("answers each account, community, state and integration profile; the parts add up to the System", async () => {
    const get = async (type: string) => (await post("/v2/staff_super_admin/compound_coverage_snapshots/time_series", as.superAdmin, { reportable_type: type, fields: ["total_units", "percent_units", "total_units_none"] })).json();
    const accounts = await get("Account");
    expect(accounts.meta.reportable_ids).toEqual([world.accounts.A.id, world.accounts.B.id]);
    expect(accounts.meta.titles).toEqual({ [world.accounts.A.id]: "Account A", [world.accounts.B.id]: "Account B" });
    expect((series(accounts, "total_units", world.accounts.A.id) ?? 0) + (series(accounts, "total_units", world.accounts.B.id) ?? 0)).toBe(8);
    expect(series(accounts, "percent_units", world.accounts.A.id)).toBe(80);
    expect(series(accounts, "percent_units", world.accounts.B.id)).toBe(0);
    const states = await get("InsurableGeographicalCategory");
    expect(states.meta.reportable_ids).toEqual([reportableIdOfState("CA"), reportableIdOfState("NY")].sort((a, b) => a - b));
    expect(states.meta.titles[reportableIdOfState("NY")]).toBe("NY");
    expect(series(states, "total_units_none", reportableIdOfState("NY"))).toBe(1);
    const communities = await get("Insurable");
    expect(series(communities, "total_units", ids.C1)).toBe(6);
    const profiles = await get("IntegrationProfile");
    expect(profiles.meta.reportable_ids).toEqual([ids.IP]);
    expect(series(profiles, "total_units", ids.IP)).toBe(6);
  });

  it("rewrites a date instead of adding to it, and tells the span of dates", async () => {
    const count = async () => (await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM coverage_snapshots WHERE report_date = ${D}`))[0].n;
    const before = await count();
    expect(before).toBeGreaterThan(0);
    expect(await writeSnapshot(t.database.db, D)).toBe(before);
    expect(await count()).toBe(before);
    const span = (await post("/v2/staff_super_admin/compound_coverage_snapshots/data_span", as.superAdmin, { reportable_type: "System" })).json();
    expect(span).toMatchObject({ start_date: "2026-02-01", end_date: D, report_dates_count: 2, reportable_type: "System" });
  });

  it("scopes staff to their account and agents to their tree's accounts; System and states are the super admin's", async () => {
    const staff = (await post("/v2/staff_account/compound_coverage_snapshots/time_series", as.staffA, { fields: ["total_units"] })).json();
    expect(staff.meta).toMatchObject({ reportable_type: "Account", reportable_ids: [world.accounts.A.id] });
    const asked = (await post("/v2/staff_account/compound_coverage_snapshots/time_series", as.staffA, { reportable_ids: [world.accounts.B.id] })).json();
    expect(asked.meta.reportable_ids).toEqual([]);
    const communities = (await post("/v2/staff_account/compound_coverage_snapshots/time_series", as.staffB, { reportable_type: "Insurable" })).json();
    expect(communities.meta.reportable_ids).toEqual([ids.C2]);
    const agentA = (await post("/v2/staff_agency/compound_coverage_snapshots/time_series", as.agentA, {})).json();
    expect(agentA.meta.reportable_ids).toEqual([world.accounts.A.id]);
    const agentB = (await post("/v2/staff_agency/compound_coverage_snapshots/data_span", as.agentB, {})).json();
    expect(agentB).toMatchObject({ reportable_type: "Account", report_dates_count: 2 });
    expect((await post("/v2/staff_account/compound_coverage_snapshots/time_series", as.staffA, { reportable_type: "System" })).statusCode).toBe(403);
    expect((await post("/v2/staff_agency/compound_coverage_snapshots/time_series", as.agentA, { reportable_type: "InsurableGeographicalCategory" })).statusCode).toBe(403);
    expect((await post("/v2/policy-support/compound_coverage_snapshots/time_series", as.support, {})).statusCode).toBe(403);
    expect((await post("/v2/compound_coverage_snapshots/time_series", undefined, {})).statusCode).toBe(401);
  });

  it("passes unknown field names through as nulls and refuses bad input with 422", async () => {
    const body = (await post("/v2/staff_super_admin/compound_coverage_snapshots/time_series", as.superAdmin, { fields: ["deduced"] })).json();
    expect(body.data.deduced["0"]).toEqual([null, null]);
    const base = "/v2/staff_super_admin/compound_coverage_snapshots/time_series";
    expect((await post(base, as.superAdmin, { start_date: "2026-02-30" })).statusCode).toBe(422);
    expect((await post(base, as.superAdmin, { start_date: "2026-03-10", end_date: "2026-03-01" })).statusCode).toBe(422);
    expect((await post(base, as.superAdmin, { reportable_type: "Planet" })).statusCode).toBe(422);
    expect((await post(base, as.superAdmin, { fields: ["x".repeat(100)] })).statusCode).toBe(422);
    expect((await post(base, as.superAdmin, { reportable_ids: ["all"] })).statusCode).toBe(422);
    expect((await post(base, as.superAdmin, { colour: "red" })).statusCode).toBe(422);
  });
});
