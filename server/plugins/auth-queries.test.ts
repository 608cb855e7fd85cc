import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROLE_PREFIX, type Role } from "../../src/domain/roles";
import { eq } from "drizzle-orm";
import { assignments, insurables, policies, staff } from "../db/schema";
import { type AuthHeaders, signInAs, type TestApp } from "../test/helpers";
import { countQueries } from "../test/query-count";
import { loadStaffUsers } from "../routes/staffs/staff-user";
import { type World, worldApp } from "../test/world-app";

/**
 * Issue 9 (load): every signed-in request pays for its session, staff member and scope before anything else. They
 * are ONE statement (findSessionCaller), and the policy page one more; these budgets keep it so (before: 4 to 8
 * statements per request for the session, 16 to 19 for a policy page).
 */
let t: TestApp;
let world: World;
let as: Record<"superAdmin" | "agentA" | "staffA" | "support", AuthHeaders>;
let counter: ReturnType<typeof countQueries>;

const logins = { superAdmin: "super_admin", agentA: "agent", staffA: "staff", support: "policy_support" } as const satisfies Record<string, Role>;
const prefix = (login: keyof typeof logins) => `/v2/${ROLE_PREFIX[logins[login]]}`;

beforeAll(async () => {
  ({ t, world, as } = await worldApp(["superAdmin", "agentA", "staffA", "support"]));
  // staff A is limited to one community, so their scope reads their assignments too.
  const [community] = await t.database.db.insert(insurables).values({ title: "Budget Court", insurable_type_id: 1, account_id: world.accounts.A.id, agency_id: world.agencies.A.id }).returning();
  await t.database.db.insert(assignments).values({ staff_id: world.staff.staffA.id, insurable_id: community.id });
  counter = countQueries(t.database);
});
afterAll(async () => {
  counter.restore();
  await t.close();
});

/** The statements one request sent, and its status. */
async function statements(login: keyof typeof as, method: "GET" | "POST", url: string, payload?: object) {
  counter.reset();
  const res = await t.app.inject({ method, url, headers: as[login], payload });
  return { status: res.statusCode, count: counter.count, sent: counter.statements };
}

describe("statements per signed-in request", () => {
  it("validate_token reads session, staff member and scope in one statement, for every role", async () => {
    for (const login of Object.keys(logins) as Array<keyof typeof logins>) {
      const r = await statements(login, "GET", "/v2/staff/auth/validate_token");
      expect(r.status, login).toBe(200);
      expect(r.count, `${login}: ${r.sent.join("\n")}`).toBe(1);
    }
  });

  it("narrowing by agency_id costs no extra statement, and a foreign agency is still refused", async () => {
    const mine = await statements("agentA", "GET", `${prefix("agentA")}/policies?agency_id=${world.agencies.A1.id}`);
    expect(mine.status).toBe(200);
    const foreign = await statements("agentA", "GET", `${prefix("agentA")}/policies?agency_id=${world.agencies.B.id}`);
    expect(foreign.status).toBe(403);
    expect(foreign.count).toBe(1);
    const admin = await statements("superAdmin", "GET", `${prefix("superAdmin")}/policies?agency_id=${world.agencies.B.id}`);
    expect(admin.status).toBe(200);
    // Session and scope, then the list's own (count and page).
    for (const r of [mine, admin]) expect(r.count, r.sent.join("\n")).toBeLessThanOrEqual(3);
  });

  it("a policy page is the session's statement and one more", async () => {
    for (const login of ["superAdmin", "agentA"] as const) {
      const r = await statements(login, "GET", `${prefix(login)}/policies/${world.policies.A.id}`);
      expect(r.status, login).toBe(200);
      expect(r.count, `${login}: ${r.sent.join("\n")}`).toBeLessThanOrEqual(2);
    }
    // Outside the caller's scope: 404, as cheaply.
    const foreign = await statements("agentA", "GET", `${prefix("agentA")}/policies/${world.policies.B.id}`);
    expect(foreign.status).toBe(404);
    expect(foreign.count).toBeLessThanOrEqual(2);
  });

  it("lists cost the session's statement and their own two", async () => {
    for (const login of ["superAdmin", "agentA", "staffA"] as const) {
      for (const path of ["/policies?pagination[per]=20&sort[column]=updated_at&sort[direction]=desc", "/users?pagination[per]=20"]) {
        const r = await statements(login, "GET", `${prefix(login)}${path}`);
        expect(r.status, `${login} ${path}`).toBe(200);
        expect(r.count, `${login} ${path}: ${r.sent.join("\n")}`).toBeLessThanOrEqual(3);
      }
    }
    const queue = await statements("support", "POST", "/v2/policy-support/review_queue/list", { pagination: { page: 1, per: 20 } });
    expect(queue.status).toBe(200);
    expect(queue.count).toBeLessThanOrEqual(3);
  });

  it("the scope read with the session still limits a staff member to their communities", async () => {
    // Policy A lies in no community of staff A's: outside their scope once they are assigned one.
    const page = await t.app.inject({ method: "GET", url: `${prefix("staffA")}/policies`, headers: as.staffA });
    expect(page.statusCode).toBe(200);
    expect(page.json().map((p: { id: number }) => p.id)).not.toContain(world.policies.A.id);
    const detail = await statements("staffA", "GET", `${prefix("staffA")}/policies/${world.policies.A.id}`);
    expect(detail.status).toBe(404);
  });

  it("a request without a live session costs one statement and answers 401", async () => {
    const r = await statements("agentA", "GET", "/v2/staff/auth/validate_token");
    expect(r.status).toBe(200);
    counter.reset();
    const wrong = await t.app.inject({ method: "GET", url: "/v2/staff/auth/validate_token", headers: { ...as.agentA, "access-token": "not-the-token" } });
    expect(wrong.statusCode).toBe(401);
    expect(counter.count).toBe(1);
  });
});

