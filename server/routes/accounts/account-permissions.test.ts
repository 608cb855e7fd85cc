import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_PERMISSION_KEYS, AGENCY_ONLY_PERMISSION_KEYS } from "../../../src/domain/permissions";
import { accountPermissions, accounts, histories, staff, staffPermissions } from "../../db/schema";
import { type AuthHeaders, type TestApp } from "../../test/helpers";
import { type World, worldApp } from "../../test/world-app";

/**
 * Account permission sets (issue 13 section 2, reference 3.2): an account narrows its agency's set and never widens
 * it; its staff hold agency ∩ account ∩ their own keys, and the server enforces exactly that; an agency's switch-off
 * reaches its accounts, and switching the key back on at the agency does not undo what an account switched off.
 */
let t: TestApp;
let world: World;
let as: Record<"superAdmin" | "agentA" | "agentA1" | "agentB" | "staffA" | "staffB", AuthHeaders>;

beforeAll(async () => ({ t, world, as } = await worldApp(["superAdmin", "agentA", "agentA1", "agentB", "staffA", "staffB"])));
afterAll(() => t.close());

type Method = "GET" | "PUT";
type Permission = { key: string; value: boolean };
const call = (method: Method, url: string, headers: AuthHeaders, payload?: object) => t.app.inject({ method, url, headers, payload });
const setAccountKeys = (prefix: string, headers: AuthHeaders, id: number, permissions: Permission[]) =>
  call("PUT", `/v2/${prefix}/accounts/${id}`, headers, { account: { global_permission_attributes: { permissions } } });
const setAgencyKeys = (id: number, permissions: Permission[]) =>
  call("PUT", `/v2/staff_super_admin/agencies/${id}`, as.superAdmin, { agency: { global_permission_attributes: { permissions } } });
const valueOf = (list: Permission[], key: string) => list.find((p) => p.key === key)?.value;
/** What the server answers a staff member for themselves: the keys the console's canAccess reads. */
const keysOf = async (headers: AuthHeaders): Promise<Permission[]> => (await call("GET", "/v2/staff/auth/validate_token", headers)).json().data.staff_permission.permissions;
const storedAccountSet = (id: number) => t.database.db.select().from(accountPermissions).where(eq(accountPermissions.account_id, id));

