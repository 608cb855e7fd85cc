import { defineConfig } from "vitest/config";
import react from "@vitejs/plugin-react";

// Two projects: the console runs in jsdom, the API and domain rules in node.
// API tests share one migrated PGlite image made in globalSetup (a fresh initdb costs ~5 s).
export default defineConfig({
  plugins: [react()],
  test: {
    globals: true,
    projects: [
      {
        extends: true,
        test: {
          name: "console",
          environment: "jsdom",
          include: ["src/**/*.test.{ts,tsx}"],
          setupFiles: ["./src/test/setup.ts"],
          testTimeout: 20000,
        },
      },
      {
        extends: true,
        test: {
          name: "server",
          environment: "node",
          include: ["server/**/*.test.ts", "tests/api/**/*.test.ts"],
          globalSetup: ["./server/test/global-setup.ts"],
          testTimeout: 30000,
          hookTimeout: 60000,
          pool: "forks",
        },
      },
    ],
  },
});
