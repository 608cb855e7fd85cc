import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import pg from "pg";
import * as schema from "./schema";

/** One type for both drivers (stack.md pitfall 15). */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** The PGlite instance when embedded (pg-boss and raw multi-statement scripts need it). */
  pglite?: PGlite;
  pool?: pg.Pool;
  close(): Promise<void>;
}

/** Connections a pool keeps when DATABASE_POOL_MAX does not say (server/env.ts). */
export const DEFAULT_POOL_MAX = 20;

/** A real PostgreSQL server, through a pool of at most `poolMax` connections (DATABASE_POOL_MAX). */
export function openPostgres(url: string, poolMax = DEFAULT_POOL_MAX): Database {
  // JIT off: the API's queries are short, but a list's subqueries (EXISTS per row, per-row counts) inflate the
  // planner's cost estimate past jit_above_cost, and compiling then took 0.5 s of a 60 ms query (top_available at 1M).
  const pool = new pg.Pool({ connectionString: url, max: poolMax, options: "-c jit=off" });
  // An idle connection the server closes (restart, failover, admin) must not crash the process: the pool replaces it.
  pool.on("error", (error) => console.error("database connection closed:", error.message));
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return { db, kind: "postgres", pool, close: () => pool.end() };
}

/** Trigram indexes keep contains-searches fast on large tables (migration 0002); real PostgreSQL ships pg_trgm. */
const extensions = { pg_trgm };

/** Embedded PostgreSQL in `dir` (parent folders created: stack.md pitfall 7), or in memory for "memory://". */
export async function openPglite(dir: string, loadDataDir?: Blob): Promise<Database> {
  let pglite: PGlite;
  if (dir === "memory://") {
    pglite = new PGlite({ loadDataDir, extensions });
  } else {
    const path = resolve(dir, "pglite");
    mkdirSync(path, { recursive: true });
    pglite = new PGlite(path, { extensions });
  }
  await pglite.waitReady;
  const db = drizzlePglite(pglite, { schema }) as unknown as Db;
  return { db, kind: "pglite", pglite, close: () => pglite.close() };
}

export async function openDatabase(opts: { databaseUrl?: string; dataDir: string; poolMax?: number }): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl, opts.poolMax) : openPglite(opts.dataDir);
}
