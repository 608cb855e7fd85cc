import type { FastifyInstance } from "fastify";
import { buildApp } from "./app";
import { type Database, openDatabase, openPostgres } from "./db/client";
import { readListsFrom } from "./db/read-replica";
import { migrate } from "./db/migrate";
import { ensureReferenceData } from "./db/reference-data";
import { isEmpty, seedDemo } from "./db/seed/demo";
import { DEMO_INVITATION, DEMO_LOGINS, DEMO_PASSWORD } from "./db/demo-logins";
import { EnvError, loadEnv } from "./env";
import { openFileStore } from "./files/open-store";
import { startPgBossQueue } from "./jobs/queue";
import { publicOrigin } from "./lib/public-url";
import { startSchedules } from "./jobs/handlers";

/**
 * Starts Coverdesk: validates the environment, opens the database (embedded PGlite in DATA_DIR, or DATABASE_URL),
 * applies migrations, loads the demo portfolio into an empty embedded database, and serves API + console.
 */
async function main() {
  let env;
  try {
    env = loadEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }

  const files = openFileStore(env);
  const database: Database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, poolMax: env.DATABASE_POOL_MAX });
  console.log(database.kind === "pglite" ? `Database: embedded PostgreSQL in ${env.DATA_DIR}` : "Database: PostgreSQL (DATABASE_URL)");
  await migrate(database);
  await ensureReferenceData(database.db);

  // With a real server, demo data only on request (DESIGN.md section 4); an empty embedded database always gets it.
  const wantsDemo = database.kind === "pglite" || env.SEED_DEMO;
  if (wantsDemo && (await isEmpty(database.db))) {
    console.log("Loading the demo portfolio (first start)…");
    const started = Date.now();
    const summary = await seedDemo(database.db, new Date(), files);
    console.log(`Demo portfolio loaded in ${((Date.now() - started) / 1000).toFixed(1)} s:`, summary);
  }

  const reader = env.DATABASE_READ_URL ? openPostgres(env.DATABASE_READ_URL, env.DATABASE_POOL_MAX) : undefined;
  if (reader) {
    readListsFrom(database.db, reader.db);
    console.log("List pages read from DATABASE_READ_URL");
  }

  // Jobs are persisted in the database (pg-boss), so an export asked for before a restart still finishes.
  const jobs = await startPgBossQueue(database, env.DATABASE_URL);
  const app: FastifyInstance = await buildApp({ database, env, jobs, files });
  await startSchedules(app);
  await app.listen({ port: env.PORT, host: env.HOST });
  const shownHost = env.HOST === "0.0.0.0" ? "localhost" : env.HOST;
  console.log(`\nCoverdesk is running at http://${shownHost}:${env.PORT}`);
  if (!env.PUBLIC_URL && env.NODE_ENV === "production") {
    console.warn(`PUBLIC_URL is not set: links in mail point to ${publicOrigin(env)}. Set it to the address users open.`);
  }
  if (wantsDemo) {
    console.log(`Demo sign-ins (password "${DEMO_PASSWORD}"):`);
    for (const login of DEMO_LOGINS) console.log(`  ${login.role.padEnd(15)} ${login.email}`);
    console.log(`Pending invitation of ${DEMO_INVITATION.email}: ${publicOrigin(env)}/auth/accept-invitation/${DEMO_INVITATION.token}`);
  }

  // Graceful shutdown: stop taking requests, let the ones in flight finish, then close the database cleanly
  // (PGlite flushes its files on close, so nothing is half-written).
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`\n${signal} received, shutting down…`);
    const timer = setTimeout(() => {
      console.error("Shutdown took too long; exiting.");
      process.exit(1);
    }, 15000);
    try {
      await app.close();
      await jobs.stop();
      await reader?.close();
      await database.close();
    } finally {
      clearTimeout(timer);
      process.exit(0);
    }
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
