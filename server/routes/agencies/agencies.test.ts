import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, agencies, agencyPermissions, histories, staff, staffPermissions } from "../../db/schema";
import { queryRows } from "../../lib/list";
import { type AuthHeaders, type TestApp } from "../../test/helpers";
import { type World, worldApp } from "../../test/world-app";

let t: TestApp;
let world: World;
let as: Record<"superAdmin" | "agentA" | "agentA1" | "agentB" | "staffA", AuthHeaders>;

beforeAll(async () => ({ t, world, as } = await worldApp(["superAdmin", "agentA", "agentA1", "agentB", "staffA"])));
afterAll(() => t.close());

type Method = "GET" | "POST" | "PUT";
const call = (method: Method, url: string, headers: AuthHeaders, payload?: object) => t.app.inject({ method, url, headers, payload });
const titles = (rows: Array<{ title: string }>) => rows.map((r) => r.title);

describe("agencies list and show", () => {
  it("super admins list top-level agencies, or all with_subagencies; agents their own tree; staff nothing", async () => {
    const top = await call("GET", "/v2/staff_super_admin/agencies?sort[column]=title&sort[direction]=asc", as.superAdmin);
    expect(top.statusCode).toBe(200);
    expect(titles(top.json())).toEqual(["Agency A", "Agency B"]);
    expect(top.json()[0].agencies).toEqual([{ id: world.agencies.A1.id, title: "Agency A1", enabled: true }]);
    const all = await call("GET", "/v2/staff_super_admin/agencies?with_subagencies=true&filter[title][like]=a1", as.superAdmin);
    expect(titles(all.json())).toEqual(["Agency A1"]);
    expect(all.json()[0].parent).toEqual({ id: world.agencies.A.id, title: "Agency A" });
    expect(titles((await call("GET", "/v2/staff_agency/agencies", as.agentA)).json())).toEqual(["Agency A", "Agency A1"]);
    expect(titles((await call("GET", "/v2/staff_agency/agencies", as.agentA1)).json())).toEqual(["Agency A1"]);
    expect((await call("GET", "/v2/staff_account/agencies", as.staffA)).statusCode).toBe(403);
  });

  it("an agent reads its own agency and sub-agency, never another agency (404)", async () => {
    const own = await call("GET", `/v2/staff_agency/agencies/${world.agencies.A.id}`, as.agentA);
    expect(own.json()).toMatchObject({ title: "Agency A", agency_id: null, addresses: [] });
    expect(own.json().global_permission.permissions.every((p: { value: boolean }) => p.value)).toBe(true);
    expect((await call("GET", `/v2/staff_agency/agencies/${world.agencies.A1.id}`, as.agentA)).statusCode).toBe(200);
    expect((await call("GET", `/v2/staff_agency/agencies/${world.agencies.B.id}`, as.agentA)).statusCode).toBe(404);
    expect((await call("GET", `/v2/staff_agency/agencies/${world.agencies.A.id}`, as.agentA1)).statusCode).toBe(404);
    expect((await call("PUT", `/v2/staff_agency/agencies/${world.agencies.B.id}`, as.agentA, { agency: { title: "Mine" } })).statusCode).toBe(404);
  });
});

