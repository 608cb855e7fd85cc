import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { type Database, openPglite, openPostgres } from "../server/db/client";

/**
 * A throwaway database for one benchmark run: embedded PGlite in a temp folder, or, when DATABASE_URL is set, a
 * scratch database created on that server (never the configured one). `dispose` closes and removes it.
 */
export interface ScratchDatabase {
  database: Database;
  where: string;
  /** The scratch database's connection string on DATABASE_URL's server (none for PGlite): pg-boss opens its own pool. */
  url?: string;
  dispose(): Promise<void>;
}

async function admin(url: string, statement: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * `keep`: a database to reuse between runs (a folder for PGlite, a database name on DATABASE_URL's server), created
 * when missing and never removed, so a large seed is made once.
 */
export async function openScratchDatabase(databaseUrl: string | undefined, keep?: string): Promise<ScratchDatabase> {
  if (keep && !databaseUrl) {
    const database = await openPglite(keep);
    return { database, where: `embedded PostgreSQL (PGlite) in ${keep} (kept)`, dispose: () => database.close() };
  }
  if (keep && databaseUrl) {
    if (!/^[a-z_][a-z0-9_]*$/.test(keep)) throw new Error("--keep must be a database name (a-z, 0-9, _)");
    const probe = new pg.Client({ connectionString: databaseUrl });
    await probe.connect();
    const { rowCount } = await probe.query("SELECT 1 FROM pg_database WHERE datname = $1", [keep]);
    await probe.end();
    if (!rowCount) await admin(databaseUrl, `CREATE DATABASE ${keep}`);
    const url = new URL(databaseUrl);
    url.pathname = `/${keep}`;
    const database = openPostgres(url.toString());
    return { database, where: `PostgreSQL at ${url.host}, database ${keep} (kept)`, url: url.toString(), dispose: () => database.close() };
  }
  if (!databaseUrl) {
    const dir = mkdtempSync(join(tmpdir(), "coverdesk-bench-"));
    const database = await openPglite(dir);
    return {
      database,
      where: `embedded PostgreSQL (PGlite) in ${dir}`,
      async dispose() {
        await database.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const name = `coverdesk_bench_${randomBytes(4).toString("hex")}`;
  await admin(databaseUrl, `CREATE DATABASE ${name}`);
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  const database = openPostgres(url.toString());
  return {
    database,
    where: `PostgreSQL at ${url.host}, scratch database ${name}`,
    url: url.toString(),
    async dispose() {
      await database.close();
      await admin(databaseUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}
