import { fileURLToPath } from "node:url";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type { Database } from "./client";

export const MIGRATIONS_DIR = fileURLToPath(new URL("./migrations", import.meta.url));

/** An arbitrary key for pg_advisory_lock, ours alone in the database. */
const MIGRATION_LOCK = 7_274_001;

/** Applies every pending migration; the same SQL runs on PGlite and PostgreSQL. */
export async function migrate(database: Database): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_DIR };
  if (database.kind === "pglite") {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    await migratePglite(database.db as any, config);
  } else {
    // Several API processes starting together (docs/DEPLOY.md) migrate one at a time: the first applies, the others
    // then find nothing pending. The lock is held on a connection of its own while the migrator uses the pool.
    const holder = await database.pool!.connect();
    try {
      await holder.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK]);
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      await migratePg(database.db as any, config);
    } finally {
      await holder.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => undefined);
      holder.release();
    }
  }
}
