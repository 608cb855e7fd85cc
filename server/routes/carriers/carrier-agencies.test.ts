import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { billingStrategies, carrierAgencies, carrierAgencyAuthorizations, carrierAgencyPolicyTypes, histories, staffPermissions } from "../../db/schema";
import { type AuthHeaders, type TestApp } from "../../test/helpers";
import { type World, worldApp } from "../../test/world-app";

/**
 * The carrier agencies' own calls (document 3 section 7: POST, GET, PUT /carrier-agencies and GET /carrier-agencies/{id}),
 * per role and scope: super admins everything; agents read their agency tree's pairs only (another agency's is a 404,
 * never a hint it exists) and cannot assign or change; staff and policy support nothing; bad ids 422, duplicates 422.
 */
let t: TestApp;
let world: World;
let as: Record<"superAdmin" | "agentA" | "agentA1" | "agentB" | "staffA" | "support" | "restricted", AuthHeaders>;
let carrier: { id: number };
let commission: { id: number };
let pairA: { id: number };
let pairA1: { id: number };
let pairB: { id: number };

type Method = "GET" | "POST" | "PUT";
const call = (method: Method, url: string, headers: AuthHeaders, payload?: object) => t.app.inject({ method, url, headers, payload });
const post = (headers: AuthHeaders, body: object, prefix = "/v2") => call("POST", `${prefix}/carrier-agencies`, headers, body);
const historyOf = (id: number) =>
  t.database.db
    .select()
    .from(histories)
    .where(and(eq(histories.recordable_type, "CarrierAgency"), eq(histories.recordable_id, id)))
    .orderBy(histories.id);

beforeAll(async () => {
  ({ t, world, as } = await worldApp(["superAdmin", "agentA", "agentA1", "agentB", "staffA", "support", "restricted"]));
  // The restricted agent has the carriers key off (permission_not_enabled).
  await t.database.db.insert(staffPermissions).values({ staff_id: world.staff.restricted.id, key: "agencies.carriers", value: false });
  const created = await call("POST", "/v2/carriers", as.superAdmin, { carrier: { title: "Pair Mutual", integration_designation: "qbe", policy_type_ids: [1, 4] } });
  expect(created.statusCode).toBe(201);
  carrier = created.json();
  const added = await call("POST", `/v2/carriers/${carrier.id}/add_commissions`, as.superAdmin, {
    commission: { title: "A 10", percentage: 10, recipient_type: "Agency", recipient_id: world.agencies.A.id },
  });
  expect(added.statusCode).toBe(201);
  commission = added.json();
});
afterAll(() => t.close());

