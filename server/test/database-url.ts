/**
 * The PostgreSQL server the API tests run on, or undefined for the embedded database (PGlite). Only the second pass,
 * `npm run test:pg` (TEST_PG_SUITE=1), uses the server: .ci/run exports TEST_DATABASE_URL for the whole `npm test`, and
 * the first pass must stay on PGlite, the database the product runs on by default. Reading TEST_DATABASE_URL alone, CI
 * ran the API tests twice on PostgreSQL and never on PGlite.
 */
export function testDatabaseUrl(): string | undefined {
  if (process.env.TEST_PG_SUITE !== "1") return undefined;
  return process.env.TEST_DATABASE_URL || undefined;
}
