import { and, eq, inArray, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { histories, staff, staffPermissions } from "../../db/schema";
import { queryRows } from "../../lib/list";
import { signInAs, type AuthHeaders, type TestApp } from "../../test/helpers";
import { type World, worldApp } from "../../test/world-app";

let t: TestApp;
let world: World;
let as: Record<"superAdmin" | "agentA" | "staffA" | "support", AuthHeaders>;
const S: Record<string, number> = {};

const post = (url: string, headers: AuthHeaders, payload: object) => t.app.inject({ method: "POST", url, headers, payload });
const MANAGERS = { organizable_type: "Account", email: { like: "bulk." } };

/** enabled of our staff members, by key. */
async function enabledOf() {
  const rows = await t.database.db.select({ id: staff.id, enabled: staff.enabled }).from(staff).where(like(staff.email, "bulk.%"));
  const byId = new Map(rows.map((r) => [r.id, r.enabled]));
  return Object.fromEntries(Object.keys(S).map((key) => [key, byId.get(S[key])]));
}

beforeAll(async () => {
  ({ t, world, as } = await worldApp(["superAdmin", "agentA", "staffA", "support"]));
  const db = t.database.db;
  const add = async (key: string, role: "staff" | "agent", org: { type: "Account" | "Agency"; id: number }, pending = false) => {
    const [row] = await db
      .insert(staff)
      .values({ email: `bulk.${key}@test.dev`, role, organizable_type: org.type, organizable_id: org.id, enabled: true, encrypted_password: pending ? null : world.staff.staffA.encrypted_password })
      .returning();
    S[key] = row.id;
  };
  await add("mA", "staff", { type: "Account", id: world.accounts.A.id }, true);
  await add("mA1", "staff", { type: "Account", id: world.accounts.A1.id });
  await add("mB", "staff", { type: "Account", id: world.accounts.B.id }, true);
  await add("agA1", "agent", { type: "Agency", id: world.agencies.A1.id }, true);
  await add("agB", "agent", { type: "Agency", id: world.agencies.B.id });
}, 60_000);
afterAll(() => t.close());

describe("bulk Enable, Disable and Re-invite of staff (grid kit: picked rows or all matching)", () => {
  it("an agent's all matching reaches its agency tree's managers only, each with a history row", async () => {
    const res = await post("/v2/staff_agency/staffs/bulk_disable", as.agentA, { all_matching: true, filter: MANAGERS });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ done: [S.mA, S.mA1], failed: [] });
    expect(await enabledOf()).toEqual({ mA: false, mA1: false, mB: true, agA1: true, agB: true });
    const [history] = await t.database.db
      .select()
      .from(histories)
      .where(and(eq(histories.recordable_type, "Staff"), eq(histories.recordable_id, S.mA1)));
    expect(history).toMatchObject({ action: "update", author: "agent a", data: { enabled: { previous_value: true, new_value: false } } });
    // Staff of account A: only their account's manager comes back, not A1's (the same agency tree).
    const staffRes = await post("/v2/staff_account/staffs/bulk_enable", as.staffA, { all_matching: true, filter: MANAGERS });
    expect(staffRes.json()).toEqual({ done: [S.mA], failed: [] });
    expect(await enabledOf()).toEqual({ mA: true, mA1: false, mB: true, agA1: true, agB: true });
    // A row already in the state asked is left as it is (set, not toggled).
    expect((await post("/v2/staff_account/staffs/bulk_enable", as.staffA, { ids: [S.mA] })).json()).toEqual({ done: [S.mA], failed: [] });
    expect((await enabledOf()).mA).toBe(true);
  });

  it("a refused row fails alone with its reason: an agent disabling every agent of its tree keeps itself enabled", async () => {
    const res = await post("/v2/staff_agency/staffs/bulk_disable", as.agentA, { all_matching: true, filter: { organizable_type: "Agency", email: { like: "a" } } });
    const { done, failed } = res.json() as { done: number[]; failed: Array<{ id: number; reason: string }> };
    expect(failed).toEqual([{ id: world.staff.agentA.id, label: "agent a", reason: "You cannot disable yourself" }]);
    expect(done).toContain(S.agA1);
    expect(done).not.toContain(S.agB);
    expect(done).toContain(world.staff.agentA1.id);
    const [self] = await t.database.db.select({ enabled: staff.enabled }).from(staff).where(eq(staff.id, world.staff.agentA.id));
    expect(self.enabled).toBe(true);
    await post("/v2/staff_agency/staffs/bulk_enable", as.agentA, { ids: done });
    expect((await enabledOf()).agA1).toBe(true);
  });

  it("re-invites the matching managers whose invitation is pending; an accepted one is reported, not mailed", async () => {
    const before = t.mailer.sent.length;
    const res = await post("/v2/staff_agency/staffs/bulk_re_invite", as.agentA, { all_matching: true, filter: MANAGERS });
    expect(res.json()).toEqual({ done: [S.mA], failed: [{ id: S.mA1, label: "bulk.mA1@test.dev", reason: "Already activated" }] });
    expect(t.mailer.sent.slice(before).map((m) => m.to)).toEqual(["bulk.mA@test.dev"]);
  });

  it("picked ids outside the caller's scope are not acted on and fail as not found; each picked row needs the key of its own kind", async () => {
    expect((await post("/v2/staff_account/staffs/bulk_disable", as.staffA, { ids: [S.mA1, S.mB] })).json()).toEqual({ done: [], failed: [{ id: S.mA1, label: "", reason: "Staff not found" }, { id: S.mB, label: "", reason: "Staff not found" }] });
    // An agent with the managers key but not agencies.agents: managers yes, agents no (401 for an agents grid call).
    const restricted = await signInAs(t.app, world.staff.restricted.email);
    const agents = await post("/v2/staff_agency/staffs/bulk_disable", restricted, { all_matching: true, filter: { organizable_type: "Agency" } });
    expect(agents.statusCode).toBe(401);
    expect(agents.json()).toMatchObject({ error: "permission_not_enabled" });
    const mixed = await post("/v2/staff_agency/staffs/bulk_disable", restricted, { ids: [S.mA1, S.agA1] });
    expect(mixed.json()).toEqual({ done: [S.mA1], failed: [{ id: S.agA1, label: "bulk.agA1@test.dev", reason: "permission_not_enabled" }] });
    expect((await enabledOf()).agA1).toBe(true);
  });

  it("refuses policy support (403), a managers key that is off (401), an unknown filter and more than 10,000 matches (422, nothing changed)", async () => {
    expect((await post("/v2/policy-support/staffs/bulk_disable", as.support, { all_matching: true, filter: MANAGERS })).statusCode).toBe(403);
    const db = t.database.db;
    await db.insert(staffPermissions).values({ staff_id: world.staff.agentA1.id, key: "property_management.managers", value: false });
    const keyless = await signInAs(t.app, world.staff.agentA1.email);
    expect((await post("/v2/staff_agency/staffs/bulk_enable", keyless, { all_matching: true, filter: MANAGERS })).statusCode).toBe(401);
    expect((await post("/v2/staff_agency/staffs/bulk_disable", as.agentA, { all_matching: true, filter: { colour: "red" } })).statusCode).toBe(422);
    await db.execute(
      sql`INSERT INTO staffs (email, role, organizable_type, organizable_id, enabled)
          SELECT 'bulkcap' || n || '@test.dev', 'staff', 'Account', ${world.accounts.A.id}, true FROM generate_series(1, 10001) n`,
    );
    try {
      const capped = await post("/v2/staff_agency/staffs/bulk_disable", as.agentA, { all_matching: true, filter: { organizable_type: "Account", email: { like: "bulkcap" } } });
      expect(capped.statusCode).toBe(422);
      expect(capped.json().errors.filter).toMatch(/more than 10000 rows/);
      const [{ n }] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM staffs WHERE email LIKE 'bulkcap%' AND NOT enabled`);
      expect(n).toBe(0);
    } finally {
      await db.delete(staff).where(like(staff.email, "bulkcap%"));
    }
    expect(await db.select().from(staff).where(inArray(staff.id, [S.mB, S.agB]))).toHaveLength(2);
  });
});
