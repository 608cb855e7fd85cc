import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AuthHeaders, type TestApp } from "../../server/test/helpers";
import { type World, worldApp } from "../../server/test/world-app";

/**
 * Issue 9 hole 6: bad input answers a 4xx in the product's words, never a 500. Each case here was a 500 when probed.
 * The generated checks over every route are in route-matrix.test.ts and fuzz.test.ts.
 */
let t: TestApp;
let world: World;
let as: Record<"superAdmin" | "agentA" | "staffA" | "support", AuthHeaders>;

beforeAll(async () => ({ t, world, as } = await worldApp(["superAdmin", "agentA", "staffA", "support"])));
afterAll(() => t.close());

const send = (method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE", url: string, headers?: AuthHeaders, payload?: unknown) =>
  t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

describe("NUL bytes and lone surrogates", () => {
  it("are refused at sign-in, without a session, naming the field", async () => {
    for (const email of ["ann\u0000@test.dev", "ann\uD800@test.dev"]) {
      const res = await send("POST", "/v2/staff/auth/sign_in", undefined, { email, password: "x" });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ message: "Validation failed", errors: { email: "contains characters that are not allowed" } });
    }
    const reset = await send("POST", "/v2/staff/auth/password", undefined, { email: "a\u0000@b.co" });
    expect(reset.statusCode).toBe(422);
  });

  it("are refused anywhere in a body, also in free-form list filters and in keys", async () => {
    const inFilter = await send("POST", "/v2/users/list", as.superAdmin, { filter: { full_name: "a\u0000" } });
    expect(inFilter.statusCode).toBe(422);
    expect(inFilter.json().errors).toEqual({ "filter.full_name": "contains characters that are not allowed" });
    const inKey = await send("POST", "/v2/policies/list", as.superAdmin, { filter: { "x\uDC00": "1" } });
    expect(inKey.statusCode).toBe(422);
    const inQuery = await send("GET", "/v2/users?filter[email][like]=%00", as.superAdmin);
    expect(inQuery.statusCode).toBe(422);
    expect(inQuery.json().errors).toEqual({ "filter.email.like": "contains characters that are not allowed" });
  });
});

describe("ids beyond 32 bits", () => {
  it("agency_id: 403 for everyone, never a database error", async () => {
    expect((await send("GET", "/v2/policies?agency_id=99999999999", as.superAdmin)).statusCode).toBe(403);
    expect((await send("GET", "/v2/policies?agency_id=2147483648", as.agentA)).statusCode).toBe(403);
    expect((await send("GET", `/v2/policies?agency_id=${world.agencies.A.id}`, as.superAdmin)).statusCode).toBe(200);
  });
});

describe("impossible dates", () => {
  it("in list filters answer 422", async () => {
    for (const value of ["2026-02-30", "0000-01-01"]) {
      const res = await send("POST", "/v2/policies/list", as.superAdmin, { filter: { effective_date: { start: value } } });
      expect(res.statusCode, value).toBe(422);
      expect(res.json().errors).toEqual({ "filter.effective_date": "must be a date (yyyy-MM-dd)" });
    }
    const stamp = await send("GET", "/v2/sent_emails?filter[created_at][start]=0000-01-01T00:00:00Z", as.superAdmin);
    expect(stamp.statusCode).toBe(422);
  });
});

describe("without a session", () => {
  it("a signed-in route answers 401 whatever the body, before validating it", async () => {
    const res = await send("POST", "/v2/staffs", undefined, { staff: { email: "\u0000", role: "nobody" } });
    expect(res.statusCode).toBe(401);
  });
});

describe("an empty sort column", () => {
  it("is the default order, in every list", async () => {
    const queue = await send("POST", "/v2/review_queue/list", as.support, { sort: { column: "", direction: "asc" } });
    expect(queue.statusCode).toBe(200);
    const queueList = await send("POST", "/v2/review_queue/list", as.support, { sort: { column: ["", ""] } });
    expect(queueList.statusCode).toBe(200);
    expect((await send("GET", "/v2/policies?sort[column]=&sort[direction]=desc", as.superAdmin)).statusCode).toBe(200);
  });
});
