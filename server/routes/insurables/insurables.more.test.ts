import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AuthHeaders, type TestApp } from "../../test/helpers";
import { type World, worldApp } from "../../test/world-app";

let t: TestApp;
let world: World;
let as: Record<"superAdmin" | "agentA" | "agentB" | "staffA" | "staffB" | "support", AuthHeaders>;
const ids: Record<string, number> = {};

const call = (method: "GET" | "POST" | "PUT", url: string, headers: AuthHeaders, payload?: object) => t.app.inject({ method, url, headers, payload });
const ADDRESS = { street_number: "5", street_name: "Birch Ave", city: "Austin", state: "TX", zip_code: "78702" };

beforeAll(async () => {
  ({ t, world, as } = await worldApp(["superAdmin", "agentA", "agentB", "staffA", "staffB", "support"]));
  const create = async (headers: AuthHeaders, insurable: object) => {
    const res = await call("POST", "/v2/staff_account/insurables", headers, { insurable });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as number;
  };
  // Birch Commons (account A): two units, one covered. Full House (account A): its only unit covered. Oak Yard (B).
  ids.birch = await create(as.staffA, { title: "Birch Commons", insurable_type_id: 1, account_id: world.accounts.A.id, addresses_attributes: [ADDRESS] });
  ids.b1 = await create(as.staffA, { title: "1", insurable_type_id: 4, insurable_id: ids.birch });
  ids.b2 = await create(as.staffA, { title: "2", insurable_type_id: 4, insurable_id: ids.birch });
  ids.full = await create(as.staffA, { title: "Full House", insurable_type_id: 1, account_id: world.accounts.A.id, addresses_attributes: [{ ...ADDRESS, street_number: "7" }] });
  ids.f1 = await create(as.staffA, { title: "1", insurable_type_id: 4, insurable_id: ids.full });
  ids.oak = await create(as.staffB, { title: "Oak Yard", insurable_type_id: 1, account_id: world.accounts.B.id, addresses_attributes: [{ ...ADDRESS, street_number: "9" }] });
  ids.o1 = await create(as.staffB, { title: "1", insurable_type_id: 4, insurable_id: ids.oak });
  const { sql } = await import("drizzle-orm");
  await t.database.db.execute(sql`UPDATE insurables SET covered = true WHERE id IN (${ids.b1}, ${ids.f1})`);
}, 60_000);
afterAll(() => t.close());

describe("POST /insurables/list_by_fields (the batched lookups, no role prefix)", () => {
  it("answers the named fields of the asked properties in the asked order, leaving out what the caller may not see", async () => {
    const asked = { insurable_ids: [ids.b2, ids.oak, ids.birch, 999999], fields: ["title", "insurable_id", "account_title", "units_count"] };
    const staff = await call("POST", "/v2/insurables/list_by_fields", as.staffA, asked);
    expect(staff.statusCode).toBe(200);
    expect(staff.json()).toEqual({
      data: [
        { id: ids.b2, title: "2", insurable_id: ids.birch, account_title: "Account A", units_count: 0 },
        { id: ids.birch, title: "Birch Commons", insurable_id: null, account_title: "Account A", units_count: 2 },
      ],
    });
    expect((await call("POST", "/v2/insurables/list_by_fields", as.staffB, asked)).json().data.map((r: { id: number }) => r.id)).toEqual([ids.oak]);
    expect((await call("POST", "/v2/insurables/list_by_fields", as.agentB, asked)).json().data.map((r: { id: number }) => r.id)).toEqual([ids.oak]);
    expect((await call("POST", "/v2/insurables/list_by_fields", as.agentA, asked)).json().data.map((r: { id: number }) => r.id)).toEqual([ids.b2, ids.birch]);
    // Id and title when no fields are named; the prefixed path answers the same.
    expect((await call("POST", "/v2/staff_super_admin/insurables/list_by_fields", as.superAdmin, { insurable_ids: [ids.oak] })).json()).toEqual({ data: [{ id: ids.oak, title: "Oak Yard" }] });
  });

  it("refuses an unknown field, no ids, or more than 500, and policy support (no properties) and callers without a session", async () => {
    const bad = await call("POST", "/v2/insurables/list_by_fields", as.staffA, { insurable_ids: [ids.b1], fields: ["title", "password"] });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ "fields.1": "is not included in the list" });
    expect((await call("POST", "/v2/insurables/list_by_fields", as.staffA, { insurable_ids: [] })).statusCode).toBe(422);
    expect((await call("POST", "/v2/insurables/list_by_fields", as.staffA, { insurable_ids: Array.from({ length: 501 }, (_, i) => i + 1) })).statusCode).toBe(422);
    expect((await call("POST", "/v2/insurables/list_by_fields", as.support, { insurable_ids: [ids.b1] })).statusCode).toBe(403);
    expect((await t.app.inject({ method: "POST", url: "/v2/insurables/list_by_fields", payload: { insurable_ids: [ids.b1] } })).statusCode).toBe(401);
  });
});