/*
 * The session's statement is prepared once per database (server/db/prepared.ts): each call must still read its own
 * caller, its own agency_id and the rows as they are now, not what the first call found.
 */
describe("the prepared session statement", () => {
  const ids = (res: { json(): unknown }) => (res.json() as Array<{ id: number }>).map((p) => p.id);

  it("answers each caller with their own staff member", async () => {
    for (const login of Object.keys(logins) as Array<keyof typeof logins>) {
      const res = await t.app.inject({ method: "GET", url: "/v2/staff/auth/validate_token", headers: as[login] });
      expect(res.json().data.email, login).toBe(world.staff[login].email);
    }
  });

  it("narrows by each request's own agency_id", async () => {
    const list = (agencyId: number) => t.app.inject({ method: "GET", url: `${prefix("agentA")}/policies?agency_id=${agencyId}`, headers: as.agentA });
    // Policy A belongs to agency A: in A's tree, not in its sub-agency A1's.
    expect(ids(await list(world.agencies.A.id))).toContain(world.policies.A.id);
    expect(ids(await list(world.agencies.A1.id))).not.toContain(world.policies.A.id);
    expect((await list(world.agencies.B.id)).statusCode).toBe(403);
    expect(ids(await list(world.agencies.A.id))).toContain(world.policies.A.id);
    const admin = await t.app.inject({ method: "GET", url: `${prefix("superAdmin")}/policies?agency_id=${world.agencies.B.id}`, headers: as.superAdmin });
    expect(ids(admin)).toEqual([world.policies.B.id]);
  });

  it("reads the staff member as they are now: disabling them ends their session at once", async () => {
    const headers = await signInAs(t.app, world.staff.staffB.email);
    const validate = () => t.app.inject({ method: "GET", url: "/v2/staff/auth/validate_token", headers });
    expect((await validate()).statusCode).toBe(200);
    await t.database.db.update(staff).set({ enabled: false }).where(eq(staff.id, world.staff.staffB.id));
    expect((await validate()).statusCode).toBe(401);
    await t.database.db.update(staff).set({ enabled: true }).where(eq(staff.id, world.staff.staffB.id));
    expect((await validate()).statusCode).toBe(200);
  });
});

/*
 * loadStaffUsers' statement is prepared once per database too (server/routes/staffs/staff-user.ts): one text for any
 * number of ids, each call answering its own ids, in the order asked, as the rows are now.
 */
