import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AuthHeaders, type TestApp } from "../../server/test/helpers";
import { worldApp } from "../../server/test/world-app";
import { multipart } from "../../server/test/multipart";

/**
 * Untrusted keys never reach Object.prototype (issue 9, hole 1): `__proto__`, `constructor` and `prototype` are
 * refused with a 422 in query strings, JSON bodies and multipart field names, and the next request sees nothing of
 * the attempt.
 */
let t: TestApp;
let as: Record<"agentA" | "superAdmin", AuthHeaders>;

beforeAll(async () => ({ t, as } = await worldApp(["agentA", "superAdmin"])));
afterAll(() => t.close());

const prototypeKeys = () => Object.getOwnPropertyNames(Object.prototype).sort();
const cleanKeys = prototypeKeys();

async function listsStillWork() {
  const agent = await t.app.inject({ method: "GET", url: "/v2/staff_agency/users", headers: as.agentA });
  expect(agent.statusCode).toBe(200);
  expect(agent.json().length).toBeGreaterThan(0);
  const admin = await t.app.inject({ method: "GET", url: "/v2/staff_super_admin/policies", headers: as.superAdmin });
  expect(admin.statusCode).toBe(200);
  expect(admin.json().length).toBe(2);
  expect(prototypeKeys()).toEqual(cleanKeys);
  expect(({} as Record<string, unknown>).agency_id).toBeUndefined();
}

describe("query strings", () => {
  it.each([
    "/v2/health?__proto__[agency_id]=999",
    "/v2/health?__proto__[short]=true",
    "/v2/health?a[__proto__][agency_id]=999",
    "/v2/health?constructor[prototype][agency_id]=999",
    "/v2/staff_agency/users?filter[prototype]=1",
  ])("refuses %s with a 422 and changes nothing for the next request", async (url) => {
    const res = await t.app.inject({ method: "GET", url, headers: as.agentA });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(/is not allowed/);
    await listsStillWork();
  });

  it("refuses the key without a session too (before the session check)", async () => {
    const res = await t.app.inject({ method: "GET", url: "/v2/staff_agency/users?__proto__[x]=1" });
    expect(res.statusCode).toBe(422);
  });

  it("answers 422, not 500, for an object where a sort column is expected", async () => {
    const res = await t.app.inject({ method: "GET", url: "/v2/staff_agency/users?sort[column][x]=1", headers: as.agentA });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors["sort.column"]).toBe("must be text");
  });
});

describe("JSON bodies", () => {
  it.each([
    '{"filter": {"__proto__": {"agency_id": 999}}}',
    '{"constructor": {"prototype": {"agency_id": 999}}}',
    '{"filter": {"prototype": 1}}',
  ])("refuses %s with a 422", async (payload) => {
    const res = await t.app.inject({
      method: "POST",
      url: "/v2/staff_agency/users/list",
      headers: { ...as.agentA, "content-type": "application/json" },
      payload,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(/is not allowed/);
    await listsStillWork();
  });

  it("still parses ordinary JSON, and answers 400 to broken JSON", async () => {
    const ok = await t.app.inject({ method: "POST", url: "/v2/staff_agency/users/list", headers: { ...as.agentA, "content-type": "application/json" }, payload: "{}" });
    expect(ok.statusCode).toBe(200);
    const broken = await t.app.inject({ method: "POST", url: "/v2/staff_agency/users/list", headers: { ...as.agentA, "content-type": "application/json" }, payload: "{" });
    expect(broken.statusCode).toBe(400);
  });
});

describe("multipart field names", () => {
  it("refuses a forbidden key in a coverage-proof form field and keeps no uploaded file", async () => {
    const form = multipart([
      { field: "policy[__proto__][agency_id]", content: "999" },
      { field: "policy[number]", content: "X-1" },
    ]);
    const res = await t.app.inject({ method: "POST", url: "/v2/staff_agency/policies/external/upload", headers: { ...as.agentA, ...form.headers }, payload: form.payload });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toHaveProperty(["policy[__proto__][agency_id]"]);
    await listsStillWork();
  });
});
