// Runs the API tests a second time against a real PostgreSQL server when TEST_DATABASE_URL is set
// (.ci/run sets it), with tests/pg (two API processes on one database); without it the API tests have already run on
// embedded PostgreSQL (PGlite).
import { execSync } from "node:child_process";

if (!process.env.TEST_DATABASE_URL) {
  console.log("TEST_DATABASE_URL is not set: API tests ran on embedded PostgreSQL only.");
} else {
  console.log(`API tests against PostgreSQL at ${new URL(process.env.TEST_DATABASE_URL).host}`);
  execSync("npx vitest run --project server", { stdio: "inherit", env: { ...process.env, TEST_PG_SUITE: "1" } });
}
