import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { billingStrategies, carrierAgencies, carrierAgencyAuthorizations, carriers, histories, policies, staffPermissions } from "../../db/schema";
import { type AuthHeaders, type TestApp } from "../../test/helpers";
import { type World, worldApp } from "../../test/world-app";
import { MESSAGES } from "../../lib/validators";
import { carrierRating } from "../compliance/requirements.service";

let t: TestApp;
let world: World;
let as: Record<"superAdmin" | "agentA" | "agentB" | "staffA" | "support" | "restricted", AuthHeaders>;
let qbe: { id: number };

beforeAll(async () => {
  ({ t, world, as } = await worldApp(["superAdmin", "agentA", "agentB", "staffA", "support", "restricted"]));
  await t.database.db.insert(staffPermissions).values({ staff_id: world.staff.restricted.id, key: "agencies.carriers", value: false });
  const res = await call("POST", "/v2/staff_super_admin/carriers", as.superAdmin, {
    carrier: { title: "QBE Test", call_sign: "QT", integration_designation: "qbe", bindable: true, policy_type_ids: [1, 4] },
  });
  expect(res.statusCode).toBe(201);
  qbe = res.json();
  const assigned = await call("POST", "/v2/staff_super_admin/carriers/assign_agency_to_carrier", as.superAdmin, { carrier_id: qbe.id, agency_id: world.agencies.A.id });
  expect(assigned.statusCode).toBe(201);
});
afterAll(() => t.close());

const call = (method: "GET" | "POST" | "PUT", url: string, headers: AuthHeaders, payload?: object) => t.app.inject({ method, url, headers, payload });
const outOfSystem = async (title: string) => (await call("POST", "/v2/staff_super_admin/carriers", as.superAdmin, { carrier: { title, integration_designation: "out_of_system" } })).json().id as number;

