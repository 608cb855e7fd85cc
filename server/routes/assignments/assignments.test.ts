import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insurables, leases, policies, policyInsurables, profiles, staff } from "../../db/schema";
import { selectRows } from "../../db/seed/query";
import { buildWorld } from "../../test/fixtures";
import { createTestApp, signInAs, type AuthHeaders, type TestApp } from "../../test/helpers";

let t: TestApp;
let w: Awaited<ReturnType<typeof buildWorld>>;
const as: Record<string, AuthHeaders> = {};
/** Account A: community c1 (building b1 with unit u1), community c2 (unit u2 directly under it); Account B: cB. */
const ids: Record<string, number> = {};
let managerId: number;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  w = await buildWorld(db);
  const place = async (key: string, title: string, type: number, parent?: number, account = w.accounts.A) => {
    const [row] = await db.insert(insurables).values({ title, insurable_type_id: type, insurable_id: parent ?? null, account_id: account.id, agency_id: account.agency_id }).returning();
    ids[key] = row.id;
  };
  await place("c1", "Oak Court", 1);
  await place("b1", "Building 1", 7, ids.c1);
  await place("u1", "Unit 101", 4, ids.b1);
  await place("c2", "Elm Park", 1);
  await place("u2", "Unit 7", 4, ids.c2);
  await place("cB", "Bay View", 1, undefined, w.accounts.B);
  for (const unit of ["u1", "u2"]) {
    const [lease] = await db.insert(leases).values({ reference: `L-${unit}`, start_date: "2026-01-01", insurable_id: ids[unit], account_id: w.accounts.A.id }).returning();
    ids[`lease_${unit}`] = lease.id;
    const [policy] = await db
      .insert(policies)
      .values({ number: `POL-${unit}`, status: "BOUND", policy_type_id: 1, policy_in_system: true, agency_id: w.agencies.A.id, account_id: w.accounts.A.id })
      .returning();
    await db.insert(policyInsurables).values({ policy_id: policy.id, insurable_id: ids[unit], primary: true });
    ids[`policy_${unit}`] = policy.id;
  }
  // A second property manager of account A, the one assignments limit.
  const [hash] = await db.select({ p: staff.encrypted_password }).from(staff).where(eq(staff.id, w.staff.staffA.id));
  const [manager] = await db.insert(staff).values({ email: "manager.a@test.dev", role: "staff", organizable_type: "Account", organizable_id: w.accounts.A.id, enabled: true, encrypted_password: hash.p }).returning();
  await db.insert(profiles).values({ profileable_type: "Staff", profileable_id: manager.id, first_name: "Mia", last_name: "Manager", full_name: "Mia Manager" });
  managerId = manager.id;
  for (const [name, email] of Object.entries({ superAdmin: "super.admin@test.dev", agentA: "agent.a@test.dev", agentB: "agent.b@test.dev", staffA: "staff.a@test.dev", staffB: "staff.b@test.dev", manager: "manager.a@test.dev", support: "policy.support@test.dev" })) {
    as[name] = await signInAs(t.app, email);
  }
});
afterAll(() => t.close());

const assign = (headers: AuthHeaders, payload: object) => t.app.inject({ method: "POST", url: "/v2/assignments", headers, payload });
const list = (headers: AuthHeaders, query = "") => t.app.inject({ method: "GET", url: `/v2/assignments${query}`, headers });
const get = (headers: AuthHeaders, url: string) => t.app.inject({ method: "GET", url: `/v2${url}`, headers });
const listedIds = async (headers: AuthHeaders, url: string) => {
  const res = await get(headers, url);
  expect(res.statusCode).toBe(200);
  const body = res.json() as Array<{ id: number }> | { data: Array<{ id: number }> };
  return (Array.isArray(body) ? body : body.data).map((r) => r.id);
};

