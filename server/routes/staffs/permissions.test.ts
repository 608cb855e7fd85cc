import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { staff, staffPermissions } from "../../db/schema";
import { buildWorld } from "../../test/fixtures";
import { createTestApp, signInAs, type AuthHeaders, type TestApp } from "../../test/helpers";

/**
 * Who may change permission keys (issue 9, hole 5): a super admin, the organisation's owner or an agent over it,
 * never the staff themselves; an empty list changes nothing; creating an agent needs the agents key.
 */
let t: TestApp;
let world: Awaited<ReturnType<typeof buildWorld>>;
const as: Record<string, AuthHeaders> = {};
let colleagueId: number;
let ownerId: number;

const STORED = [
  { key: "agencies.agents", value: true },
  { key: "policies.policies", value: true },
  { key: "property_management.managers", value: true },
  { key: "property_management.users", value: false },
];
const WANTED = [{ key: "property_management.users", value: true }];

beforeAll(async () => {
  t = await createTestApp();
  world = await buildWorld(t.database.db);
  const db = t.database.db;
  // Account A: an owner and a second manager besides staff.a; agency A: agent.a owns it.
  const [owner] = await db
    .insert(staff)
    .values({ email: "owner.a@test.dev", role: "staff", organizable_type: "Account", organizable_id: world.accounts.A.id, enabled: true, owner: true, encrypted_password: (await db.select().from(staff).where(eq(staff.id, world.staff.staffA.id)))[0].encrypted_password })
    .returning();
  ownerId = owner.id;
  colleagueId = world.staff.disabled.id;
  await db.update(staff).set({ owner: true }).where(eq(staff.id, world.staff.agentA.id));
  for (const [name, email] of Object.entries({
    superAdmin: "super.admin@test.dev",
    agentA: "agent.a@test.dev",
    agentA1: "agent.a1@test.dev",
    agentB: "agent.b@test.dev",
    staffA: "staff.a@test.dev",
    ownerA: "owner.a@test.dev",
    restricted: "restricted.agent@test.dev",
  })) {
    as[name] = await signInAs(t.app, email);
  }
});
afterAll(() => t.close());

/** Every staff in the world gets the same stored keys before each case. */
beforeEach(async () => {
  const db = t.database.db;
  const ids = [ownerId, colleagueId, world.staff.staffA.id, world.staff.agentA.id, world.staff.agentA1.id, world.staff.superAdmin.id];
  for (const id of ids) {
    await db.delete(staffPermissions).where(eq(staffPermissions.staff_id, id));
    await db.insert(staffPermissions).values(STORED.map((p) => ({ ...p, staff_id: id })));
  }
});

const keysOf = async (id: number) =>
  (await t.database.db.select({ key: staffPermissions.key, value: staffPermissions.value }).from(staffPermissions).where(eq(staffPermissions.staff_id, id))).sort((a, b) => a.key.localeCompare(b.key));

const setKeys = (prefix: string, headers: AuthHeaders, id: number, permissions: Array<{ key: string; value: boolean }>) =>
  t.app.inject({ method: "PUT", url: `/v2/${prefix}/staffs/${id}`, headers, payload: { staff: { staff_permission_attributes: { permissions } } } });

