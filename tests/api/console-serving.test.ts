import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildWorld } from "../../server/test/fixtures";
import { createTestApp, signInAs, type TestApp } from "../../server/test/helpers";

/** One process serves the API and the console with real URLs (DESIGN.md section 1). */
let t: TestApp;

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), "coverdesk-static-"));
  writeFileSync(join(dir, "index.html"), "<html><head><title>x</title></head><body>console</body></html>");
  writeFileSync(join(dir, "app.js"), "console.log(1)");
  // A hashed build asset and the compressed siblings the build writes beside it (vite.config.ts).
  mkdirSync(join(dir, "assets"));
  const asset = Buffer.from(`export const rows = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `row ${i}`))};`);
  writeFileSync(join(dir, "assets", "PolicyList-Dk3x9QaZ.js"), asset);
  writeFileSync(join(dir, "assets", "PolicyList-Dk3x9QaZ.js.br"), brotliCompressSync(asset));
  writeFileSync(join(dir, "assets", "PolicyList-Dk3x9QaZ.js.gz"), gzipSync(asset));
  t = await createTestApp({ STATIC_DIR: dir, NEW_PLATFORM_URL: "https://next.example.com/</script>", NODE_ENV: "production" });
});
afterAll(() => t.close());

describe("console serving", () => {
  it("answers index.html for console routes, loading the runtime settings from a script file (no inline script)", async () => {
    const res = await t.app.inject({ method: "GET", url: "/dashboard/policies/view/12" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/html");
    expect(res.body).toContain("console");
    expect(res.body).toContain('<script src="/runtime-config.js"></script></head>');
    expect(res.body).not.toMatch(/<script>/);
    const config = await t.app.inject({ method: "GET", url: "/runtime-config.js" });
    expect(config.headers["content-type"]).toContain("text/javascript");
    expect(config.body).toContain('window.__COVERDESK_CONFIG__={"newPlatformUrl":"https://next.example.com/</script>"');
    expect(config.body).toContain('"production":true');
  });

  it("serves built files as files", async () => {
    const res = await t.app.inject({ method: "GET", url: "/app.js" });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe("console.log(1)");
  });

  it("keeps unknown API paths as JSON 404s and answers health", async () => {
    const res = await t.app.inject({ method: "GET", url: "/v2/does-not-exist" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: "not_found" });
    expect((await t.app.inject({ method: "GET", url: "/v2/health" })).json()).toEqual({ status: "ok" });
  });

  it("sends hashed assets precompressed, cached for a year as immutable; other files and the HTML are revalidated", async () => {
    const url = "/assets/PolicyList-Dk3x9QaZ.js";
    const br = await t.app.inject({ method: "GET", url, headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(br.statusCode).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain("row 199");
    const gz = await t.app.inject({ method: "GET", url, headers: { "accept-encoding": "gzip" } });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.rawPayload).toString()).toContain("row 199");
    const plain = await t.app.inject({ method: "GET", url });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toContain("row 199");

    expect((await t.app.inject({ method: "GET", url: "/app.js" })).headers["cache-control"]).toBe("no-cache");
    expect((await t.app.inject({ method: "GET", url: "/dashboard/users/browse" })).headers["cache-control"]).toBe("no-cache");
  });

  it("compresses API answers for clients that accept it", async () => {
    await buildWorld(t.database.db);
    const headers = { ...(await signInAs(t.app, "super.admin@test.dev")), "accept-encoding": "br, gzip" };
    const res = await t.app.inject({ method: "GET", url: "/v2/staff_super_admin/global_agency_permissions/available_permissions", headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    const permissions = JSON.parse(brotliDecompressSync(res.rawPayload).toString());
    expect(permissions.length).toBeGreaterThan(10);
    const gz = await t.app.inject({ method: "GET", url: "/v2/staff_super_admin/global_agency_permissions/available_permissions", headers: { ...headers, "accept-encoding": "gzip" } });
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(permissions);
  });
});
