import { sql } from "drizzle-orm";
import type { Db } from "../client";
import { selectRows } from "./query";

/**
 * The bulk-load recipe pg_restore uses: drop the secondary indexes and foreign keys of the tables about to receive
 * millions of rows, load, then rebuild them. Building an index once by sorting is far cheaper than updating it row by
 * row, and re-adding a foreign key validates every row in one join instead of one lookup per row, so integrity is
 * still checked. Run it inside a transaction: DDL is transactional in PostgreSQL, so a failure leaves the schema as
 * it was. Needs only table ownership, not superuser. Concurrent sessions wait on these tables until it commits.
 */
interface Definition {
  table: string;
  name: string;
  definition: string;
}

export async function withIndexesDeferred<T>(db: Db, tables: readonly string[], load: () => Promise<T>, onRebuild?: () => void): Promise<T> {
  const list = sql.join(tables.map((t) => sql`${t}`), sql`, `);
  const foreignKeys = await selectRows<Definition>(
    db,
    sql`SELECT c.conrelid::regclass::text AS table, c.conname AS name, pg_get_constraintdef(c.oid) AS definition
      FROM pg_constraint c JOIN pg_class t ON t.oid = c.conrelid JOIN pg_namespace ns ON ns.oid = t.relnamespace
      WHERE c.contype = 'f' AND ns.nspname = current_schema() AND t.relname IN (${list})`,
  );
  // Indexes that back a constraint (the primary keys) stay.
  const indexes = await selectRows<Definition>(
    db,
    sql`SELECT i.tablename AS table, i.indexname AS name, i.indexdef AS definition FROM pg_indexes i
      WHERE i.schemaname = current_schema() AND i.tablename IN (${list})
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname AND c.contype IN ('p', 'u', 'x'))`,
  );
  for (const fk of foreignKeys) await db.execute(sql`ALTER TABLE ${sql.identifier(fk.table)} DROP CONSTRAINT ${sql.identifier(fk.name)}`);
  for (const index of indexes) await db.execute(sql`DROP INDEX ${sql.identifier(index.name)}`);
  const result = await load();
  onRebuild?.();
  for (const index of indexes) await db.execute(sql.raw(index.definition));
  for (const fk of foreignKeys) await db.execute(sql`ALTER TABLE ${sql.identifier(fk.table)} ADD CONSTRAINT ${sql.identifier(fk.name)} ${sql.raw(fk.definition)}`);
  return result;
}
