import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../server/test/helpers";

/** Issue 9 section 2, OpenAPI: one document from the routes' own schemas, and a page that reads it. */
let t: TestApp;
let doc: {
  openapi: string;
  paths: Record<string, Record<string, { parameters?: Array<{ name: string; in: string; schema: Record<string, unknown> }>; requestBody?: { content: Record<string, { schema: Record<string, unknown> }> }; security?: unknown[] }>>;
};

beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.inject({ method: "GET", url: "/v2/openapi.json" });
  expect(res.statusCode).toBe(200);
  doc = res.json();
});
afterAll(() => t.close());

/** `/v2/policies/:id` → `/v2/policies/{id}` */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, "{$1}");

describe("/v2/openapi.json", () => {
  it("documents every /v2 route once, unprefixed, without a session", () => {
    expect(doc.openapi).toBe("3.1.0");
    const expected = t.app.routeTable.filter(
      (r) => r.url.startsWith("/v2/") && !r.config?.rolePrefix && r.method !== "HEAD" && !r.url.startsWith("/v2/docs") && r.url !== "/v2/openapi.json",
    );
    expect(expected.length).toBeGreaterThan(40);
    for (const route of expected) {
      for (const method of [route.method].flat()) {
        expect(doc.paths[openApiPath(route.url)]?.[method.toLowerCase()], `${method} ${route.url}`).toBeDefined();
      }
    }
    for (const route of t.app.routeTable.filter((r) => r.config?.rolePrefix)) expect(doc.paths[openApiPath(route.url)], route.url).toBeUndefined();
  });

  it("states the input rules of the shared primitives and the session a call needs", () => {
    const show = doc.paths["/v2/policies/{id}"].get;
    const id = show.parameters!.find((p) => p.name === "id")!;
    expect(id.in).toBe("path");
    expect(JSON.stringify(id.schema)).toContain("2147483647");
    expect(show.security).toEqual([{ accessToken: [], client: [], uid: [] }]);
    expect(doc.paths["/v2/staff/auth/sign_in"].post.security).toBeUndefined();
    const refund = doc.paths["/v2/change_requests/refund"].post.requestBody!.content["application/json"].schema;
    expect(JSON.stringify(refund)).toMatch(/cancellation_date/);
    const upload = doc.paths["/v2/policies/external/upload"].post.requestBody!.content;
    expect(Object.keys(upload).sort()).toEqual(["application/json", "multipart/form-data"]);
    expect(JSON.stringify(upload["multipart/form-data"].schema)).toContain('"maxLength":100');
  });
});

describe("/v2/docs", () => {
  it("is a page whose script and style are files of its own origin, never inline", async () => {
    const page = await t.app.inject({ method: "GET", url: "/v2/docs" });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toMatch(/^text\/html/);
    const scripts = [...page.body.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attrs, body] of scripts) {
      expect(attrs).toMatch(/src="\/v2\/docs\/[\w.]+\.js"/);
      expect(body.trim()).toBe("");
    }
    expect(page.body).not.toMatch(/<style|\sstyle="|\son\w+="|https?:\/\//);
    const script = await t.app.inject({ method: "GET", url: "/v2/docs/reference.js" });
    expect(script.headers["content-type"]).toMatch(/^text\/javascript/);
    expect(script.body).toContain('fetch("/v2/openapi.json")');
    const css = await t.app.inject({ method: "GET", url: "/v2/docs/reference.css" });
    expect(css.headers["content-type"]).toMatch(/^text\/css/);
  });
});