describe("carriers grid and forms", () => {
  it("creates a carrier with its policy types, each unavailable in all 51 states, and records history", async () => {
    expect(qbe).toMatchObject({ title: "QBE Test", integration_designation: "qbe", bindable: true, is_system: true, policy_type_ids: [1, 4] });
    const states = await call("GET", `/v2/staff_super_admin/carrier-policy-type-availabilities?carrier_id=${qbe.id}`, as.superAdmin);
    expect(states.json()).toHaveLength(102);
    expect(states.json().every((s: { available: boolean }) => !s.available)).toBe(true);
    const [row] = await t.database.db.select().from(histories).where(and(eq(histories.recordable_type, "Carrier"), eq(histories.recordable_id, qbe.id)));
    expect(row).toMatchObject({ action: "create", author: "super admin", data: { title: { previous_value: null, new_value: "QBE Test" } } });
  });

  it("answers 422 for a taken title (any case), a blank title and a designation outside the list", async () => {
    const taken = await call("POST", "/v2/staff_super_admin/carriers", as.superAdmin, { carrier: { title: "qbe test" } });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual({ title: "has already been taken" });
    expect((await call("POST", "/v2/staff_super_admin/carriers", as.superAdmin, { carrier: { title: " " } })).json().errors).toEqual({ title: "The title field is required." });
    const bad = await call("POST", "/v2/staff_super_admin/carriers", as.superAdmin, { carrier: { title: "X", integration_designation: "acme" } });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(["carrier.integration_designation"]);
  });

  it("lists 20 a page with the total, filters by title and flags, sorts by title", async () => {
    await outOfSystem("Zeta Mutual");
    const res = await call("GET", "/v2/staff_super_admin/carriers?filter[title][like]=zeta&pagination[per]=20&sort[column]=title&sort[direction]=asc", as.superAdmin);
    expect(res.statusCode).toBe(200);
    expect(res.json().map((c: { title: string }) => c.title)).toEqual(["Zeta Mutual"]);
    expect(res.headers["total-entries"]).toBe("1");
    const bindable = await call("GET", "/v2/staff_super_admin/carriers?filter[bindable]=true", as.superAdmin);
    expect(bindable.json().map((c: { title: string }) => c.title)).toEqual(["QBE Test"]);
    expect((await call("GET", "/v2/staff_super_admin/carriers?filter[nope]=1", as.superAdmin)).statusCode).toBe(422);
    // The merge picker asks for 3000 by title (document 3 section 9); more is refused.
    expect((await call("GET", "/v2/staff_super_admin/carriers?pagination[per]=3000&sort[column]=title&sort[direction]=asc", as.superAdmin)).statusCode).toBe(200);
    expect((await call("GET", "/v2/staff_super_admin/carriers?pagination[per]=3001", as.superAdmin)).statusCode).toBe(422);
  });

  it("edits a carrier and writes only what changed", async () => {
    const id = await outOfSystem("Edit Me");
    const res = await call("PUT", `/v2/staff_super_admin/carriers/${id}`, as.superAdmin, { carrier: { title: "Edited", synonyms: "EM, Edit" } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ title: "Edited", synonyms: "EM, Edit" });
    const rows = await t.database.db.select().from(histories).where(and(eq(histories.recordable_type, "Carrier"), eq(histories.recordable_id, id), eq(histories.action, "update")));
    expect(rows[0].data).toEqual({ title: { previous_value: "Edit Me", new_value: "Edited" }, synonyms: { previous_value: null, new_value: "EM, Edit" } });
  });

  it("sets the AM Best rating on the AM Best scale only, with history, and requirement checks read it", async () => {
    const id = await outOfSystem("Rated Mutual");
    const set = await call("PUT", `/v2/staff_super_admin/carriers/${id}`, as.superAdmin, { carrier: { am_best_rating: "A-" } });
    expect(set.statusCode).toBe(200);
    expect(set.json().am_best_rating).toBe("A-");
    expect((await call("GET", `/v2/staff_super_admin/carriers/${id}`, as.superAdmin)).json().am_best_rating).toBe("A-");
    expect(await carrierRating(t.database.db, "rated mutual")).toBe("A-");
    for (const bad of ["AAA", "a-", "B+++", ""]) {
      const res = await call("PUT", `/v2/staff_super_admin/carriers/${id}`, as.superAdmin, { carrier: { am_best_rating: bad } });
      expect(res.statusCode, bad).toBe(422);
      expect(res.json().errors).toEqual({ "carrier.am_best_rating": MESSAGES.amBestRating });
    }
    const cleared = await call("PUT", `/v2/staff_super_admin/carriers/${id}`, as.superAdmin, { carrier: { am_best_rating: null } });
    expect(cleared.json().am_best_rating).toBeNull();
    const rows = await t.database.db
      .select()
      .from(histories)
      .where(and(eq(histories.recordable_type, "Carrier"), eq(histories.recordable_id, id), eq(histories.action, "update")))
      .orderBy(histories.id);
    expect(rows.map((r) => r.data)).toEqual([{ am_best_rating: { previous_value: null, new_value: "A-" } }, { am_best_rating: { previous_value: "A-", new_value: null } }]);
    // Only super admins edit carriers: an agent cannot rate even a carrier of their agency.
    expect((await call("PUT", `/v2/staff_agency/carriers/${qbe.id}`, as.agentA, { carrier: { am_best_rating: "A++" } })).statusCode).toBe(403);
  });

  it("agents see only carriers assigned to their agencies, read-only; staff and policy support none", async () => {
    const mine = await call("GET", "/v2/staff_agency/carriers", as.agentA);
    expect(mine.json().map((c: { title: string }) => c.title)).toEqual(["QBE Test"]);
    expect((await call("GET", "/v2/staff_agency/carriers", as.agentB)).json()).toEqual([]);
    expect((await call("GET", `/v2/staff_agency/carriers/${qbe.id}`, as.agentB)).statusCode).toBe(404);
    expect((await call("GET", `/v2/staff_agency/carriers/${qbe.id}`, as.agentA)).statusCode).toBe(200);
    expect((await call("PUT", `/v2/staff_agency/carriers/${qbe.id}`, as.agentA, { carrier: { title: "Mine" } })).statusCode).toBe(403);
    expect((await call("POST", "/v2/staff_agency/carriers", as.agentA, { carrier: { title: "Mine" } })).statusCode).toBe(403);
    expect((await call("GET", "/v2/staff_account/carriers", as.staffA)).statusCode).toBe(403);
    expect((await call("GET", "/v2/policy-support/carriers", as.support)).statusCode).toBe(403);
    const off = await call("GET", "/v2/staff_agency/carriers", as.restricted);
    expect(off.statusCode).toBe(401);
    expect(off.json().error).toBe("permission_not_enabled");
  });
});