describe("assignments", () => {
  it("a colleague, an agent of the tree and a super admin assign a manager to a community of their account, once", async () => {
    const created = await assign(as.staffA, { staff_id: managerId, insurable_id: ids.c1 });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ staff_id: managerId, insurable_id: ids.c1, assignable: { id: ids.c1, title: "Oak Court" }, staff: { full_name: "Mia Manager" } });
    const again = await assign(as.agentA, { staff_id: managerId, insurable_id: ids.c1 });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.insurable_id).toBe("This community is already assigned to this staff member");
    // A building is not a community; a community of another account is refused by name, not hidden, for a super admin.
    expect((await assign(as.superAdmin, { staff_id: managerId, insurable_id: ids.b1 })).json().errors.insurable_id).toMatch(/Only a community/);
    const other = await assign(as.superAdmin, { staff_id: managerId, insurable_id: ids.cB });
    expect(other.statusCode).toBe(422);
    expect(other.json().errors.insurable_id).toBe("This community belongs to another account than the staff member's");
    // An agent is not assigned to communities.
    expect((await assign(as.superAdmin, { staff_id: w.staff.agentA.id, insurable_id: ids.c1 })).json().errors.staff_id).toMatch(/Only property managers/);
    // The history of the staff member says who assigned what.
    const history = await get(as.staffA, `/staffs/${managerId}/histories`);
    expect(history.json()[0]).toMatchObject({ action: "create_related", data: { assignment: { new_value: { community: "Oak Court" } } } });
  });

  it("lists by staff member or community within the caller's scope; foreign ids are 404, foreign filters answer nothing", async () => {
    const byStaff = await list(as.agentA, `?filter[staff_id]=${managerId}`);
    expect(byStaff.json().map((a: { insurable_id: number }) => a.insurable_id)).toEqual([ids.c1]);
    expect(byStaff.headers["total-entries"]).toBe("1");
    expect((await list(as.staffA, `?filter[insurable_id]=${ids.c1}`)).json()).toHaveLength(1);
    expect((await list(as.staffB, `?filter[staff_id]=${managerId}`)).json()).toEqual([]);
    expect((await list(as.agentB)).json()).toEqual([]);
    expect((await assign(as.staffB, { staff_id: managerId, insurable_id: ids.c2 })).statusCode).toBe(404);
    expect((await assign(as.agentB, { staff_id: w.staff.staffB.id, insurable_id: ids.c2 })).statusCode).toBe(404);
    expect((await assign(as.staffA, { staff_id: w.staff.staffB.id, insurable_id: ids.c2 })).statusCode).toBe(404);
    const [row] = (await list(as.staffA)).json() as Array<{ id: number }>;
    expect((await t.app.inject({ method: "DELETE", url: `/v2/assignments/${row.id}`, headers: as.staffB })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "DELETE", url: `/v2/assignments/${row.id}`, headers: as.agentB })).statusCode).toBe(404);
    // Policy support manages no staff; bad ids are refused at the edge.
    expect((await list(as.support)).statusCode).toBe(403);
    expect((await assign(as.staffA, { staff_id: "x", insurable_id: ids.c1 })).statusCode).toBe(422);
    expect((await t.app.inject({ method: "DELETE", url: "/v2/assignments/0", headers: as.staffA })).statusCode).toBe(422);
  });

  it("a limited manager sees only the assigned community, its building and units, and their leases and policies", async () => {
    const db = t.database.db;
    expect(await listedIds(as.manager, "/insurables?pagination[per]=100")).toEqual(expect.arrayContaining([ids.c1, ids.b1, ids.u1]));
    expect(await listedIds(as.manager, "/insurables?pagination[per]=100")).not.toEqual(expect.arrayContaining([ids.c2]));
    expect((await listedIds(as.manager, "/insurables?pagination[per]=100")).filter((id) => [ids.c2, ids.u2, ids.cB].includes(id))).toEqual([]);
    for (const url of [`/insurables/${ids.c2}`, `/insurables/${ids.u2}`, `/leases/${ids.lease_u2}`, `/policies/${ids.policy_u2}`]) expect((await get(as.manager, url)).statusCode).toBe(404);
    for (const url of [`/insurables/${ids.u1}`, `/leases/${ids.lease_u1}`, `/policies/${ids.policy_u1}`]) expect((await get(as.manager, url)).statusCode).toBe(200);
    expect(await listedIds(as.manager, "/leases")).toEqual([ids.lease_u1]);
    const policyList = await get(as.manager, "/policies");
    expect(policyList.json().map((p: { id: number }) => p.id)).toEqual([ids.policy_u1]);
    expect(policyList.headers["total-entries"]).toBe("1");
    // The manager cannot lift their own limit; their colleague without assignments still sees the whole account.
    const [own] = await selectRows<{ id: number }>(db, sql`SELECT id FROM assignments WHERE staff_id = ${managerId}`);
    expect((await t.app.inject({ method: "DELETE", url: `/v2/assignments/${own.id}`, headers: as.manager })).statusCode).toBe(403);
    expect(await listedIds(as.staffA, "/leases")).toEqual(expect.arrayContaining([ids.lease_u1, ids.lease_u2]));
    expect((await get(as.staffA, `/policies/${ids.policy_u2}`)).statusCode).toBe(200);
  });

  it("removing the last assignment gives the whole account back, with history", async () => {
    const [row] = (await list(as.staffA, `?filter[staff_id]=${managerId}`)).json() as Array<{ id: number }>;
    const removed = await t.app.inject({ method: "DELETE", url: `/v2/assignments/${row.id}`, headers: as.staffA });
    expect(removed.statusCode).toBe(200);
    expect((await get(as.manager, `/leases/${ids.lease_u2}`)).statusCode).toBe(200);
    const history = await get(as.staffA, `/staffs/${managerId}/histories`);
    expect(history.json()[0]).toMatchObject({ action: "remove_related", data: { assignment: { previous_value: { community: "Oak Court" } } } });
    expect((await t.app.inject({ method: "DELETE", url: `/v2/assignments/${row.id}`, headers: as.staffA })).statusCode).toBe(404);
  });
});