describe("agency create and update: two levels", () => {
  it("an agent creates a sub-agency under its own agency; a super admin a top-level agency with a producer code", async () => {
    const sub = await call("POST", "/v2/staff_agency/agencies", as.agentA, { agency: { title: "Agency A2", contact_info: { contact_email: "a2@test.dev" } } });
    expect(sub.statusCode).toBe(201);
    expect(sub.json()).toMatchObject({ title: "Agency A2", agency_id: world.agencies.A.id, enabled: true });
    expect(sub.json().producer_code).toMatch(/^[0-9A-F]{10}$/);
    const [history] = await t.database.db.select().from(histories).where(and(eq(histories.recordable_type, "Agency"), eq(histories.recordable_id, sub.json().id)));
    expect(history).toMatchObject({ action: "create", author: "agent a" });

    const top = await call("POST", "/v2/staff_super_admin/agencies", as.superAdmin, { agency: { title: "Northwind", producer_code: "NW-1" } });
    expect(top.json()).toMatchObject({ agency_id: null, producer_code: "NW-1" });
    const taken = await call("POST", "/v2/staff_super_admin/agencies", as.superAdmin, { agency: { title: "Copy", producer_code: "nw-1" } });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual({ producer_code: "has already been taken" });
  });

  it("refuses a sub-agency's sub-agency ('Parent id incorrect') and a top-level agency becoming a sub-agency", async () => {
    const deep = await call("POST", "/v2/staff_super_admin/agencies", as.superAdmin, { agency: { title: "Too deep", agency_id: world.agencies.A1.id } });
    expect(deep.statusCode).toBe(422);
    expect(deep.json().errors).toEqual({ agency_id: "Parent id incorrect" });
    const fromSub = await call("POST", "/v2/staff_agency/agencies", as.agentA1, { agency: { title: "Under A1" } });
    expect(fromSub.statusCode).toBe(422);
    expect(fromSub.json().errors).toEqual({ agency_id: "Parent id incorrect" });
    const demote = await call("PUT", `/v2/staff_super_admin/agencies/${world.agencies.B.id}`, as.superAdmin, { agency: { agency_id: world.agencies.A.id } });
    expect(demote.statusCode).toBe(422);
    expect(demote.json().errors).toEqual({ agency_id: "Agency can't be updated to sub-agency" });
    expect((await call("POST", "/v2/staff_agency/agencies", as.agentA, { agency: { title: "Elsewhere", agency_id: world.agencies.B.id } })).statusCode).toBe(403);
  });

  it("an agent edits its agency details with field errors in the product's words", async () => {
    const bad = await call("PUT", `/v2/staff_agency/agencies/${world.agencies.A.id}`, as.agentA, {
      agency: { title: "", contact_info: { contact_phone: "12" }, addresses_attributes: [{ street_name: "Main", city: "Austin", state: "XX", zip_code: "1" }] },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      title: "The title field is required.",
      "contact_info.contact_phone": "must be a valid phone number",
      "addresses_attributes.0.state": "is not a valid state",
      "addresses_attributes.0.zip_code": "must be a valid zip",
    });
    const ok = await call("PUT", `/v2/staff_agency/agencies/${world.agencies.A.id}`, as.agentA, {
      agency: { title: "Agency A Inc", addresses_attributes: [{ street_number: "1", street_name: "Main St", city: "Austin", state: "TX", zip_code: "73301" }] },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ title: "Agency A Inc", addresses: [{ full: "1 Main St, Austin, TX 73301" }] });
    await call("PUT", `/v2/staff_agency/agencies/${world.agencies.A.id}`, as.agentA, { agency: { title: "Agency A" } });
  });
});

