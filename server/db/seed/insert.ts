import { getTableColumns, getTableName, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../client";

/**
 * Bulk inserts for the seeds. Each chunk travels as ONE JSON parameter that PostgreSQL unpacks with
 * json_populate_recordset: on PGlite this is ~5x faster than a drizzle multi-row VALUES insert, whose query building
 * and tens of thousands of bind parameters dominate the demo seed's time.
 */
const CHUNK = 5000;

type Row<T extends PgTable> = T["$inferInsert"];

/**
 * The SQL for one chunk. Columns are the union of the rows' keys; a key missing from some rows becomes NULL there,
 * which would break a NOT NULL column's default, so that is refused as a programming error.
 */
function chunkInsert<T extends PgTable>(table: T, rows: Row<T>[], returning: boolean) {
  const columns = getTableColumns(table);
  const keys = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  for (const key of keys) {
    const column = columns[key];
    if (!column) throw new Error(`${getTableName(table)} has no column ${key}`);
    if (column.notNull && rows.some((row) => !(key in row))) throw new Error(`${getTableName(table)}.${key} is set on some rows only`);
  }
  const names = sql.join(keys.map((key) => sql.identifier(columns[key].name)), sql`, `);
  const json = JSON.stringify(rows.map((row) => Object.fromEntries(keys.map((key) => [columns[key].name, (row as Record<string, unknown>)[key] ?? null]))));
  const target = sql.identifier(getTableName(table));
  // ORDER BY ordinality keeps input order, so the ids RETURNING answers line up with `rows`.
  return sql`INSERT INTO ${target} (${names})
    SELECT ${names} FROM json_populate_recordset(NULL::${target}, ${json}::json) WITH ORDINALITY AS x ORDER BY x.ordinality
    ${returning ? sql`RETURNING id` : sql``}`;
}

/** Inserts rows and answers their ids in the order of `rows`, so later rows can point at them. */
export async function insertReturningIds<T extends PgTable>(db: Db, table: T, rows: Row<T>[]): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += CHUNK) {
    const result = (await db.execute(chunkInsert(table, rows.slice(i, i + CHUNK), true))) as unknown as { rows: Array<{ id: number }> };
    for (const row of result.rows) ids.push(row.id);
  }
  return ids;
}

/** Inserts rows when nothing needs their ids (link tables, profiles, addresses). */
export async function insertAll<T extends PgTable>(db: Db, table: T, rows: Row<T>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) await db.execute(chunkInsert(table, rows.slice(i, i + CHUNK), false));
}