describe("merge", () => {
  it("moves the merged carriers' policies to the target with its title and deletes them, in one transaction", async () => {
    const target = await outOfSystem("Lemon Target");
    const a = await outOfSystem("Lemon A");
    const b = await outOfSystem("Lemon B");
    await t.database.db.update(policies).set({ carrier_id: a, out_of_system_carrier_title: "Lemon A" }).where(eq(policies.id, world.policies.B.id));
    const res = await call("POST", `/v2/carriers/${target}/merge`, as.superAdmin, { carriers_to_merge_ids: [a, b] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ policies_moved: 1 });
    const [policy] = await t.database.db.select().from(policies).where(eq(policies.id, world.policies.B.id));
    expect(policy).toMatchObject({ carrier_id: target, out_of_system_carrier_title: "Lemon Target" });
    expect(await t.database.db.select().from(carriers).where(eq(carriers.id, a))).toEqual([]);
  });

  it("answers 400 with the reason and changes nothing when one is in system", async () => {
    const target = await outOfSystem("Merge Target 2");
    const c = await outOfSystem("Merge C");
    const res = await call("POST", `/v2/carriers/${target}/merge`, as.superAdmin, { carriers_to_merge_ids: [c, qbe.id] });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe("Only out-of-system carriers can be merged: QBE Test");
    expect(await t.database.db.select().from(carriers).where(eq(carriers.id, c))).toHaveLength(1);
    expect((await call("POST", `/v2/carriers/${target}/merge`, as.superAdmin, { carriers_to_merge_ids: [target] })).statusCode).toBe(400);
    expect((await call("POST", `/v2/carriers/${target}/merge`, as.agentA, { carriers_to_merge_ids: [c] })).statusCode).toBe(403);
  });
});

describe("carrier agencies", () => {
  it("assigning creates policy types, an authorization per state and type, and billing strategies; twice is a 422", async () => {
    const pairs = await call("GET", `/v2/staff_super_admin/carriers/${qbe.id}/carrier_agencies`, as.superAdmin);
    expect(pairs.json()).toHaveLength(1);
    const pair = pairs.json()[0];
    expect(pair).toMatchObject({ agency_id: world.agencies.A.id, agency_title: "Agency A" });
    expect(pair.policy_types.map((p: { title: string }) => p.title)).toEqual(["Residential", "Commercial"]);
    expect(await t.database.db.select().from(carrierAgencyAuthorizations).where(eq(carrierAgencyAuthorizations.carrier_agency_id, pair.id))).toHaveLength(102);
    const again = await call("POST", "/v2/staff_super_admin/carriers/assign_agency_to_carrier", as.superAdmin, { carrier_id: qbe.id, agency_id: world.agencies.A.id });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual({ agency_id: "is already assigned to this carrier" });
    const available = await call("GET", `/v2/staff_super_admin/carriers/${qbe.id}/available_agencies`, as.superAdmin);
    expect(available.json().map((a: { title: string }) => a.title)).toEqual(["Agency A1", "Agency B"]);
    expect((await call("POST", "/v2/staff_agency/carriers/assign_agency_to_carrier", as.agentA, { carrier_id: qbe.id, agency_id: world.agencies.A1.id })).statusCode).toBe(403);
  });

  it("updates an agency's policy types and commission; refuses a type the carrier does not write", async () => {
    const commission = await call("POST", `/v2/carriers/${qbe.id}/add_commissions`, as.superAdmin, { commission: { title: "Agency A 12.5", percentage: 12.5, recipient_type: "Agency", recipient_id: world.agencies.A.id } });
    expect(commission.statusCode).toBe(201);
    const [pair] = (await call("GET", `/v2/carriers/${qbe.id}/carrier_agencies`, as.superAdmin)).json();
    const res = await call("PUT", `/v2/carrier-agencies/${pair.id}/update_policy_types`, as.superAdmin, { policy_types: [{ policy_type_id: 1, commission_strategy_id: commission.json().id }] });
    expect(res.statusCode).toBe(200);
    expect(res.json().policy_types).toEqual([expect.objectContaining({ policy_type_id: 1, commission_strategy_title: "Agency A 12.5", title: "Residential" })]);
    const bad = await call("PUT", `/v2/carrier-agencies/${pair.id}/update_policy_types`, as.superAdmin, { policy_types: [{ policy_type_id: 5 }] });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ "policy_types.0.policy_type_id": "is not a policy type of this carrier" });
  });

  it("unassigning deletes the pair and its authorizations and disables its billing strategies", async () => {
    const carrier = (await call("POST", "/v2/carriers", as.superAdmin, { carrier: { title: "Unassign Co", policy_type_ids: [1] } })).json();
    const pair = (await call("POST", "/v2/carriers/assign_agency_to_carrier", as.superAdmin, { carrier_id: carrier.id, agency_id: world.agencies.B.id })).json();
    expect((await call("PUT", `/v2/staff_agency/carrier-agencies/${pair.id}/unassign`, as.agentB)).statusCode).toBe(403);
    expect((await call("PUT", `/v2/carrier-agencies/${pair.id}/unassign`, as.superAdmin)).json()).toEqual({ success: true });
    expect(await t.database.db.select().from(carrierAgencies).where(eq(carrierAgencies.id, pair.id))).toEqual([]);
    expect(await t.database.db.select().from(carrierAgencyAuthorizations).where(eq(carrierAgencyAuthorizations.carrier_agency_id, pair.id))).toEqual([]);
    const strategies = await t.database.db.select().from(billingStrategies).where(eq(billingStrategies.carrier_id, carrier.id));
    expect(strategies.map((s) => s.enabled)).toEqual([false, false]);
    expect((await call("PUT", `/v2/carrier-agencies/${pair.id}/unassign`, as.superAdmin)).statusCode).toBe(404);
  });
});

