import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildWorld } from "../../server/test/fixtures";
import { createTestApp, signInAs, type AuthHeaders, type TestApp } from "../../server/test/helpers";

/** The cross-cutting contract of DESIGN.md section 3: prefixes, statuses, scope, list conventions, bad input. */
let t: TestApp;
let world: Awaited<ReturnType<typeof buildWorld>>;
const as: Record<string, AuthHeaders> = {};

beforeAll(async () => {
  t = await createTestApp();
  world = await buildWorld(t.database.db);
  for (const [name, email] of Object.entries({
    superAdmin: "super.admin@test.dev",
    support: "policy.support@test.dev",
    agentA: "agent.a@test.dev",
    agentA1: "agent.a1@test.dev",
    staffA: "staff.a@test.dev",
    restricted: "restricted.agent@test.dev",
  })) {
    as[name] = await signInAs(t.app, email);
  }
});
afterAll(() => t.close());

const get = (url: string, headers?: AuthHeaders) => t.app.inject({ method: "GET", url, headers });
const emails = (body: Array<{ email: string }>) => body.map((u) => u.email).sort();

describe("role prefixes", () => {
  it("serves each role under its own prefix and unprefixed", async () => {
    expect((await get("/v2/staff_agency/users", as.agentA)).statusCode).toBe(200);
    expect((await get("/v2/users", as.agentA)).statusCode).toBe(200);
    expect((await get("/v2/staff_account/users", as.staffA)).statusCode).toBe(200);
    expect((await get("/v2/staff_super_admin/users", as.superAdmin)).statusCode).toBe(200);
  });

  it("answers 403 when the prefix is not the caller's role", async () => {
    const res = await get("/v2/staff_super_admin/users", as.agentA);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe("forbidden");
    expect((await get("/v2/staff_account/users", as.agentA)).statusCode).toBe(403);
  });

  it("answers 401 without a session, before anything else", async () => {
    const res = await get("/v2/staff_agency/users");
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ errors: ["You need to sign in or sign up before continuing."] });
  });

  it("answers 403 to a role the permission table never allows", async () => {
    expect((await get("/v2/policy-support/users", as.support)).statusCode).toBe(403);
  });

  it("answers 401 permission_not_enabled when the staff's key is off", async () => {
    const res = await get("/v2/staff_agency/users", as.restricted);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: "permission_not_enabled", message: null, payload: null });
    // a key present and on still passes
    expect((await get("/v2/staff_agency/staffs", as.restricted)).statusCode).toBe(200);
  });

  it("answers JSON 404 for an unknown API path", async () => {
    const res = await get("/v2/nothing-here", as.superAdmin);
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe("not_found");
  });
});

describe("scope", () => {
  it("staff see only their own account's customers", async () => {
    const res = await get("/v2/staff_account/users", as.staffA);
    expect(emails(res.json())).toEqual(["ann.lee@example.com"]);
    expect(res.headers["total-entries"]).toBe("1");
  });

  it("a staff of one account gets 404 on another account's user", async () => {
    const res = await get(`/v2/staff_account/users/${world.users.B.id}`, as.staffA);
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe("not_found");
    expect((await get(`/v2/staff_account/users/${world.users.A.id}`, as.staffA)).statusCode).toBe(200);
  });

  it("a 404 names the missing record once (issue 10 section 3)", async () => {
    const answers = await Promise.all([
      get("/v2/staff_super_admin/policies/999999", as.superAdmin),
      get("/v2/staff_super_admin/change_requests/999999", as.superAdmin),
      get(`/v2/staff_account/users/${world.users.B.id}`, as.staffA),
    ]);
    expect(answers.map((a) => [a.statusCode, a.json().message])).toEqual([
      [404, "Policy not found"],
      [404, "Change request not found"],
      [404, "User not found"],
    ]);
  });

  it("agents see their agency and its sub-agencies; a sub-agency agent only its own", async () => {
    expect(emails((await get("/v2/staff_agency/users", as.agentA)).json())).toEqual(["ann.lee@example.com", "bob.ray@example.com"]);
    expect(emails((await get("/v2/staff_agency/users", as.agentA1)).json())).toEqual(["bob.ray@example.com"]);
  });

  it("agency_id narrows an agent to one agency of its tree; any other answers 403", async () => {
    const narrowed = await get(`/v2/staff_agency/users?agency_id=${world.agencies.A1.id}`, as.agentA);
    expect(emails(narrowed.json())).toEqual(["bob.ray@example.com"]);
    const outside = await get(`/v2/staff_agency/users?agency_id=${world.agencies.B.id}`, as.agentA);
    expect(outside.statusCode).toBe(403);
    const parent = await get(`/v2/staff_agency/users?agency_id=${world.agencies.A.id}`, as.agentA1);
    expect(parent.statusCode).toBe(403);
  });

  it("agency_id in a POST list body narrows the same way: a foreign agency answers 403", async () => {
    const list = (agency_id: number, headers: AuthHeaders) =>
      t.app.inject({ method: "POST", url: "/v2/staff_agency/accounts_index", headers, payload: { pagination: { page: 1, per: 10 }, agency_id } });
    const narrowed = await list(world.agencies.A1.id, as.agentA);
    expect(narrowed.statusCode).toBe(200);
    expect(narrowed.json().map((a: { title: string }) => a.title)).toEqual(["Account A1"]);
    expect((await list(world.agencies.B.id, as.agentA)).statusCode).toBe(403);
    expect((await list(world.agencies.A.id, as.agentA1)).statusCode).toBe(403);
  });

  it("super admins see everyone", async () => {
    const res = await get("/v2/staff_super_admin/users", as.superAdmin);
    expect(emails(res.json())).toEqual(["ann.lee@example.com", "bob.ray@example.com", "cy.dune@example.com"]);
  });
});

