import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PASSWORD } from "../../test/fixtures";
import { signInAs, type AuthHeaders, type TestApp } from "../../test/helpers";
import { worldApp } from "../../test/world-app";

let t: TestApp;
let agent: AuthHeaders;
let staffA: AuthHeaders;
let support: AuthHeaders;

beforeAll(async () => {
  ({ t } = await worldApp([]));
  agent = await signInAs(t.app, "agent.a@test.dev", PASSWORD);
  staffA = await signInAs(t.app, "staff.a@test.dev", PASSWORD);
  support = await signInAs(t.app, "policy.support@test.dev", PASSWORD);
});
afterAll(() => t.close());

const get = (headers: AuthHeaders, url = "/v2/shell_settings") => t.app.inject({ method: "GET", url, headers });
const put = (headers: AuthHeaders, shell_settings: unknown, url = "/v2/shell_settings") =>
  t.app.inject({ method: "PUT", url, headers, payload: { shell_settings } });

describe("GET/PUT /v2/shell_settings", () => {
  it("answers the defaults before anything is chosen", async () => {
    const res = await get(staffA);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ theme: "default", layout: "vertical", rtl: false, nav_pinned: true });
  });

  it("keeps each user's choices apart, field by field, through the role prefix too", async () => {
    expect((await put(agent, { layout: "horizontal", rtl: true }, "/v2/staff_agency/shell_settings")).json()).toEqual({
      theme: "default",
      layout: "horizontal",
      rtl: true,
      nav_pinned: true,
    });
    // A later save of another field keeps the first ones.
    expect((await put(agent, { theme: "dark" })).json()).toMatchObject({ theme: "dark", layout: "horizontal", rtl: true });
    expect((await get(agent)).json()).toEqual({ theme: "dark", layout: "horizontal", rtl: true, nav_pinned: true });
    // Nobody else's changed.
    expect((await get(staffA)).json()).toEqual({ theme: "default", layout: "vertical", rtl: false, nav_pinned: true });
    expect((await put(support, { nav_pinned: false })).json()).toMatchObject({ nav_pinned: false, layout: "vertical" });
  });

  it("refuses unknown values and fields, and callers without a session", async () => {
    expect((await put(staffA, { layout: "diagonal" })).statusCode).toBe(422);
    expect((await put(staffA, { rtl: "yes" })).statusCode).toBe(422);
    expect((await put(staffA, { colour: "red" })).statusCode).toBe(422);
    expect((await get(staffA)).json()).toEqual({ theme: "default", layout: "vertical", rtl: false, nav_pinned: true });
    expect((await t.app.inject({ method: "GET", url: "/v2/shell_settings" })).statusCode).toBe(401);
    expect((await get(staffA, "/v2/staff_agency/shell_settings")).statusCode).toBe(403);
  });
});