describe("an account narrows its agency's permission set", () => {
  it("an agent switches a key off for an account: its staff lose it on the server and in canAccess, other accounts keep it", async () => {
    expect((await call("GET", "/v2/staff_account/master-policies", as.staffA)).statusCode).toBe(200);

    const res = await setAccountKeys("staff_agency", as.agentA, world.accounts.A.id, [{ key: "policies.master", value: false }]);
    expect(res.statusCode).toBe(200);
    expect(valueOf(res.json().global_permission.permissions, "policies.master")).toBe(false);
    expect(valueOf(res.json().global_permission.permissions, "policies.policies")).toBe(true);

    const denied = await call("GET", "/v2/staff_account/master-policies", as.staffA);
    expect(denied.statusCode).toBe(401);
    expect(denied.json()).toMatchObject({ error: "permission_not_enabled" });
    expect(valueOf(await keysOf(as.staffA), "policies.master")).toBe(false);
    // The staff member's own list is untouched: the account's set narrows it where it is read.
    expect(await t.database.db.select().from(staffPermissions).where(eq(staffPermissions.staff_id, world.staff.staffA.id))).toEqual([]);
    expect((await call("GET", "/v2/staff_account/master-policies", as.staffB)).statusCode).toBe(200);
    expect(await keysOf(as.staffB)).toEqual([]);

    const [history] = await t.database.db
      .select()
      .from(histories)
      .where(and(eq(histories.recordable_type, "Account"), eq(histories.recordable_id, world.accounts.A.id)));
    expect(history).toMatchObject({ action: "update", author: "agent a", data: { "permissions.policies.master": { previous_value: true, new_value: false } } });

    // A staff member added later, with no list of their own, holds no more than the account either.
    const [late] = await t.database.db
      .insert(staff)
      .values({ email: "late.staff@test.dev", role: "staff", organizable_type: "Account", organizable_id: world.accounts.A.id, enabled: true })
      .returning();
    const shown = await call("GET", `/v2/staff_super_admin/staffs/${late.id}`, as.superAdmin);
    expect(valueOf(shown.json().staff_permission.permissions, "policies.master")).toBe(false);

    // Sent back as shown, the staff member's list changes nothing: the account's switch-off is not copied into it.
    const held = (await call("GET", `/v2/staff_agency/staffs/${world.staff.staffA.id}`, as.agentA)).json().staff_permission.permissions;
    expect(valueOf(held, "policies.master")).toBe(false);
    const resent = await call("PUT", `/v2/staff_agency/staffs/${world.staff.staffA.id}`, as.agentA, { staff: { staff_permission_attributes: { permissions: held } } });
    expect(resent.statusCode).toBe(200);
    expect(await t.database.db.select().from(staffPermissions).where(eq(staffPermissions.staff_id, world.staff.staffA.id))).toEqual([]);

    const back = await setAccountKeys("staff_agency", as.agentA, world.accounts.A.id, [{ key: "policies.master", value: true }]);
    expect(valueOf(back.json().global_permission.permissions, "policies.master")).toBe(true);
    expect((await call("GET", "/v2/staff_account/master-policies", as.staffA)).statusCode).toBe(200);
  });

  it("an account never widens its agency's set: a key the agency (or its parent) lacks can't be enabled", async () => {
    expect((await setAgencyKeys(world.agencies.A.id, [{ key: "policies.claims", value: false }])).statusCode).toBe(200);

    for (const account of [world.accounts.A, world.accounts.A1]) {
      const shown = await call("GET", `/v2/staff_super_admin/accounts/${account.id}`, as.superAdmin);
      expect(valueOf(shown.json().global_permission.permissions, "policies.claims"), account.title).toBe(false);
      expect(valueOf(shown.json().agency_permission.permissions, "policies.claims"), account.title).toBe(false);
      expect(valueOf(await storedAccountSet(account.id), "policies.claims"), account.title).toBe(false);
      const [history] = await t.database.db
        .select()
        .from(histories)
        .where(and(eq(histories.recordable_type, "Account"), eq(histories.recordable_id, account.id)))
        .orderBy(histories.id);
      expect(history, account.title).toBeDefined();
    }
    expect(valueOf(await keysOf(as.staffA), "policies.claims")).toBe(false);

    const refused = await setAccountKeys("staff_super_admin", as.superAdmin, world.accounts.A1.id, [{ key: "policies.claims", value: true }]);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ "global_permission_attributes.permissions": "policies.claims can't be enabled" });
    // Agency B's account is not touched.
    expect(await storedAccountSet(world.accounts.B.id)).toEqual([]);
    await setAgencyKeys(world.agencies.A.id, [{ key: "policies.claims", value: true }]);
  });

  it("switching a key back on at the agency does not re-enable what the account switched off", async () => {
    expect((await setAccountKeys("staff_agency", as.agentA, world.accounts.A.id, [{ key: "dashboard.properties", value: false }])).statusCode).toBe(200);
    expect((await setAgencyKeys(world.agencies.A.id, [{ key: "dashboard.properties", value: false }])).statusCode).toBe(200);
    expect(valueOf(await keysOf(as.staffA), "dashboard.properties")).toBe(false);
    const on = await setAgencyKeys(world.agencies.A.id, [{ key: "dashboard.properties", value: true }]);
    expect(valueOf(on.json().global_permission.permissions, "dashboard.properties")).toBe(true);

    const account = await call("GET", `/v2/staff_agency/accounts/${world.accounts.A.id}`, as.agentA);
    expect(valueOf(account.json().global_permission.permissions, "dashboard.properties")).toBe(false);
    expect(valueOf(account.json().agency_permission.permissions, "dashboard.properties")).toBe(true);
    expect(valueOf(await keysOf(as.staffA), "dashboard.properties")).toBe(false);
    // The account may now switch it back on, and its staff hold it again.
    await setAccountKeys("staff_agency", as.agentA, world.accounts.A.id, [{ key: "dashboard.properties", value: true }]);
    await t.database.db.delete(staffPermissions).where(eq(staffPermissions.staff_id, world.staff.staffA.id));
    expect(valueOf(await keysOf(as.staffA), "dashboard.properties")).toBe(true);
  });
});