describe("list conventions", () => {
  it("pages are 1-based with the count in total-entries", async () => {
    const first = await get("/v2/users?pagination[page]=1&pagination[per]=2&sort[column]=email&sort[direction]=asc", as.superAdmin);
    expect(first.statusCode).toBe(200);
    expect(first.headers["total-entries"]).toBe("3");
    expect(first.headers["total-pages"]).toBe("2");
    expect(emails(first.json())).toEqual(["ann.lee@example.com", "bob.ray@example.com"]);
    const second = await get("/v2/users?pagination[page]=2&pagination[per]=2&sort[column]=email&sort[direction]=asc", as.superAdmin);
    expect(second.json().map((u: { email: string }) => u.email)).toEqual(["cy.dune@example.com"]);
  });

  it("sorts descending by a nested column", async () => {
    const res = await get("/v2/users?sort[column]=profile.full_name&sort[direction]=desc", as.superAdmin);
    expect(res.json().map((u: { profile_attributes: { full_name: string } }) => u.profile_attributes.full_name)).toEqual([
      "Cy Dune",
      "Bob Ray",
      "Ann Lee",
    ]);
  });

  it("filters with like (case-insensitive), any-of, booleans, nested keys and T codes", async () => {
    const like = await get("/v2/users?filter[profile][full_name][like]=ANN", as.superAdmin);
    expect(emails(like.json())).toEqual(["ann.lee@example.com"]);
    const anyOf = await get(`/v2/users?filter[accounts][id][]=${world.accounts.A1.id}&filter[accounts][id][]=${world.accounts.B.id}`, as.superAdmin);
    expect(emails(anyOf.json())).toEqual(["bob.ray@example.com", "cy.dune@example.com"]);
    const tcode = await get("/v2/users?t_code=0303", as.superAdmin);
    expect(emails(tcode.json())).toEqual(["cy.dune@example.com"]);
    const number = await get("/v2/users?filter[number][like]=pol-a", as.superAdmin);
    expect(emails(number.json())).toEqual(["ann.lee@example.com"]);
    const none = await get("/v2/users?filter[has_current_leases]=true", as.superAdmin);
    expect(none.json()).toEqual([]);
    expect(none.headers["total-entries"]).toBe("0");
  });

  it("treats like wildcards in the search text literally", async () => {
    const res = await get("/v2/users?filter[email][like]=%25", as.superAdmin);
    expect(res.json()).toEqual([]);
  });

  it("answers the POST …/list dialect with data and meta.total", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/v2/users/list",
      headers: as.superAdmin,
      payload: { pagination: { page: 1, per: 2 }, sort: { column: "email", direction: "asc" }, filter: { full_name: "e" } },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.meta).toEqual({ total: 2, page: 1, per: 2 }); // "Ann Lee" and "Cy Dune" contain an e
    expect(emails(body.data)).toEqual(["ann.lee@example.com", "cy.dune@example.com"]);
  });

  it("answers POST accounts_index with the count header", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/v2/staff_agency/accounts_index",
      headers: as.agentA,
      payload: { pagination: { page: 1, per: 10 }, filter: { title: { like: "account" } } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["total-entries"]).toBe("2");
    expect(res.json().map((a: { title: string }) => a.title)).toEqual(["Account A", "Account A1"]);
  });
});

describe("bad input is a 4xx, never a 500", () => {
  it.each([
    ["an unknown filter key", "/v2/users?filter[password]=x", "filter.password"],
    ["an unknown sort key", "/v2/users?sort[column]=encrypted_password", "sort.column"],
    ["per beyond the cap", "/v2/users?pagination[per]=1001", "pagination.per"],
    ["page 0", "/v2/users?pagination[page]=0", "pagination.page"],
    ["a non-numeric id filter", "/v2/users?filter[id]=abc", "filter.id"],
    ["a bad sort direction", "/v2/users?sort[direction]=sideways", "sort.direction"],
  ])("%s answers 422 naming the field", async (_label, url, field) => {
    const res = await get(url, as.superAdmin);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toHaveProperty([field]);
  });

  it("malformed JSON answers 400", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/v2/users/list",
      headers: { ...as.superAdmin, "content-type": "application/json" },
      payload: "{oops",
    });
    expect(res.statusCode).toBe(400);
  });

  it("a non-numeric record id answers 422", async () => {
    expect((await get("/v2/users/abc", as.superAdmin)).statusCode).toBe(422);
  });
});