describe("permission sets propagate", () => {
  it("switching a key off on an agency switches it off for its sub-agencies and every staff member below, in one change", async () => {
    const db = t.database.db;
    const res = await call("PUT", `/v2/staff_super_admin/agencies/${world.agencies.A.id}`, as.superAdmin, {
      agency: { global_permission_attributes: { permissions: [{ key: "policies.claims", value: false }] } },
    });
    expect(res.statusCode).toBe(200);
    const keyOf = (list: Array<{ key: string; value: boolean }>) => list.find((p) => p.key === "policies.claims")?.value;
    expect(keyOf(res.json().global_permission.permissions)).toBe(false);
    const subKeys = await db.select().from(agencyPermissions).where(eq(agencyPermissions.agency_id, world.agencies.A1.id));
    expect(keyOf(subKeys)).toBe(false);
    expect(keyOf(subKeys.filter((p) => p.key !== "policies.claims"))).toBeUndefined();
    expect(subKeys.filter((p) => p.key !== "policies.claims").every((p) => p.value)).toBe(true);
    for (const person of [world.staff.agentA, world.staff.agentA1, world.staff.staffA]) {
      const keys = await db.select().from(staffPermissions).where(eq(staffPermissions.staff_id, person.id));
      expect(keyOf(keys), person.email).toBe(false);
      expect(keys.filter((p) => p.key === "policies.policies")[0]?.value, person.email).toBe(true);
    }
    // Another agency's staff keep their keys.
    expect(await db.select().from(staffPermissions).where(eq(staffPermissions.staff_id, world.staff.staffB.id))).toEqual([]);
    // The restricted agent's own "off" stays off, its other keys on.
    const restricted = await db.select().from(staffPermissions).where(eq(staffPermissions.staff_id, world.staff.restricted.id));
    expect(restricted.find((p) => p.key === "property_management.users")?.value).toBe(false);
  });

  it("a sub-agency cannot enable a key its parent lacks; switching on comes back only for the owner", async () => {
    const refused = await call("PUT", `/v2/staff_super_admin/agencies/${world.agencies.A1.id}`, as.superAdmin, {
      agency: { global_permission_attributes: { permissions: [{ key: "policies.claims", value: true }] } },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ "global_permission_attributes.permissions": "policies.claims can't be enabled" });
    // The parent's agents are refused too, and the sub-agency's page says what the parent lacks (the form locks it).
    const byParentAgent = await call("PUT", `/v2/staff_agency/agencies/${world.agencies.A1.id}`, as.agentA, {
      agency: { global_permission_attributes: { permissions: [{ key: "policies.claims", value: true }] } },
    });
    expect(byParentAgent.statusCode).toBe(422);
    expect(byParentAgent.json().errors).toEqual({ "global_permission_attributes.permissions": "policies.claims can't be enabled" });
    const sub = (await call("GET", `/v2/staff_agency/agencies/${world.agencies.A1.id}`, as.agentA)).json();
    const parentHolds = (key: string) => sub.parent_permission.permissions.find((p: { key: string }) => p.key === key)?.value;
    expect(parentHolds("policies.claims")).toBe(false);
    expect(parentHolds("policies.policies")).toBe(true);
    expect((await call("GET", `/v2/staff_super_admin/agencies/${world.agencies.A.id}`, as.superAdmin)).json().parent_permission).toBeNull();
    // Another tree's agency stays a 404.
    expect((await call("GET", `/v2/staff_agency/agencies/${world.agencies.A1.id}`, as.agentB)).statusCode).toBe(404);

    await t.database.db.update(agencies).set({ staff_id: world.staff.agentA.id }).where(eq(agencies.id, world.agencies.A.id));
    await call("PUT", `/v2/staff_super_admin/agencies/${world.agencies.A.id}`, as.superAdmin, { agency: { global_permission_attributes: { permissions: [{ key: "policies.claims", value: true }] } } });
    const owner = await t.database.db.select().from(staffPermissions).where(eq(staffPermissions.staff_id, world.staff.agentA.id));
    expect(owner.find((p) => p.key === "policies.claims")?.value).toBe(true);
    const other = await t.database.db.select().from(staffPermissions).where(eq(staffPermissions.staff_id, world.staff.staffA.id));
    expect(other.find((p) => p.key === "policies.claims")?.value).toBe(false);
  });

  it("an agent does not change its own agency's keys", async () => {
    const res = await call("PUT", `/v2/staff_agency/agencies/${world.agencies.A.id}`, as.agentA, {
      agency: { global_permission_attributes: { permissions: [{ key: "policies.master", value: false }] } },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe("agency enable and disable", () => {
  it("a super admin disables an agency and its agents; enabling brings back only the owner; agents may not", async () => {
    const db = t.database.db;
    const [agency] = await db.insert(agencies).values({ title: "Short-lived", enabled: true }).returning();
    const [owner] = await db.insert(staff).values({ email: "owner.sl@test.dev", role: "agent", organizable_type: "Agency", organizable_id: agency.id, enabled: true, owner: true }).returning();
    await db.insert(staff).values({ email: "agent.sl@test.dev", role: "agent", organizable_type: "Agency", organizable_id: agency.id, enabled: true });
    await db.update(agencies).set({ staff_id: owner.id }).where(eq(agencies.id, agency.id));
    await db.insert(accounts).values({ title: "SL Homes", agency_id: agency.id });

    expect((await call("PUT", `/v2/staff_agency/agencies/${world.agencies.A1.id}/disable`, as.agentA)).statusCode).toBe(403);
    const off = await call("PUT", `/v2/staff_super_admin/agencies/${agency.id}/disable`, as.superAdmin);
    expect(off.json().enabled).toBe(false);
    const states = async () => Object.fromEntries((await db.select().from(staff).where(and(eq(staff.organizable_type, "Agency"), eq(staff.organizable_id, agency.id)))).map((s) => [s.email, s.enabled]));
    expect(await states()).toEqual({ "owner.sl@test.dev": false, "agent.sl@test.dev": false });
    await call("PUT", `/v2/staff_super_admin/agencies/${agency.id}/enable`, as.superAdmin);
    expect(await states()).toEqual({ "owner.sl@test.dev": true, "agent.sl@test.dev": false });
    const history = await call("GET", `/v2/staff_super_admin/agencies/${agency.id}/histories`, as.superAdmin);
    expect(history.json()).toHaveLength(2);
  });

  it("agencies/filter lists what the caller may see", async () => {
    const res = await call("POST", "/v2/staff_agency/agencies/filter", as.agentA, { filter: { title: "agency" } });
    expect(titles(res.json()).sort()).toEqual(expect.arrayContaining(["Agency A", "Agency A1"]));
    expect(titles(res.json())).not.toContain("Agency B");
  });
});

describe("bulk enable and disable (grid kit: picked rows or all matching)", () => {
  const enabledOf = async (ids: number[]) =>
    Object.fromEntries((await t.database.db.select().from(agencies)).filter((a) => ids.includes(a.id)).map((a) => [a.title, a.enabled]));

  it("all matching: the grid's top-level agencies of the filter, or sub-agencies too with with_subagencies; each with a history row and its agents", async () => {
    const db = t.database.db;
    const [oak1, oak2] = await db.insert(agencies).values([{ title: "Bulk Ag Oak 1", enabled: true }, { title: "Bulk Ag Oak 2", enabled: true }]).returning();
    const [oakSub, pine] = await db.insert(agencies).values([{ title: "Bulk Ag Oak Sub", agency_id: oak1.id, enabled: true }, { title: "Bulk Ag Pine", enabled: true }]).returning();
    await db.insert(staff).values({ email: "agent.bulk-oak@test.dev", role: "agent", organizable_type: "Agency", organizable_id: oak2.id, enabled: true });
    const ids = [oak1.id, oak2.id, oakSub.id, pine.id];

    const res = await call("POST", "/v2/staff_super_admin/agencies/bulk_disable", as.superAdmin, { all_matching: true, filter: { title: { like: "bulk ag oak" } } });
    expect(res.statusCode).toBe(200);
    // The agencies grid lists top-level agencies: the sub-agency is not among its matches.
    expect(res.json()).toEqual({ done: [oak1.id, oak2.id], failed: [] });
    expect(await enabledOf(ids)).toEqual({ "Bulk Ag Oak 1": false, "Bulk Ag Oak 2": false, "Bulk Ag Oak Sub": true, "Bulk Ag Pine": true });
    const [agent] = await db.select().from(staff).where(eq(staff.email, "agent.bulk-oak@test.dev"));
    expect(agent.enabled).toBe(false);
    const rows = await db.select().from(histories).where(and(eq(histories.recordable_type, "Agency"), eq(histories.recordable_id, oak1.id)));
    expect(rows.map((h) => [h.action, h.author, h.process, h.data])).toEqual([["update", "super admin", "console", { enabled: { previous_value: true, new_value: false } }]]);

    // The Sub-Agencies screen's grid (with_subagencies) matches the sub-agency too.
    const withSubs = await call("POST", "/v2/staff_super_admin/agencies/bulk_disable", as.superAdmin, { all_matching: true, filter: { title: { like: "bulk ag oak" }, with_subagencies: true } });
    expect(withSubs.json()).toEqual({ done: [oak1.id, oak2.id, oakSub.id], failed: [] });
    const back = await call("POST", "/v2/staff_super_admin/agencies/bulk_enable", as.superAdmin, { ids: [oakSub.id, pine.id] });
    expect(back.json()).toEqual({ done: [oakSub.id, pine.id], failed: [] });
    expect(await enabledOf(ids)).toEqual({ "Bulk Ag Oak 1": false, "Bulk Ag Oak 2": false, "Bulk Ag Oak Sub": true, "Bulk Ag Pine": true });
  });

  it("agents, whose own agency tree it would be, and staff may not (403); nothing changes", async () => {
    const [mine] = await t.database.db.insert(agencies).values({ title: "Bulk Ag Agent Own", agency_id: world.agencies.A.id, enabled: true }).returning();
    expect((await call("POST", "/v2/staff_agency/agencies/bulk_disable", as.agentA, { all_matching: true, filter: { title: { like: "bulk ag" } } })).statusCode).toBe(403);
    expect((await call("POST", "/v2/staff_agency/agencies/bulk_disable", as.agentA, { ids: [mine.id, world.agencies.B.id] })).statusCode).toBe(403);
    expect((await call("POST", "/v2/staff_account/agencies/bulk_enable", as.staffA, { all_matching: true })).statusCode).toBe(403);
    expect(await enabledOf([mine.id, world.agencies.B.id])).toEqual({ "Bulk Ag Agent Own": true, "Agency B": true });
  });

  it("refuses an unknown filter and more than 10,000 matches (422, nothing changed); a filter alone selects nothing", async () => {
    const db = t.database.db;
    expect((await call("POST", "/v2/staff_super_admin/agencies/bulk_disable", as.superAdmin, { all_matching: true, filter: { nope: 1 } })).statusCode).toBe(422);
    expect((await call("POST", "/v2/staff_super_admin/agencies/bulk_disable", as.superAdmin, { filter: { title: { like: "a" } } })).json()).toEqual({ done: [], failed: [] });
    await db.execute(sql`INSERT INTO agencies (title, enabled) SELECT 'Bulk Cap ' || n, true FROM generate_series(1, 10001) n`);
    const capped = await call("POST", "/v2/staff_super_admin/agencies/bulk_disable", as.superAdmin, { all_matching: true, filter: { title: { like: "bulk cap" } } });
    expect(capped.statusCode).toBe(422);
    expect(capped.json().errors.filter).toMatch(/more than 10000 rows/);
    const [{ off }] = await queryRows<{ off: number }>(db, sql`SELECT count(*)::int AS off FROM agencies WHERE title LIKE 'Bulk Cap %' AND NOT enabled`);
    expect(off).toBe(0);
  });
});