describe("billing strategies and fees", () => {
  it("toggles a strategy with the spec's message; an agent toggles its own agency's, never another's", async () => {
    const list = await call("GET", `/v2/staff_agency/carriers/${qbe.id}/billing_strategies_list`, as.agentA);
    expect(list.statusCode).toBe(200);
    expect(list.json().map((s: { title: string; policy_type_title: string }) => `${s.policy_type_title} ${s.title}`)).toEqual([
      "Residential Annually",
      "Residential Monthly",
      "Commercial Annually",
      "Commercial Monthly",
    ]);
    const strategy = list.json()[1];
    const off = await call("GET", `/v2/staff_agency/carriers/${qbe.id}/toggle_billing_strategy?billing_strategy_id=${strategy.id}`, as.agentA);
    expect(off.json()).toEqual({ message: "Billing strategy is switched off", enabled: false });
    const on = await call("GET", `/v2/staff_super_admin/carriers/${qbe.id}/toggle_billing_strategy?billing_strategy_id=${strategy.id}`, as.superAdmin);
    expect(on.json().message).toBe("Billing strategy is switched on");
    expect((await call("GET", `/v2/staff_agency/carriers/${qbe.id}/toggle_billing_strategy?billing_strategy_id=${strategy.id}`, as.agentB)).statusCode).toBe(404);
  });

  it("agents add fees for their own agency and list only their agencies' fees; deleting is the super admin's", async () => {
    const added = await call("POST", `/v2/staff_agency/carriers/${qbe.id}/add_fees`, as.agentA, { fee: { title: "Setup", amount: 2500, amount_type: "FLAT", type: "ORIGINATION" } });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ agency_id: world.agencies.A.id, amount: 2500 });
    const carrierWide = await call("POST", `/v2/carriers/${qbe.id}/add_fees`, as.superAdmin, { fee: { title: "Carrier wide", amount: 250, amount_type: "PERCENTAGE", type: "MISC" } });
    expect(carrierWide.json()).toMatchObject({ agency_id: null });
    expect((await call("GET", `/v2/staff_agency/carriers/${qbe.id}/fees_list`, as.agentA)).json().map((f: { title: string }) => f.title)).toEqual(["Setup"]);
    expect((await call("GET", `/v2/carriers/${qbe.id}/fees_list`, as.superAdmin)).json()).toHaveLength(2);
    const foreign = await call("POST", `/v2/staff_agency/carriers/${qbe.id}/add_fees`, as.agentA, { fee: { title: "X", amount: 1, amount_type: "FLAT", type: "MISC", agency_id: world.agencies.B.id } });
    expect(foreign.statusCode).toBe(403);
    const tooMuch = await call("POST", `/v2/carriers/${qbe.id}/add_fees`, as.superAdmin, { fee: { title: "X", amount: 10_001, amount_type: "PERCENTAGE", type: "MISC" } });
    expect(tooMuch.json().errors).toEqual({ amount: "max value is 100 number" });
    const badType = await call("POST", `/v2/carriers/${qbe.id}/add_fees`, as.superAdmin, { fee: { title: "X", amount: 1, amount_type: "FLAT", type: "OTHER" } });
    expect(badType.statusCode).toBe(422);
    expect((await call("GET", `/v2/staff_agency/carriers/${qbe.id}/delete_fee?fee_id=${added.json().id}`, as.agentA)).statusCode).toBe(403);
    expect((await call("GET", `/v2/carriers/${qbe.id}/delete_fee?fee_id=${added.json().id}`, as.superAdmin)).json()).toEqual({ success: true });
    expect((await call("GET", `/v2/carriers/${qbe.id}/delete_fee?fee_id=${added.json().id}`, as.superAdmin)).statusCode).toBe(404);
  });
});

