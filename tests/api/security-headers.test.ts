import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fastifyHelmet from "@fastify/helmet";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HELMET_OPTIONS } from "../../server/plugins/security-headers";
import { createTestApp, type TestApp } from "../../server/test/helpers";

/** Security headers on every response (issue 9, hole 10); HSTS only when the request came over HTTPS. */
let t: TestApp;
let proxied: TestApp;

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), "coverdesk-static-"));
  writeFileSync(join(dir, "index.html"), "<html><head><title>x</title></head><body>console</body></html>");
  writeFileSync(join(dir, "app.js"), "console.log(1)");
  t = await createTestApp({ STATIC_DIR: dir });
  proxied = await createTestApp({ STATIC_DIR: dir, TRUST_PROXY: "127.0.0.1" });
});
afterAll(async () => {
  await t.close();
  await proxied.close();
});

const responses = () => [
  ["the console's page", { method: "GET", url: "/dashboard/policies" }],
  ["a built file", { method: "GET", url: "/app.js" }],
  ["the runtime settings", { method: "GET", url: "/runtime-config.js" }],
  ["an API answer", { method: "GET", url: "/v2/health" }],
  ["a 401", { method: "GET", url: "/v2/staff_agency/users" }],
  ["a 404", { method: "GET", url: "/v2/nothing-here" }],
  ["a 422", { method: "POST", url: "/v2/staff/auth/sign_in", payload: {} }],
  ["a download link that expired", { method: "GET", url: "/v2/files/abc.def" }],
] as const;

describe("every response", () => {
  it.each(responses())("%s carries the CSP, nosniff, no framing and no referrer", async (_name, request) => {
    const res = await t.app.inject(request);
    const csp = String(res.headers["content-security-policy"]);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["x-frame-options"]).toBe("DENY");
    expect(res.headers["referrer-policy"]).toBe("no-referrer");
    expect(res.headers["strict-transport-security"]).toBeUndefined();
  });
});

describe("the headers are helmet's own", () => {
  // They are computed once instead of by @fastify/helmet on every request (issue 9, load): each response must carry
  // exactly what the plugin sets with the same options, on an instance of its own.
  let helmetSets: Record<string, string>;
  beforeAll(async () => {
    const plain = Fastify();
    await plain.register(fastifyHelmet, HELMET_OPTIONS);
    plain.get("/", async () => ({}));
    const { headers } = await plain.inject({ method: "GET", url: "/" });
    await plain.close();
    const fastifysOwn = new Set(["content-type", "content-length", "date", "connection", "keep-alive"]);
    helmetSets = Object.fromEntries(Object.entries(headers).filter(([name]) => !fastifysOwn.has(name))) as Record<string, string>;
    expect(Object.keys(helmetSets).length).toBeGreaterThan(8);
  });

  it.each(responses())("%s", async (_name, request) => {
    const { headers } = await t.app.inject(request);
    for (const [name, value] of Object.entries(helmetSets)) expect(headers[name], name).toBe(value);
  });
});

describe("HSTS", () => {
  it("is sent over HTTPS (as a trusted proxy reports it)", async () => {
    const res = await proxied.app.inject({ method: "GET", url: "/v2/health", headers: { "x-forwarded-proto": "https" } });
    expect(res.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
  });

  it("is not sent over plain HTTP, nor because an untrusted client claims HTTPS", async () => {
    expect((await proxied.app.inject({ method: "GET", url: "/v2/health" })).headers["strict-transport-security"]).toBeUndefined();
    expect((await t.app.inject({ method: "GET", url: "/v2/health", headers: { "x-forwarded-proto": "https" } })).headers["strict-transport-security"]).toBeUndefined();
  });
});