describe("the prepared staff-users statement", () => {
  it("answers each call's own ids, in their order, and skips missing ones", async () => {
    const { agentA, staffA, superAdmin } = world.staff;
    const emails = async (ids: number[]) => (await loadStaffUsers(t.database.db, ids)).map((u) => u.email);
    expect(await emails([staffA.id, agentA.id])).toEqual([staffA.email, agentA.email]);
    expect(await emails([superAdmin.id, 2_000_000_000, staffA.id])).toEqual([superAdmin.email, staffA.email]);
    expect(await emails([agentA.id])).toEqual([agentA.email]);
    expect(await emails([])).toEqual([]);
    const [before] = await loadStaffUsers(t.database.db, [agentA.id]);
    await t.database.db.update(staff).set({ enabled: false }).where(eq(staff.id, agentA.id));
    const [after] = await loadStaffUsers(t.database.db, [agentA.id]);
    await t.database.db.update(staff).set({ enabled: true }).where(eq(staff.id, agentA.id));
    expect([before.enabled, after.enabled]).toEqual([true, false]);
  });

  it("a staff page is the session's statement, the list's two and one for its staff members, one page size or another", async () => {
    for (const per of [1, 20]) {
      const r = await statements("superAdmin", "GET", `${prefix("superAdmin")}/staffs?pagination[per]=${per}`);
      expect(r.status).toBe(200);
      expect(r.count, r.sent.join("\n")).toBeLessThanOrEqual(4);
    }
    const page = await t.app.inject({ method: "GET", url: `${prefix("superAdmin")}/staffs?pagination[per]=20`, headers: as.superAdmin });
    const emails = (page.json() as Array<{ email: string }>).map((s) => s.email);
    for (const login of Object.keys(logins) as Array<keyof typeof logins>) expect(emails).toContain(world.staff[login].email);
  });
});

/* findPolicyRow (every policy sub-page's first read) is a named statement as the policy page's is (policy-detail.ts). */
describe("the prepared policy row", () => {
  it("answers each caller's own scope, call after call: history of a policy in scope 200, outside it 404", async () => {
    const history = (login: keyof typeof as, policyId: number) => t.app.inject({ method: "GET", url: `${prefix(login)}/policies/${policyId}/history`, headers: as[login] });
    for (let round = 0; round < 7; round++) {
      expect((await history("agentA", world.policies.A.id)).statusCode).toBe(200);
      expect((await history("agentA", world.policies.B.id)).statusCode).toBe(404);
      expect((await history("superAdmin", world.policies.B.id)).statusCode).toBe(200);
      expect((await history("staffA", world.policies.A.id)).statusCode).toBe(404);
    }
    const r = await statements("agentA", "GET", `${prefix("agentA")}/policies/${world.policies.A.id}/history`);
    expect(r.status).toBe(200);
    expect(r.count, r.sent.join("\n")).toBeLessThanOrEqual(4);
  });
});

/* The unfiltered review queue's page and total are named statements (review-queue.ts); filtered pages are not. */
describe("the prepared review queue", () => {
  const queue = async (body: object) => {
    const res = await t.app.inject({ method: "POST", url: "/v2/policy-support/review_queue/list", headers: as.support, payload: body });
    expect(res.statusCode).toBe(200);
    const json = res.json() as { data: Array<{ id: number }>; meta: { total: number } };
    return { ids: json.data.map((r) => r.id), total: json.meta.total };
  };

  it("answers the queue as it is now, in each order asked, call after call", async () => {
    const before = await queue({ pagination: { page: 1, per: 50 } });
    const [added] = await t.database.db
      .insert(policies)
      .values({ number: "EXT-PREPARED-1", status: "EXTERNAL_UNVERIFIED", policy_in_system: false, policy_type_id: 1, agency_id: world.agencies.A.id, account_id: world.accounts.A.id })
      .returning();
    try {
      for (let round = 0; round < 7; round++) {
        const ascending = await queue({ pagination: { page: 1, per: 50 }, sort: { column: "created_at", direction: "asc" } });
        const descending = await queue({ pagination: { page: 1, per: 50 }, sort: { column: "created_at", direction: "desc" } });
        expect(ascending.total).toBe(before.total + 1);
        expect(ascending.ids).toContain(added.id);
        expect(descending.ids).toEqual([...ascending.ids].reverse());
        const searched = await queue({ pagination: { page: 1, per: 50 }, filter: { search: "EXT-PREPARED" } });
        expect(searched.ids).toEqual([added.id]);
      }
    } finally {
      await t.database.db.delete(policies).where(eq(policies.id, added.id));
    }
    expect(await queue({ pagination: { page: 1, per: 50 } })).toEqual(before);
  });
});
