import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig } from "@playwright/test";

// The journeys run against the built app (npm start's server) on a fresh embedded database each run.
// Workers inherit the environment, so the data folder is made once by the main process.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), "coverdesk-e2e-"));
const port = Number(process.env.E2E_PORT ?? 3107);

export default defineConfig({
  testDir: "tests/e2e",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  // One retry on CI only, as Playwright's own template does: a journey that fails twice fails the run, and a pass on the
  // retry is listed as flaky in the report, to be fixed rather than ignored.
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: "off",
    screenshot: "only-on-failure",
    launchOptions: {
      // Debian's Chromium; Playwright never downloads a browser here (stack.md pitfall 12).
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    },
  },
  webServer: {
    command: "node scripts/start.mjs",
    url: `http://127.0.0.1:${port}/v2/health`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: "pipe",
    env: { PORT: String(port), HOST: "127.0.0.1", DATA_DIR: process.env.E2E_DATA_DIR, LOG_LEVEL: "warn", NODE_ENV: "production" },
  },
});
