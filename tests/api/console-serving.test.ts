import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../server/test/helpers";

/** One process serves the API and the console with real URLs (DESIGN.md section 1). */
let t: TestApp;

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), "coverdesk-static-"));
  writeFileSync(join(dir, "index.html"), "<html><head><title>x</title></head><body>console</body></html>");
  writeFileSync(join(dir, "app.js"), "console.log(1)");
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
});