describe("POST /insurables/top_available", () => {
  it("lists the caller's communities with a unit open to cover, and how many, 20 a page", async () => {
    const staff = await call("POST", "/v2/staff_account/insurables/top_available", as.staffA, {});
    expect(staff.statusCode).toBe(200);
    expect(staff.json().data.map((r: { id: number; available_units_count: number }) => [r.id, r.available_units_count])).toEqual([[ids.birch, 1]]);
    expect(staff.json().meta).toMatchObject({ total: 1, page: 1, per: 20 });
    const admin = await call("POST", "/v2/staff_super_admin/insurables/top_available", as.superAdmin, { filter: { title: { like: "oak" } } });
    expect(admin.json().data.map((r: { id: number }) => r.id)).toEqual([ids.oak]);
    expect((await call("POST", "/v2/staff_agency/insurables/top_available", as.agentB, { filter: { account_id: world.accounts.A.id } })).json().data).toEqual([]);
    // Once the last open unit is covered the community leaves the list.
    const { sql } = await import("drizzle-orm");
    await t.database.db.execute(sql`UPDATE insurables SET covered = true WHERE id = ${ids.b2}`);
    expect((await call("POST", "/v2/staff_account/insurables/top_available", as.staffA, {})).json().data).toEqual([]);
    await t.database.db.execute(sql`UPDATE insurables SET covered = false WHERE id = ${ids.b2}`);
  });
});

describe("GET /insurables/{id}/histories", () => {
  it("shows the property's changes newest first to those who may see it, 404 to others", async () => {
    await call("PUT", `/v2/staff_account/insurables/${ids.birch}`, as.staffA, { insurable: { title: "Birch Commons East" } });
    const res = await call("GET", `/v2/staff_account/insurables/${ids.birch}/histories`, as.staffA);
    expect(res.statusCode).toBe(200);
    const rows = res.json() as Array<{ action: string; author: string; data: Record<string, { previous_value: unknown; new_value: unknown }> }>;
    expect(rows[0]).toMatchObject({ action: "update", author: "staff a", data: { title: { previous_value: "Birch Commons", new_value: "Birch Commons East" } } });
    expect(rows.map((r) => r.action)).toContain("create");
    expect(res.headers["total-entries"]).toBe(String(rows.length));
    expect((await call("GET", `/v2/staff_account/insurables/${ids.birch}/histories`, as.staffB)).statusCode).toBe(404);
    expect((await call("GET", `/v2/staff_agency/insurables/${ids.birch}/histories`, as.agentB)).statusCode).toBe(404);
    expect((await call("GET", `/v2/staff_agency/insurables/${ids.birch}/histories`, as.agentA)).statusCode).toBe(200);
  });
});