describe("one's own keys", () => {
  it("an empty list changes nothing (it used to switch every key on)", async () => {
    const res = await setKeys("staff_account", as.staffA, world.staff.staffA.id, []);
    expect(res.statusCode).toBe(200);
    expect(await keysOf(world.staff.staffA.id)).toEqual(STORED);
    expect(res.json().staff_permission.permissions).toHaveLength(STORED.length);
  });

  it("a staff, an owner, an agent and a super admin can never change their own", async () => {
    for (const [prefix, name, id] of [
      ["staff_account", "staffA", world.staff.staffA.id],
      ["staff_account", "ownerA", ownerId],
      ["staff_agency", "agentA", world.staff.agentA.id],
      ["staff_super_admin", "superAdmin", world.staff.superAdmin.id],
    ] as const) {
      const res = await setKeys(prefix, as[name], id, WANTED);
      expect(res.statusCode, name).toBe(403);
      expect(res.json().message).toBe("You cannot change your own permissions");
      expect(await keysOf(id)).toEqual(STORED);
    }
  });

  it("sending one's keys unchanged with other fields is fine", async () => {
    const res = await t.app.inject({
      method: "PUT",
      url: `/v2/staff_account/staffs/${world.staff.staffA.id}`,
      headers: as.staffA,
      payload: { staff: { profile_attributes: { job_title: "Leasing" }, staff_permission_attributes: { permissions: STORED } } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().profile_attributes.job_title).toBe("Leasing");
  });
});

describe("someone else's keys", () => {
  it("a manager who is not the owner cannot change the owner's or a colleague's keys, but edits other fields", async () => {
    for (const id of [ownerId, colleagueId]) {
      const res = await setKeys("staff_account", as.staffA, id, WANTED);
      expect(res.statusCode).toBe(403);
      expect(await keysOf(id)).toEqual(STORED);
    }
    const rename = await t.app.inject({ method: "PUT", url: `/v2/staff_account/staffs/${colleagueId}`, headers: as.staffA, payload: { staff: { profile_attributes: { job_title: "Porter" } } } });
    expect(rename.statusCode).toBe(200);
  });

  it("the account's owner can", async () => {
    const res = await setKeys("staff_account", as.ownerA, colleagueId, WANTED);
    expect(res.statusCode).toBe(200);
    expect(await keysOf(colleagueId)).toEqual(WANTED);
  });

  it("an agent over the account can; an agent of another agency does not even see the staff", async () => {
    expect((await setKeys("staff_agency", as.agentA, colleagueId, WANTED)).statusCode).toBe(200);
    expect(await keysOf(colleagueId)).toEqual(WANTED);
    expect((await setKeys("staff_agency", as.agentB, ownerId, WANTED)).statusCode).toBe(404);
    expect(await keysOf(ownerId)).toEqual(STORED);
  });

  it("agents: the agency's owner and an agent of the parent agency can, a fellow agent cannot", async () => {
    expect((await setKeys("staff_agency", as.agentA, world.staff.agentA1.id, WANTED)).statusCode).toBe(200);
    await t.database.db.update(staff).set({ owner: false }).where(eq(staff.id, world.staff.agentA.id));
    try {
      // agent.a is still over agency A1 (its parent) without being an owner
      expect((await setKeys("staff_agency", as.agentA, world.staff.agentA1.id, STORED)).statusCode).toBe(200);
      // restricted.agent and agent.a are both agents of agency A: neither is over the other
      const fellow = await setKeys("staff_agency", as.agentA, world.staff.restricted.id, WANTED);
      expect(fellow.statusCode).toBe(403);
    } finally {
      await t.database.db.update(staff).set({ owner: true }).where(eq(staff.id, world.staff.agentA.id));
    }
    expect((await setKeys("staff_agency", as.agentA, world.staff.restricted.id, [{ key: "property_management.managers", value: true }, { key: "agencies.agents", value: false }])).statusCode).toBe(200);
    // agent.a1 (sub-agency) is not over agency A's agents
    expect((await setKeys("staff_agency", as.agentA1, world.staff.agentA.id, WANTED)).statusCode).toBe(404);
  });

  it("a super admin can, and an empty list from them changes nothing either", async () => {
    expect((await setKeys("staff_super_admin", as.superAdmin, ownerId, [])).statusCode).toBe(200);
    expect(await keysOf(ownerId)).toEqual(STORED);
    expect((await setKeys("staff_super_admin", as.superAdmin, ownerId, WANTED)).statusCode).toBe(200);
    expect(await keysOf(ownerId)).toEqual(WANTED);
  });
});

describe("creating an agent", () => {
  const create = (headers: AuthHeaders, body: object) => t.app.inject({ method: "POST", url: "/v2/staff_agency/staffs", headers, payload: { staff: body } });
  const agent = (email: string) => ({ email, role: "agent", organizable_id: world.agencies.A.id, profile_attributes: { first_name: "New", last_name: "Agent" } });

  it("needs the agents key even when the body does not say Agency", async () => {
    // restricted.agent holds the managers key but not agencies.agents
    for (const body of [agent("sneaky1@test.dev"), { ...agent("sneaky2@test.dev"), organizable_type: "Account" }, { ...agent("sneaky3@test.dev"), organizable_type: null }]) {
      const res = await create(as.restricted, body);
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toBe("permission_not_enabled");
    }
    expect(await t.database.db.select().from(staff).where(eq(staff.email, "sneaky1@test.dev"))).toHaveLength(0);
  });

  it("works with the key", async () => {
    const res = await create(as.agentA, agent("fresh.agent@test.dev"));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ role: "agent", organizable_type: "Agency", organizable_id: world.agencies.A.id });
  });
});
