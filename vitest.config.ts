import { availableParallelism } from "node:os";
import { configDefaults, defineConfig } from "vitest/config";

// `npm run test:pg` (scripts/test-pg.mjs) sets this: the API tests again on PostgreSQL, plus tests/pg (several
// processes on one database, which the embedded one cannot do); the crash test starts embedded databases only, so
// it runs once, in the first pass.
const pgSuite = process.env.TEST_PG_SUITE === "1";
import react from "@vitejs/plugin-react";

// Two projects: the console runs in jsdom, the API and domain rules in node.
// API tests share one migrated PGlite image made in globalSetup (a fresh initdb costs ~5 s).
export default defineConfig({
  plugins: [react()],
  test: {
    globals: true,
    // Vitest keeps one core free by default (cores - 1 workers, one on a 2-core box), right for a desk where an editor
    // and a dev server share the machine. A CI machine does nothing else: use every core (the suite took 30 min on one
    // worker of CI's two cores). Each worker's files still run one at a time, each on a database of its own.
    ...(process.env.CI ? { maxWorkers: availableParallelism() } : {}),
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
          include: ["server/**/*.test.ts", "tests/api/**/*.test.ts", ...(pgSuite ? ["tests/pg/**/*.test.ts"] : [])],
          exclude: [...configDefaults.exclude, ...(pgSuite ? ["tests/api/crash.test.ts"] : [])],
          globalSetup: ["./server/test/global-setup.ts"],
          testTimeout: 30000,
          hookTimeout: 60000,
          pool: "forks",
          // One process per worker for all its API files, not one per file: each file otherwise paid again for
          // importing the whole app and compiling PGlite's WebAssembly (15 files: 128 s wall, 113 s CPU isolated;
          // 51 s and 51 s not). Every file still opens its own database and app; nothing here keeps module state
          // between apps. It is also how the product runs: one long-lived process (it found the JSON.parse that
          // pdfjs-dist's polyfill replaced). The console keeps isolation: jsdom and react-admin's stores do not reset.
          isolate: false,
        },
      },
    ],
  },
});
