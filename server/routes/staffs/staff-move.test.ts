import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, assignments, histories, insurables, staff } from "../../db/schema";
import { type AuthHeaders, type TestApp } from "../../test/helpers";
import { type World, worldApp } from "../../test/world-app";

/**
 * "Assign to accounts or agencies" (document 3 section 1), read conservatively: a property manager moves to another
 * account and an agent to another agency, within the caller's scope, never across kinds, never the owner of the
 * organisation left, never oneself; history records it and the old account's community assignments go.
 */
let t: TestApp;
let world: World;
let as: Record<"superAdmin" | "agentA" | "agentB" | "staffA", AuthHeaders>;

beforeAll(async () => ({ t, world, as } = await worldApp(["superAdmin", "agentA", "agentB", "staffA"])));
afterAll(() => t.close());

const put = (prefix: string, headers: AuthHeaders, id: number, body: object) => t.app.inject({ method: "PUT", url: `/v2/${prefix}/staffs/${id}`, headers, payload: { staff: body } });
const orgOf = async (id: number) => (await t.database.db.select({ type: staff.organizable_type, id: staff.organizable_id }).from(staff).where(eq(staff.id, id)))[0];

async function newStaff(email: string, type: "Account" | "Agency", orgId: number) {
  const [row] = await t.database.db
    .insert(staff)
    .values({ email, role: type === "Account" ? "staff" : "agent", organizable_type: type, organizable_id: orgId, enabled: true })
    .returning();
  return row;
}

describe("moving staff to another organisation", () => {
  it("an agent moves a property manager to another account of its tree; history records it and the old assignments go", async () => {
    const manager = await newStaff("mover.one@test.dev", "Account", world.accounts.A.id);
    const [community] = await t.database.db.insert(insurables).values({ title: "Elm Court", insurable_type_id: 1, account_id: world.accounts.A.id, agency_id: world.agencies.A.id }).returning();
    await t.database.db.insert(assignments).values({ staff_id: manager.id, insurable_id: community.id });

    const res = await put("staff_agency", as.agentA, manager.id, { organizable_id: world.accounts.A1.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ organizable_type: "Account", organizable_id: world.accounts.A1.id, organizable: { title: "Account A1" } });
    expect(await orgOf(manager.id)).toEqual({ type: "Account", id: world.accounts.A1.id });
    expect(await t.database.db.select().from(assignments).where(eq(assignments.staff_id, manager.id))).toEqual([]);
    const [history] = await t.database.db.select().from(histories).where(and(eq(histories.recordable_type, "Staff"), eq(histories.recordable_id, manager.id)));
    expect(history).toMatchObject({ action: "update", author: "agent a", data: { organizable_id: { previous_value: world.accounts.A.id, new_value: world.accounts.A1.id }, assignments: { previous_value: 1, new_value: 0 } } });

    // Sending the same organisation again changes nothing.
    expect((await put("staff_agency", as.agentA, manager.id, { organizable_id: world.accounts.A1.id, profile_attributes: { job_title: "Manager" } })).statusCode).toBe(200);
    expect(await orgOf(manager.id)).toEqual({ type: "Account", id: world.accounts.A1.id });
  });

  it("a super admin moves an agent to another agency; never across kinds", async () => {
    const agent = await newStaff("mover.two@test.dev", "Agency", world.agencies.A1.id);
    const res = await put("staff_super_admin", as.superAdmin, agent.id, { organizable_id: world.agencies.B.id });
    expect(res.statusCode).toBe(200);
    expect(await orgOf(agent.id)).toEqual({ type: "Agency", id: world.agencies.B.id });

    const across = await put("staff_super_admin", as.superAdmin, agent.id, { organizable_type: "Account", organizable_id: world.accounts.B.id });
    expect(across.statusCode).toBe(422);
    expect(across.json().errors).toEqual({ organizable_type: "A property manager stays with an account, an agent with an agency" });
    const missing = await put("staff_super_admin", as.superAdmin, agent.id, { organizable_id: 987654 });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ organizable_id: "Select agency from the drop-down list" });
    const cleared = await put("staff_super_admin", as.superAdmin, agent.id, { organizable_id: null });
    expect(cleared.statusCode).toBe(422);
    expect(Object.keys(cleared.json().errors)).toEqual(["organizable_id"]);
    expect(await orgOf(agent.id)).toEqual({ type: "Agency", id: world.agencies.B.id });
    const admin = await put("staff_super_admin", as.superAdmin, world.staff.support.id, { organizable_id: world.agencies.B.id });
    expect(admin.statusCode).toBe(422);
  });

  it("stays within scope: another tenant's account is refused, another tenant's staff is a 404; staff and owners are not moved", async () => {
    const manager = await newStaff("mover.three@test.dev", "Account", world.accounts.A.id);
    expect((await put("staff_agency", as.agentA, manager.id, { organizable_id: world.accounts.B.id })).statusCode).toBe(403);
    expect((await put("staff_agency", as.agentB, manager.id, { organizable_id: world.accounts.B.id })).statusCode).toBe(404);
    // A colleague in the same account cannot move them out, nor move themselves.
    expect((await put("staff_account", as.staffA, manager.id, { organizable_id: world.accounts.A1.id })).statusCode).toBe(403);
    expect((await put("staff_agency", as.agentA, world.staff.agentA.id, { organizable_id: world.agencies.A1.id })).statusCode).toBe(403);
    expect(await orgOf(manager.id)).toEqual({ type: "Account", id: world.accounts.A.id });

    await t.database.db.update(accounts).set({ staff_id: manager.id }).where(eq(accounts.id, world.accounts.A.id));
    const owner = await put("staff_super_admin", as.superAdmin, manager.id, { organizable_id: world.accounts.A1.id });
    expect(owner.statusCode).toBe(422);
    expect(owner.json().errors).toEqual({ organizable_id: "The owner of the account can't be moved" });
    expect(await orgOf(manager.id)).toEqual({ type: "Account", id: world.accounts.A.id });
    await t.database.db.update(accounts).set({ staff_id: null }).where(eq(accounts.id, world.accounts.A.id));
  });
});