describe("carrier insurable profiles (the Carrier Profile tab)", () => {
  let qbe: number;
  let lemonade: number;
  let profileId: number;
  beforeAll(async () => {
    const { carriers } = await import("../../db/schema");
    [{ id: qbe }] = await t.database.db.insert(carriers).values({ title: "QBE Test", integration_designation: "qbe" }).returning();
    [{ id: lemonade }] = await t.database.db.insert(carriers).values({ title: "Lemonade Test", integration_designation: "out_of_system" }).returning();
  });

  it("adds an in-system carrier's profile to a community with the default traits; once per carrier, never to a unit or out of system", async () => {
    const before = await call("GET", `/v2/staff_account/insurables/${ids.birch}/carrier-insurable-profiles`, as.staffA);
    expect(before.json()).toEqual({ data: [], available_carriers: [{ id: qbe, title: "QBE Test" }] });
    const added = await call("POST", `/v2/staff_account/insurables/${ids.birch}/carrier-insurable-profiles`, as.staffA, { carrier_insurable_profile: { carrier_id: qbe } });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ carrier_title: "QBE Test", insurable_id: ids.birch, external_carrier_id: null, traits: { pref_facility: "MDU", gated: false, construction_year: null } });
    profileId = added.json().id;
    const again = await call("POST", `/v2/staff_account/insurables/${ids.birch}/carrier-insurable-profiles`, as.staffA, { carrier_insurable_profile: { carrier_id: qbe } });
    expect(again.json().errors).toEqual({ carrier_id: "has already been taken" });
    const outOfSystem = await call("POST", `/v2/staff_account/insurables/${ids.full}/carrier-insurable-profiles`, as.staffA, { carrier_insurable_profile: { carrier_id: lemonade } });
    expect(outOfSystem.json().errors).toEqual({ carrier_id: "must be an in-system carrier" });
    const unit = await call("POST", `/v2/staff_account/insurables/${ids.b1}/carrier-insurable-profiles`, as.staffA, { carrier_insurable_profile: { carrier_id: qbe } });
    expect(unit.json().errors).toEqual({ insurable_id: "must be a community" });
    expect((await call("GET", `/v2/staff_account/insurables/${ids.birch}/carrier-insurable-profiles`, as.staffA)).json().available_carriers).toEqual([]);
  });

  it("changes the carrier's id and trait values keeping each trait's kind, with a history row; another tenant gets 404", async () => {
    const put = (headers: AuthHeaders, body: object, prefix = "staff_account") => call("PUT", `/v2/${prefix}/carrier-insurable-profiles/${profileId}`, headers, { carrier_insurable_profile: body });
    const res = await put(as.staffA, { external_carrier_id: " QBE-77 ", traits: { gated: true, construction_year: 1998, pref_facility: "FIC" } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ external_carrier_id: "QBE-77", traits: { gated: true, construction_year: 1998, pref_facility: "FIC", city_limit: true } });
    const wrongKind = await put(as.staffA, { traits: { gated: "yes", city_limit: 1 } });
    expect(wrongKind.statusCode).toBe(422);
    expect(wrongKind.json().errors).toEqual({ "traits.gated": "must be true or false", "traits.city_limit": "must be true or false" });
    const history = (await call("GET", `/v2/staff_account/insurables/${ids.birch}/histories`, as.staffA)).json();
    expect(history[0]).toMatchObject({ action: "update_related", data: { "carrier_profile.QBE Test.gated": { previous_value: false, new_value: true }, "carrier_profile.QBE Test.external_carrier_id": { previous_value: null, new_value: "QBE-77" } } });
    expect((await call("GET", `/v2/staff_agency/carrier-insurable-profiles/${profileId}`, as.agentA)).statusCode).toBe(200);
    expect((await call("GET", `/v2/staff_account/carrier-insurable-profiles/${profileId}`, as.staffB)).statusCode).toBe(404);
    expect((await put(as.agentB, { traits: { gated: false } }, "staff_agency")).statusCode).toBe(404);
    expect((await call("GET", `/v2/staff_account/insurables/${ids.oak}/carrier-insurable-profiles`, as.staffA)).statusCode).toBe(404);
    expect((await call("GET", `/v2/policy-support/carrier-insurable-profiles/${profileId}`, as.support)).statusCode).toBe(403);
  });
});
