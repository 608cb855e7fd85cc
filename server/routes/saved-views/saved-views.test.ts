import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AuthHeaders, type TestApp } from "../../test/helpers";
import { worldApp } from "../../test/world-app";

let t: TestApp;
let as: Record<"superAdmin" | "agentA" | "restricted" | "agentA1" | "agentB" | "staffA" | "support", AuthHeaders>;

beforeAll(async () => ({ t, as } = await worldApp(["superAdmin", "agentA", "restricted", "agentA1", "agentB", "staffA", "support"])));
afterAll(() => t.close());

type View = { id: number; name: string; shared: boolean; own: boolean; owner_name: string; params: Record<string, unknown> };
const save = (headers: AuthHeaders, view: Record<string, unknown>) => t.app.inject({ method: "POST", url: "/v2/saved_views", headers, payload: { saved_view: { resource: "policies", ...view } } });
const list = async (headers: AuthHeaders, resource = "policies") => {
  const res = await t.app.inject({ method: "GET", url: `/v2/saved_views?resource=${resource}`, headers });
  expect(res.statusCode).toBe(200);
  return res.json() as View[];
};

describe("saved views", () => {
  it("keeps a view per user on the server; saving the same name again replaces it", async () => {
    const params = { filter: { status: ["BOUND"] }, sort: "number", order: "ASC", perPage: 50, hidden: ["premium"], ranks: [1, 0], density: "small" };
    const first = await save(as.agentA, { name: "Bound", params });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ name: "Bound", own: true, shared: false, params });
    const again = await save(as.agentA, { name: "bound", params: { ...params, perPage: 20 } });
    expect(again.json().id).toBe(first.json().id);
    expect((await list(as.agentA)).map((v) => [v.name, v.params.perPage])).toEqual([["bound", 20]]);
    // Nobody else sees a view that is not shared, and another grid has its own views.
    expect(await list(as.restricted)).toEqual([]);
    expect(await list(as.agentA, "users")).toEqual([]);
  });

  it("shares a view with the owner's agency only, and only the owner deletes it", async () => {
    const shared = (await save(as.agentA, { name: "Team view", params: { filter: {} }, shared: true })).json() as View;
    expect((await list(as.restricted)).map((v) => [v.name, v.own, v.owner_name])).toEqual([["Team view", false, "agent a"]]);
    // A sub-agency and another agency are other organisations.
    expect(await list(as.agentA1)).toEqual([]);
    expect(await list(as.agentB)).toEqual([]);
    expect((await t.app.inject({ method: "DELETE", url: `/v2/saved_views/${shared.id}`, headers: as.restricted })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "DELETE", url: `/v2/saved_views/${shared.id}`, headers: as.superAdmin })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "DELETE", url: `/v2/saved_views/${shared.id}`, headers: as.agentA })).statusCode).toBe(200);
    expect((await list(as.agentA)).map((v) => v.name)).toEqual(["bound"]);
  });

  it("works for every role, staff sharing within their account", async () => {
    for (const who of ["superAdmin", "staffA", "support"] as const) expect((await save(as[who], { name: `Mine ${who}`, params: {} })).statusCode).toBe(201);
    expect((await list(as.staffA)).map((v) => v.name)).toEqual(["Mine staffA"]);
  });

  it("refuses a view without a name, an unknown parameter, a bad grid name, and calls without a session", async () => {
    expect((await save(as.agentA, { name: " ", params: {} })).statusCode).toBe(422);
    expect((await save(as.agentA, { name: "X", params: { evil: 1 } })).statusCode).toBe(422);
    expect((await save(as.agentA, { name: "X", params: {}, resource: "../etc" })).statusCode).toBe(422);
    expect((await t.app.inject({ method: "GET", url: "/v2/saved_views?resource=policies" })).statusCode).toBe(401);
    expect((await t.app.inject({ method: "GET", url: "/v2/staff_account/saved_views?resource=policies", headers: as.agentA })).statusCode).toBe(403);
  });
});
