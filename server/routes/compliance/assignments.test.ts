import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assignments, insurables, leaseUsers, leases, profiles, staff } from "../../db/schema";
import { buildWorld } from "../../test/fixtures";
import { createTestApp, signInAs, type AuthHeaders, type TestApp } from "../../test/helpers";
import { addDays } from "../../../src/domain/requirements";
import { todayIn } from "../../compliance/timeline";
import { queryRows } from "../../lib/list";

let t: TestApp;
let world: Awaited<ReturnType<typeof buildWorld>>;
const as: Record<string, AuthHeaders> = {};
const today = todayIn(new Date());
const lease: Record<string, number> = {};
let colleague: number;

const assign = (prefix: string, headers: AuthHeaders, ids: number[], assignee_id: number | null, worklist = "uninsured") =>
  t.app.inject({ method: "POST", url: `/v2/${prefix}/compliance/assignments`, headers, payload: { worklist, ids, assignee_id } });
const rows = async (prefix: string, headers: AuthHeaders, assigned?: "me" | "none") => {
  const res = await t.app.inject({ method: "GET", url: `/v2/${prefix}/compliance/worklists/uninsured?per=200${assigned ? `&assigned=${assigned}` : ""}`, headers });
  expect(res.statusCode).toBe(200);
  return res.json() as Array<{ id: number; reference: string; assignee: { id: number; name: string } | null }>;
};
const refs = (list: Array<{ reference: string }>) => list.map((r) => r.reference).filter((r) => r.startsWith("WL-")).sort();
const assignmentCount = async () => (await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM worklist_assignments`))[0].n;

beforeAll(async () => {
  t = await createTestApp();
  world = await buildWorld(t.database.db);
  const db = t.database.db;
  const A = { account_id: world.accounts.A.id, agency_id: world.agencies.A.id };
  // Two communities of account A, one uninsured lease each in Elm and one in Oak.
  const [elm, oak] = await db.insert(insurables).values([{ title: "Elm Court", insurable_type_id: 1, ...A }, { title: "Oak Court", insurable_type_id: 1, ...A }]).returning();
  const units = await db
    .insert(insurables)
    .values([elm.id, elm.id, oak.id].map((parent, i) => ({ title: `U${i + 1}`, insurable_type_id: 4, insurable_id: parent, ...A })))
    .returning();
  for (const [i, reference] of ["WL-ELM-1", "WL-ELM-2", "WL-OAK-1"].entries()) {
    const [row] = await db.insert(leases).values({ reference, start_date: addDays(today, -40), status: "current", insurable_id: units[i].id, account_id: A.account_id }).returning();
    await db.insert(leaseUsers).values({ lease_id: row.id, user_id: world.users.A.id, primary: true });
    lease[reference] = row.id;
  }
  // A colleague of staff A who manages Elm Court only: Oak Court's rows are out of their reach.
  const [mate] = await db
    .insert(staff)
    .values({ email: "mate.a@test.dev", role: "staff", organizable_type: "Account", organizable_id: A.account_id, enabled: true, encrypted_password: world.staff.staffA.encrypted_password })
    .returning();
  await db.insert(profiles).values({ profileable_type: "Staff", profileable_id: mate.id, first_name: "Mia", last_name: "Mate", full_name: "Mia Mate" });
  await db.insert(assignments).values({ staff_id: mate.id, insurable_id: elm.id });
  colleague = mate.id;
  for (const [key, email] of Object.entries({ staffA: "staff.a@test.dev", staffB: "staff.b@test.dev", agentA: "agent.a@test.dev", agentB: "agent.b@test.dev", mate: "mate.a@test.dev", support: "policy.support@test.dev" }))
    as[key] = await signInAs(t.app, email);
});
afterAll(() => t.close());

describe("worklist assignments (assign to a colleague)", () => {
  it("gives a colleague the rows they can open, says which they cannot, and lists them as theirs", async () => {
    const res = await assign("staff_account", as.staffA, [lease["WL-ELM-1"], lease["WL-OAK-1"]], colleague);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ done: [lease["WL-ELM-1"]], failed: [{ id: lease["WL-OAK-1"], label: "WL-OAK-1", reason: "Mia Mate cannot open this row" }] });

    const all = await rows("staff_account", as.staffA);
    expect(all.find((r) => r.id === lease["WL-ELM-1"])?.assignee).toEqual({ id: colleague, name: "Mia Mate" });
    expect(all.find((r) => r.id === lease["WL-OAK-1"])?.assignee).toBeNull();
    expect(refs(await rows("staff_account", as.staffA, "none"))).toEqual(["WL-ELM-2", "WL-OAK-1"]);
    expect(refs(await rows("staff_account", as.mate, "me"))).toEqual(["WL-ELM-1"]);
    expect(refs(await rows("staff_account", as.staffA, "me"))).toEqual([]);

    const history = await queryRows<{ data: Record<string, { previous_value: unknown; new_value: unknown }>; author: string }>(
      t.database.db,
      sql`SELECT data, author FROM histories WHERE recordable_type = 'Lease' AND recordable_id = ${lease["WL-ELM-1"]} ORDER BY id`,
    );
    expect(history.at(-1)?.data).toEqual({ follow_up_by: { previous_value: null, new_value: "Mia Mate" } });
  });

  it("refuses anyone who is not the caller's colleague with one answer, whether they exist or not, and writes nothing", async () => {
    const before = await assignmentCount();
    for (const who of [world.staff.staffB.id, world.staff.agentB.id, world.staff.disabled.id, world.staff.support.id, 999_999]) {
      const res = await assign("staff_account", as.staffA, [lease["WL-ELM-2"]], who);
      expect(res.statusCode, String(who)).toBe(422);
      expect(res.json().errors).toEqual({ assignee_id: "Choose a colleague from the list" });
    }
    expect(await assignmentCount()).toBe(before);
  });

  it("leaves rows outside the caller's scope untouched, and an id out of range is a 422", async () => {
    const res = await assign("staff_account", as.staffB, [lease["WL-ELM-2"]], world.staff.staffB.id);
    expect(res.json()).toEqual({ done: [], failed: [{ id: lease["WL-ELM-2"], label: "", reason: "No longer on this list" }] });
    expect((await rows("staff_account", as.staffA)).find((r) => r.id === lease["WL-ELM-2"])?.assignee).toBeNull();
    expect((await assign("staff_account", as.staffA, [2 ** 40], colleague)).statusCode).toBe(422);
    expect((await t.app.inject({ method: "GET", url: "/v2/staff_account/compliance/worklists/uninsured?assigned=someone", headers: as.staffA })).statusCode).toBe(422);
  });

  it("lets an agent hand a row to the account's staff and take it back, with history both ways", async () => {
    expect((await assign("staff_agency", as.agentA, [lease["WL-OAK-1"]], world.staff.staffA.id)).json().done).toEqual([lease["WL-OAK-1"]]);
    expect(refs(await rows("staff_account", as.staffA, "me"))).toEqual(["WL-OAK-1"]);
    expect((await assign("staff_agency", as.agentA, [lease["WL-OAK-1"]], null)).json().done).toEqual([lease["WL-OAK-1"]]);
    expect(refs(await rows("staff_account", as.staffA, "me"))).toEqual([]);
    const history = await queryRows<{ data: Record<string, { previous_value: unknown; new_value: unknown }> }>(
      t.database.db,
      sql`SELECT data FROM histories WHERE recordable_type = 'Lease' AND recordable_id = ${lease["WL-OAK-1"]} ORDER BY id`,
    );
    expect(history.map((h) => h.data.follow_up_by)).toEqual([
      { previous_value: null, new_value: "staff a" },
      { previous_value: "staff a", new_value: null },
    ]);
  });

  it("offers as colleagues exactly whom an assignment accepts: the account's enabled people for staff, the tree's for agents", async () => {
    const names = async (prefix: string, headers: AuthHeaders, q = "") => {
      const res = await t.app.inject({ method: "GET", url: `/v2/${prefix}/compliance/colleagues?q=${encodeURIComponent(q)}`, headers });
      expect(res.statusCode).toBe(200);
      return (res.json() as Array<{ email: string }>).map((c) => c.email).sort();
    };
    expect(await names("staff_account", as.staffA)).toEqual(["mate.a@test.dev", "staff.a@test.dev"]);
    expect(await names("staff_account", as.staffA, "MIA")).toEqual(["mate.a@test.dev"]);
    expect(await names("staff_account", as.staffA, "%")).toEqual([]);
    const agents = await names("staff_agency", as.agentA);
    expect(agents).toEqual(expect.arrayContaining(["agent.a@test.dev", "agent.a1@test.dev", "mate.a@test.dev", "staff.a@test.dev"]));
    expect(agents).not.toContain("staff.b@test.dev");
    expect(agents).not.toContain("disabled.staff@test.dev");
    expect((await t.app.inject({ method: "GET", url: `/v2/staff_account/compliance/colleagues?q=${"x".repeat(101)}`, headers: as.staffA })).statusCode).toBe(422);
  });

  it("all matching gives every row of the grid's filter (nobody's rows) within the caller's scope", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/v2/staff_account/compliance/assignments",
      headers: as.staffA,
      payload: { worklist: "uninsured", all_matching: true, filter: { assigned: "none" }, assignee_id: world.staff.staffA.id },
    });
    expect(res.statusCode).toBe(200);
    const mine = refs(await rows("staff_account", as.staffA, "me"));
    expect(mine).toEqual(expect.arrayContaining(["WL-ELM-2", "WL-OAK-1"]));
    // WL-ELM-1 was Mia's: not among nobody's rows, so it stays hers.
    expect(mine).not.toContain("WL-ELM-1");
    expect((res.json() as { done: number[] }).done).not.toContain(lease["WL-ELM-1"]);
    expect(refs(await rows("staff_account", as.mate, "me"))).toEqual(["WL-ELM-1"]);
    await assign("staff_account", as.staffA, [lease["WL-ELM-2"], lease["WL-OAK-1"]], null);
  });

  it("is not for policy support", async () => {
    expect((await assign("policy-support", as.support, [lease["WL-ELM-1"]], colleague)).statusCode).toBe(403);
  });
});