describe("POST /carrier-agencies", () => {
  it("assigns with the policy types the agency sells: authorizations per state and type, billing strategies, a history row", async () => {
    const res = await post(as.superAdmin, { carrier_agency: { carrier_id: carrier.id, agency_id: world.agencies.A.id, policy_types: [{ policy_type_id: 1, commission_strategy_id: commission.id }] } });
    expect(res.statusCode).toBe(201);
    pairA = res.json();
    expect(res.json()).toMatchObject({
      carrier_id: carrier.id,
      carrier_title: "Pair Mutual",
      agency_id: world.agencies.A.id,
      agency_title: "Agency A",
      policy_types: [{ policy_type_id: 1, title: "Residential", commission_strategy_id: commission.id, commission_strategy_title: "A 10" }],
    });
    // Authorizations and billing strategies for every policy type the carrier writes (reference section 3.3).
    expect(await t.database.db.select().from(carrierAgencyAuthorizations).where(eq(carrierAgencyAuthorizations.carrier_agency_id, pairA.id))).toHaveLength(102);
    const strategies = await t.database.db
      .select()
      .from(billingStrategies)
      .where(and(eq(billingStrategies.carrier_id, carrier.id), eq(billingStrategies.agency_id, world.agencies.A.id)));
    expect(strategies).toHaveLength(4);
    const [row] = await historyOf(pairA.id);
    expect(row).toMatchObject({
      action: "create",
      process: "console",
      data: {
        carrier_id: { previous_value: null, new_value: carrier.id },
        agency_id: { previous_value: null, new_value: world.agencies.A.id },
        policy_types: { previous_value: null, new_value: [{ policy_type_id: 1, commission_strategy_id: commission.id }] },
      },
    });
  });

  it("without policy types the agency sells every type of the carrier, as assign_agency_to_carrier", async () => {
    const a1 = await post(as.superAdmin, { carrier_agency: { carrier_id: carrier.id, agency_id: world.agencies.A1.id } });
    expect(a1.statusCode).toBe(201);
    pairA1 = a1.json();
    expect(a1.json().policy_types.map((p: { title: string }) => p.title)).toEqual(["Residential", "Commercial"]);
    const b = await call("POST", "/v2/staff_super_admin/carrier-agencies", as.superAdmin, { carrier_agency: { carrier_id: carrier.id, agency_id: world.agencies.B.id } });
    expect(b.statusCode).toBe(201);
    pairB = b.json();
  });

  it("answers 422 for a pair that exists, by either call, and creates nothing", async () => {
    const before = await t.database.db.select().from(carrierAgencies);
    const again = await post(as.superAdmin, { carrier_agency: { carrier_id: carrier.id, agency_id: world.agencies.A.id } });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({ message: "Agency is already assigned to this carrier", errors: { agency_id: "is already assigned to this carrier" } });
    const assign = await call("POST", "/v2/carriers/assign_agency_to_carrier", as.superAdmin, { carrier_id: carrier.id, agency_id: world.agencies.B.id });
    expect(assign.statusCode).toBe(422);
    expect(await t.database.db.select().from(carrierAgencies)).toEqual(before);
  });

  it("two requests for the same new pair at once: one 201, one 422, one pair", async () => {
    const other = (await call("POST", "/v2/carriers", as.superAdmin, { carrier: { title: "Race Mutual", policy_type_ids: [1] } })).json();
    const body = { carrier_agency: { carrier_id: other.id, agency_id: world.agencies.B.id } };
    const answers = await Promise.all([post(as.superAdmin, body), post(as.superAdmin, body)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 422]);
    expect(await t.database.db.select().from(carrierAgencies).where(eq(carrierAgencies.carrier_id, other.id))).toHaveLength(1);
  });

  it("answers 422 naming the field for a missing carrier or agency, a type the carrier does not write, a foreign commission", async () => {
    const before = await t.database.db.select().from(carrierAgencies);
    const noCarrier = await post(as.superAdmin, { carrier_agency: { carrier_id: 2_000_000_000, agency_id: world.agencies.B.id } });
    expect(noCarrier.statusCode).toBe(422);
    expect(noCarrier.json().errors).toEqual({ carrier_id: "Select carrier from the drop-down list" });
    const noAgency = await post(as.superAdmin, { carrier_agency: { carrier_id: carrier.id, agency_id: 2_000_000_000 } });
    expect(noAgency.statusCode).toBe(422);
    expect(noAgency.json().errors).toEqual({ agency_id: "Select agency from the drop-down list" });
    const other = (await call("POST", "/v2/carriers", as.superAdmin, { carrier: { title: "Type Check Mutual", policy_type_ids: [1] } })).json();
    const badType = await post(as.superAdmin, { carrier_agency: { carrier_id: other.id, agency_id: world.agencies.A.id, policy_types: [{ policy_type_id: 4 }] } });
    expect(badType.statusCode).toBe(422);
    expect(badType.json().errors).toEqual({ "policy_types.0.policy_type_id": "is not a policy type of this carrier" });
    const foreignCommission = await post(as.superAdmin, { carrier_agency: { carrier_id: other.id, agency_id: world.agencies.A.id, policy_types: [{ policy_type_id: 1, commission_strategy_id: commission.id }] } });
    expect(foreignCommission.statusCode).toBe(422);
    expect(foreignCommission.json().errors).toEqual({ "policy_types.0.commission_strategy_id": "is not a commission of this carrier" });
    const twice = await post(as.superAdmin, { carrier_agency: { carrier_id: other.id, agency_id: world.agencies.A.id, policy_types: [{ policy_type_id: 1 }, { policy_type_id: 1 }] } });
    expect(twice.statusCode).toBe(422);
    expect(await t.database.db.select().from(carrierAgencies)).toEqual(before);
  });

  it("answers 422, never 500, for ids that are not positive 32-bit integers and for a body without the wrapper", async () => {
    for (const bad of [0, -1, 2 ** 31, 1.5, "abc", null]) {
      const res = await post(as.superAdmin, { carrier_agency: { carrier_id: bad, agency_id: world.agencies.A.id } });
      expect(res.statusCode, String(bad)).toBe(422);
      expect(Object.keys(res.json().errors), String(bad)).toEqual(["carrier_agency.carrier_id"]);
    }
    expect((await post(as.superAdmin, { carrier_id: carrier.id, agency_id: world.agencies.A.id })).statusCode).toBe(422);
    expect((await post(as.superAdmin, { carrier_agency: { carrier_id: carrier.id, agency_id: world.agencies.A.id, policy_types: [{ policy_type_id: "x" }] } })).statusCode).toBe(422);
  });

  it("agents cannot assign, even to their own agency; staff and policy support neither; the carriers key off is a 401", async () => {
    const body = { carrier_agency: { carrier_id: carrier.id, agency_id: world.agencies.A.id } };
    expect((await post(as.agentA, body, "/v2/staff_agency")).statusCode).toBe(403);
    expect((await post(as.agentA, body)).statusCode).toBe(403);
    expect((await post(as.staffA, body, "/v2/staff_account")).statusCode).toBe(403);
    expect((await post(as.support, body, "/v2/policy-support")).statusCode).toBe(403);
    // Under another role's prefix: 403 whatever the role may do.
    expect((await post(as.superAdmin, body, "/v2/staff_agency")).statusCode).toBe(403);
    const off = await post(as.restricted, body, "/v2/staff_agency");
    expect([401, 403]).toContain(off.statusCode);
  });
});