describe("who changes an account's permission set", () => {
  it("another tenant's account is a 404 and nothing is stored; the account's own staff are refused", async () => {
    const before = await storedAccountSet(world.accounts.A.id);
    const foreign = await setAccountKeys("staff_agency", as.agentB, world.accounts.A.id, [{ key: "leases.leases", value: false }]);
    expect(foreign.statusCode).toBe(404);
    const parentsAccount = await setAccountKeys("staff_agency", as.agentA1, world.accounts.A.id, [{ key: "leases.leases", value: false }]);
    expect(parentsAccount.statusCode).toBe(404);
    expect(await storedAccountSet(world.accounts.A.id)).toEqual(before);
    expect((await call("GET", `/v2/staff_account/accounts/${world.accounts.B.id}`, as.staffA)).statusCode).toBe(404);

    const own = await setAccountKeys("staff_account", as.staffA, world.accounts.A.id, [{ key: "leases.leases", value: false }]);
    expect(own.statusCode).toBe(403);
    expect(await storedAccountSet(world.accounts.A.id)).toEqual(before);
    // A sub-agency's agent manages its own accounts.
    expect((await setAccountKeys("staff_agency", as.agentA1, world.accounts.A1.id, [{ key: "leases.leases", value: false }])).statusCode).toBe(200);
  });

  it("refuses a key that is not a permission", async () => {
    const res = await setAccountKeys("staff_super_admin", as.superAdmin, world.accounts.B.id, [{ key: "payroll.everything", value: true }]);
    expect(res.statusCode).toBe(422);
    expect(await storedAccountSet(world.accounts.B.id)).toEqual([]);
  });
});

describe("an account's set holds only the keys that apply to its staff", () => {
  it("refuses an agency-only key on an account with a field error and stores nothing; the account page lists none", async () => {
    const before = await storedAccountSet(world.accounts.B.id);
    for (const value of [true, false]) {
      const res = await setAccountKeys("staff_super_admin", as.superAdmin, world.accounts.B.id, [
        { key: "policies.master", value: false },
        { key: "agencies.details", value },
      ]);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ "global_permission_attributes.permissions": "agencies.details doesn't apply to an account" });
    }
    const both = await setAccountKeys("staff_agency", as.agentB, world.accounts.B.id, [
      { key: "property_management.accounts", value: true },
      { key: "dashboard.policy_support", value: true },
    ]);
    expect(both.statusCode).toBe(422);
    expect(both.json().errors["global_permission_attributes.permissions"]).toBe(
      "property_management.accounts doesn't apply to an account, dashboard.policy_support doesn't apply to an account",
    );
    expect(await storedAccountSet(world.accounts.B.id)).toEqual(before);
    // Another tenant's account is still a 404 before anything is checked.
    expect((await setAccountKeys("staff_agency", as.agentA, world.accounts.B.id, [{ key: "agencies.details", value: false }])).statusCode).toBe(404);

    const shown = (await call("GET", `/v2/staff_super_admin/accounts/${world.accounts.B.id}`, as.superAdmin)).json();
    for (const list of [shown.global_permission.permissions, shown.agency_permission.permissions] as Permission[][]) {
      const keys = list.map((p) => p.key);
      expect(keys).toContain("policies.master");
      expect(keys).toContain("requests.refunds");
      for (const key of AGENCY_ONLY_PERMISSION_KEYS) expect(keys).not.toContain(key);
    }
  });

  it("an agency's switch-off of an agency-only key writes no history on its accounts", async () => {
    const count = async () =>
      (await t.database.db.select().from(histories).where(and(eq(histories.recordable_type, "Account"), eq(histories.recordable_id, world.accounts.B.id)))).length;
    expect((await setAccountKeys("staff_super_admin", as.superAdmin, world.accounts.B.id, [{ key: "leases.leases", value: false }])).statusCode).toBe(200);
    const rows = await count();
    expect((await setAgencyKeys(world.agencies.B.id, [{ key: "agencies.carriers", value: false }])).statusCode).toBe(200);
    expect(await count()).toBe(rows);
    // A key that applies to the account does reach it, with a history row.
    expect((await setAgencyKeys(world.agencies.B.id, [{ key: "policies.master", value: false }])).statusCode).toBe(200);
    expect(await count()).toBe(rows + 1);
    await setAgencyKeys(world.agencies.B.id, [{ key: "policies.master", value: true }]);
    await setAccountKeys("staff_super_admin", as.superAdmin, world.accounts.B.id, [{ key: "policies.master", value: true }]);
    for (const row of await storedAccountSet(world.accounts.B.id)) expect(AGENCY_ONLY_PERMISSION_KEYS as readonly string[]).not.toContain(row.key);
    await setAgencyKeys(world.agencies.B.id, [{ key: "agencies.carriers", value: true }]);
    await setAccountKeys("staff_super_admin", as.superAdmin, world.accounts.B.id, [{ key: "leases.leases", value: true }]);
  });
});