describe("commissions and availability", () => {
  it("adds, reads and updates commissions; refuses a percentage over 100 and a foreign recipient", async () => {
    const added = await call("POST", `/v2/carriers/${qbe.id}/add_commissions`, as.superAdmin, { commission: { title: "Carrier share", percentage: 7.25, recipient_type: "Carrier", recipient_id: qbe.id } });
    expect(added.json()).toMatchObject({ percentage: 7.25, recipient_title: "QBE Test" });
    const updated = await call("PUT", `/v2/carriers/${qbe.id}/update_commission`, as.superAdmin, { commission: { id: added.json().id, percentage: 8 } });
    expect(updated.json()).toMatchObject({ percentage: 8, title: "Carrier share" });
    expect((await call("GET", `/v2/carriers/${qbe.id}/commission?commission_id=${added.json().id}`, as.superAdmin)).json().percentage).toBe(8);
    const over = await call("POST", `/v2/carriers/${qbe.id}/add_commissions`, as.superAdmin, { commission: { title: "X", percentage: 101, recipient_type: "Carrier", recipient_id: qbe.id } });
    expect(over.statusCode).toBe(422);
    const foreign = await call("POST", `/v2/carriers/${qbe.id}/add_commissions`, as.superAdmin, { commission: { title: "X", percentage: 1, recipient_type: "Carrier", recipient_id: world.agencies.B.id + 1000 } });
    expect(foreign.json().errors).toEqual({ recipient_id: "Select recipient from the drop-down list" });
    expect((await call("PUT", `/v2/staff_agency/carriers/${qbe.id}/update_commission`, as.agentA, { commission: { id: added.json().id, percentage: 50 } })).statusCode).toBe(403);
  });

  it("switches states on for a policy type; ids of another carrier are refused and change nothing", async () => {
    const rows = (await call("GET", `/v2/carrier-policy-type-availabilities?carrier_id=${qbe.id}&policy_type_id=1`, as.superAdmin)).json();
    expect(rows).toHaveLength(51);
    const ca = rows.find((r: { state: string }) => r.state === "CA");
    const res = await call("PUT", "/v2/carrier-policy-type-availabilities", as.superAdmin, { carrier_id: qbe.id, availabilities: [{ id: ca.id, available: true }] });
    expect(res.statusCode).toBe(200);
    expect(res.json().filter((r: { available: boolean }) => r.available).map((r: { state: string }) => r.state)).toEqual(["CA"]);
    const other = (await call("POST", "/v2/carriers", as.superAdmin, { carrier: { title: "Other States", policy_type_ids: [1] } })).json();
    const bad = await call("PUT", "/v2/carrier-policy-type-availabilities", as.superAdmin, { carrier_id: other.id, availabilities: [{ id: ca.id, available: false }] });
    expect(bad.statusCode).toBe(422);
    const agentView = await call("GET", `/v2/staff_agency/carrier-policy-type-availabilities?carrier_id=${qbe.id}`, as.agentA);
    expect(agentView.statusCode).toBe(200);
    expect((await call("PUT", "/v2/staff_agency/carrier-policy-type-availabilities", as.agentA, { carrier_id: qbe.id, availabilities: [] })).statusCode).toBe(403);
    expect((await call("GET", `/v2/staff_agency/carrier-policy-type-availabilities?carrier_id=${qbe.id}`, as.agentB)).statusCode).toBe(404);
  });
});