describe("GET /carrier-agencies", () => {
  it("lists every pair for super admins with the list contract: filters, sort, total", async () => {
    const res = await call("GET", `/v2/staff_super_admin/carrier-agencies?filter[carrier_id]=${carrier.id}&sort[column]=agency.title&sort[direction]=desc`, as.superAdmin);
    expect(res.statusCode).toBe(200);
    expect(res.json().map((r: { agency_title: string }) => r.agency_title)).toEqual(["Agency B", "Agency A1", "Agency A"]);
    expect(res.headers["total-entries"]).toBe("3");
    const paged = await call("GET", `/v2/carrier-agencies?filter[carrier_id]=${carrier.id}&pagination[per]=2&pagination[page]=2`, as.superAdmin);
    expect(paged.json().map((r: { id: number }) => r.id)).toEqual([pairB.id]);
    const byAgency = await call("GET", `/v2/carrier-agencies?filter[agency_id][]=${world.agencies.A1.id}&filter[carrier_id]=${carrier.id}`, as.superAdmin);
    expect(byAgency.json().map((r: { id: number }) => r.id)).toEqual([pairA1.id]);
    // agency_id (the agency selector) narrows a super admin to that agency's tree.
    const narrowed = await call("GET", `/v2/carrier-agencies?agency_id=${world.agencies.A.id}&filter[carrier_id]=${carrier.id}`, as.superAdmin);
    expect(narrowed.json().map((r: { id: number }) => r.id).sort()).toEqual([pairA.id, pairA1.id].sort());
    expect((await call("GET", "/v2/carrier-agencies?filter[title]=x", as.superAdmin)).statusCode).toBe(422);
    expect((await call("GET", "/v2/carrier-agencies?filter[carrier_id]=abc", as.superAdmin)).statusCode).toBe(422);
    expect((await call("GET", "/v2/carrier-agencies?sort[column]=nope", as.superAdmin)).statusCode).toBe(422);
  });

  it("agents list their agency tree's pairs only; another agency's filter answers nothing, another agency_id 403", async () => {
    const mine = await call("GET", `/v2/staff_agency/carrier-agencies?filter[carrier_id]=${carrier.id}`, as.agentA);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().map((r: { id: number }) => r.id)).toEqual([pairA.id, pairA1.id]);
    expect(mine.headers["total-entries"]).toBe("2");
    const sub = await call("GET", `/v2/staff_agency/carrier-agencies?filter[carrier_id]=${carrier.id}`, as.agentA1);
    expect(sub.json().map((r: { id: number }) => r.id)).toEqual([pairA1.id]);
    const foreign = await call("GET", `/v2/staff_agency/carrier-agencies?filter[agency_id]=${world.agencies.B.id}`, as.agentA);
    expect(foreign.json()).toEqual([]);
    expect((await call("GET", `/v2/staff_agency/carrier-agencies?filter[id]=${pairB.id}`, as.agentA)).json()).toEqual([]);
    expect((await call("GET", `/v2/staff_agency/carrier-agencies?agency_id=${world.agencies.B.id}`, as.agentA)).statusCode).toBe(403);
    const narrowed = await call("GET", `/v2/staff_agency/carrier-agencies?agency_id=${world.agencies.A1.id}&filter[carrier_id]=${carrier.id}`, as.agentA);
    expect(narrowed.json().map((r: { id: number }) => r.id)).toEqual([pairA1.id]);
    expect((await call("GET", `/v2/staff_agency/carrier-agencies`, as.agentB)).json().map((r: { id: number }) => r.id)).toEqual(
      (await t.database.db.select().from(carrierAgencies).where(eq(carrierAgencies.agency_id, world.agencies.B.id))).map((r) => r.id).sort((a, b) => a - b),
    );
  });

  it("staff and policy support get 403; the carriers key off 401 permission_not_enabled", async () => {
    expect((await call("GET", "/v2/staff_account/carrier-agencies", as.staffA)).statusCode).toBe(403);
    expect((await call("GET", "/v2/carrier-agencies", as.staffA)).statusCode).toBe(403);
    expect((await call("GET", "/v2/policy-support/carrier-agencies", as.support)).statusCode).toBe(403);
    const off = await call("GET", "/v2/staff_agency/carrier-agencies", as.restricted);
    expect(off.statusCode).toBe(401);
    expect(off.json().error).toBe("permission_not_enabled");
  });
});