describe("a new account's permission set (reference 3.2)", () => {
  const create = (prefix: string, headers: AuthHeaders, account: object) => t.app.inject({ method: "POST", url: `/v2/${prefix}/accounts`, headers, payload: { account } });

  it("starts without rent-guarantee mass import and the requests keys, with history; its staff hold no more", async () => {
    const res = await create("staff_agency", as.agentA, { title: "Fresh Lofts" });
    expect(res.statusCode).toBe(201);
    const id = res.json().id as number;
    const held = res.json().global_permission.permissions as Permission[];
    expect(valueOf(held, "policies.rent_mass_import")).toBe(false);
    expect(valueOf(held, "requests.refunds")).toBe(false);
    expect(valueOf(held, "requests.cancellations")).toBe(false);
    expect(valueOf(held, "policies.policies")).toBe(true);
    expect(valueOf(held, "agencies.details")).toBeUndefined();

    const stored = await storedAccountSet(id);
    expect(stored.map((p) => p.key).sort()).toEqual([...ACCOUNT_PERMISSION_KEYS].sort());
    const [history] = await t.database.db.select().from(histories).where(and(eq(histories.recordable_type, "Account"), eq(histories.recordable_id, id)));
    expect(history).toMatchObject({
      action: "create",
      author: "agent a",
      data: {
        title: { previous_value: null, new_value: "Fresh Lofts" },
        "permissions.policies.rent_mass_import": { previous_value: true, new_value: false },
        "permissions.requests.refunds": { previous_value: true, new_value: false },
        "permissions.requests.cancellations": { previous_value: true, new_value: false },
      },
    });
    expect(Object.keys(history.data ?? {}).filter((field) => field.startsWith("permissions."))).toHaveLength(3);

    // A staff member of the new account is refused the mass import on the server.
    const [member] = await t.database.db
      .insert(staff)
      .values({ email: "fresh.staff@test.dev", role: "staff", organizable_type: "Account", organizable_id: id, enabled: true })
      .returning();
    const shown = await call("GET", `/v2/staff_super_admin/staffs/${member.id}`, as.superAdmin);
    expect(valueOf(shown.json().staff_permission.permissions, "policies.rent_mass_import")).toBe(false);
    expect(valueOf(shown.json().staff_permission.permissions, "policies.policies")).toBe(true);
  });

  it("what the creator asks for wins over the defaults; agency-only keys and keys the agency lacks are refused", async () => {
    const res = await create("staff_super_admin", as.superAdmin, {
      title: "Requested Keys",
      agency_id: world.agencies.B.id,
      global_permission_attributes: { permissions: [{ key: "requests.refunds", value: true }, { key: "leases.leases", value: false }] },
    });
    expect(res.statusCode).toBe(201);
    const held = res.json().global_permission.permissions as Permission[];
    expect(valueOf(held, "requests.refunds")).toBe(true);
    expect(valueOf(held, "leases.leases")).toBe(false);
    expect(valueOf(held, "policies.rent_mass_import")).toBe(false);

    const titles = async () => (await t.database.db.select({ title: accounts.title }).from(accounts)).map((r) => r.title);
    const before = await titles();
    const agencyOnly = await create("staff_super_admin", as.superAdmin, {
      title: "Agency Keys",
      agency_id: world.agencies.B.id,
      global_permission_attributes: { permissions: [{ key: "agencies.agents", value: true }] },
    });
    expect(agencyOnly.statusCode).toBe(422);
    expect(agencyOnly.json().errors).toEqual({ "global_permission_attributes.permissions": "agencies.agents doesn't apply to an account" });

    expect((await setAgencyKeys(world.agencies.B.id, [{ key: "policies.claims", value: false }])).statusCode).toBe(200);
    const lacking = await create("staff_agency", as.agentB, { title: "Claims Wanted", global_permission_attributes: { permissions: [{ key: "policies.claims", value: true }] } });
    expect(lacking.statusCode).toBe(422);
    expect(lacking.json().errors).toEqual({ "global_permission_attributes.permissions": "policies.claims can't be enabled" });
    await setAgencyKeys(world.agencies.B.id, [{ key: "policies.claims", value: true }]);
    expect(await titles()).toEqual(before);
  });
});