describe("GET /carrier-agencies/{id}", () => {
  it("answers one pair to super admins and to agents whose tree holds it; 404 otherwise, 422 for a bad id", async () => {
    const res = await call("GET", `/v2/carrier-agencies/${pairA.id}`, as.superAdmin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: pairA.id, carrier_title: "Pair Mutual", agency_title: "Agency A" });
    expect((await call("GET", `/v2/staff_agency/carrier-agencies/${pairA1.id}`, as.agentA)).statusCode).toBe(200);
    const foreign = await call("GET", `/v2/staff_agency/carrier-agencies/${pairA.id}`, as.agentB);
    expect(foreign.statusCode).toBe(404);
    // The sub-agency's agent does not reach its parent's pair.
    expect((await call("GET", `/v2/staff_agency/carrier-agencies/${pairA.id}`, as.agentA1)).statusCode).toBe(404);
    expect((await call("GET", `/v2/carrier-agencies/2000000000`, as.superAdmin)).statusCode).toBe(404);
    for (const bad of ["abc", "0", "-1", "2147483648", "1.5"]) expect((await call("GET", `/v2/carrier-agencies/${bad}`, as.superAdmin)).statusCode, bad).toBe(422);
    expect((await call("GET", `/v2/staff_account/carrier-agencies/${pairA.id}`, as.staffA)).statusCode).toBe(403);
  });
});

describe("PUT /carrier-agencies/{id}", () => {
  it("replaces the policy types and commissions, with a history row; the same again writes no row", async () => {
    const body = { carrier_agency: { policy_types: [{ policy_type_id: 4 }, { policy_type_id: 1, commission_strategy_id: commission.id }] } };
    const res = await call("PUT", `/v2/staff_super_admin/carrier-agencies/${pairA.id}`, as.superAdmin, body);
    expect(res.statusCode).toBe(200);
    expect(res.json().policy_types.map((p: { title: string; commission_strategy_title: string | null }) => [p.title, p.commission_strategy_title])).toEqual([
      ["Residential", "A 10"],
      ["Commercial", null],
    ]);
    expect(await t.database.db.select().from(carrierAgencyPolicyTypes).where(eq(carrierAgencyPolicyTypes.carrier_agency_id, pairA.id))).toHaveLength(2);
    const updates = (await historyOf(pairA.id)).filter((h) => h.action === "update");
    expect(updates).toHaveLength(1);
    expect(updates[0].data).toEqual({
      policy_types: {
        previous_value: [{ policy_type_id: 1, commission_strategy_id: commission.id }],
        new_value: [
          { policy_type_id: 1, commission_strategy_id: commission.id },
          { policy_type_id: 4, commission_strategy_id: null },
        ],
      },
    });
    expect((await call("PUT", `/v2/carrier-agencies/${pairA.id}`, as.superAdmin, body)).statusCode).toBe(200);
    expect((await historyOf(pairA.id)).filter((h) => h.action === "update")).toHaveLength(1);
  });

  it("refuses another carrier or agency for the pair (422), accepts its own; 404 for a pair that does not exist", async () => {
    const moved = await call("PUT", `/v2/carrier-agencies/${pairA1.id}`, as.superAdmin, { carrier_agency: { agency_id: world.agencies.B.id } });
    expect(moved.statusCode).toBe(422);
    expect(Object.keys(moved.json().errors)).toEqual(["agency_id"]);
    expect((await call("PUT", `/v2/carrier-agencies/${pairA1.id}`, as.superAdmin, { carrier_agency: { carrier_id: carrier.id + 1 } })).statusCode).toBe(422);
    const same = await call("PUT", `/v2/carrier-agencies/${pairA1.id}`, as.superAdmin, { carrier_agency: { carrier_id: carrier.id, agency_id: world.agencies.A1.id } });
    expect(same.statusCode).toBe(200);
    expect(same.json().agency_id).toBe(world.agencies.A1.id);
    const badType = await call("PUT", `/v2/carrier-agencies/${pairA1.id}`, as.superAdmin, { carrier_agency: { policy_types: [{ policy_type_id: 5 }] } });
    expect(badType.statusCode).toBe(422);
    expect((await call("PUT", "/v2/carrier-agencies/2000000000", as.superAdmin, { carrier_agency: {} })).statusCode).toBe(404);
    expect((await call("PUT", "/v2/carrier-agencies/abc", as.superAdmin, { carrier_agency: {} })).statusCode).toBe(422);
  });

  it("agents cannot change a pair, even their own agency's; staff neither", async () => {
    const body = { carrier_agency: { policy_types: [] } };
    expect((await call("PUT", `/v2/staff_agency/carrier-agencies/${pairA.id}`, as.agentA, body)).statusCode).toBe(403);
    expect((await call("PUT", `/v2/staff_agency/carrier-agencies/${pairB.id}`, as.agentA, body)).statusCode).toBe(403);
    expect((await call("PUT", `/v2/staff_account/carrier-agencies/${pairA.id}`, as.staffA, body)).statusCode).toBe(403);
    expect(await t.database.db.select().from(carrierAgencyPolicyTypes).where(eq(carrierAgencyPolicyTypes.carrier_agency_id, pairA.id))).toHaveLength(2);
  });
});

describe("GET /carriers/{id}/histories", () => {
  it("answers super admins the carrier's rows and its agency assignments', newest first, unassigned ones included", async () => {
    const own = (await call("POST", "/v2/carriers", as.superAdmin, { carrier: { title: "History Mutual", policy_type_ids: [1] } })).json();
    const pair = (await post(as.superAdmin, { carrier_agency: { carrier_id: own.id, agency_id: world.agencies.B.id } })).json();
    expect((await call("PUT", `/v2/carriers/${own.id}`, as.superAdmin, { carrier: { call_sign: "HM" } })).statusCode).toBe(200);
    expect((await call("PUT", `/v2/carrier-agencies/${pair.id}/unassign`, as.superAdmin)).statusCode).toBe(200);
    const res = await call("GET", `/v2/staff_super_admin/carriers/${own.id}/histories`, as.superAdmin);
    expect(res.statusCode).toBe(200);
    expect(res.headers["total-entries"]).toBe("4");
    expect(res.json().map((h: { recordable_type: string; action: string }) => `${h.recordable_type} ${h.action}`)).toEqual([
      "CarrierAgency remove",
      "Carrier update",
      "CarrierAgency create",
      "Carrier create",
    ]);
    // Another carrier's assignment of the same agency is not in it.
    const other = await call("GET", `/v2/carriers/${carrier.id}/histories?pagination[per]=100`, as.superAdmin);
    expect(other.json().some((h: { recordable_id: number }) => h.recordable_id === pair.id)).toBe(false);
  });

  it("is the super admins' only: agents and staff 403; 404 for a carrier that does not exist, 422 for a bad id", async () => {
    expect((await call("GET", `/v2/staff_agency/carriers/${carrier.id}/histories`, as.agentA)).statusCode).toBe(403);
    expect((await call("GET", `/v2/staff_account/carriers/${carrier.id}/histories`, as.staffA)).statusCode).toBe(403);
    expect((await call("GET", "/v2/carriers/2000000000/histories", as.superAdmin)).statusCode).toBe(404);
    expect((await call("GET", "/v2/carriers/abc/histories", as.superAdmin)).statusCode).toBe(422);
  });
});
