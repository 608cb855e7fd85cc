import { createHash } from "node:crypto";
import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Db } from "./client";

/*
 * Prepared statements for what every request (or nearly) runs (issue 9, load). On PostgreSQL a named statement is
 * parsed and planned once per connection instead of once per call: planning the session's statement took 1-1.5 ms,
 * the policy page's 3.5 ms, more than running them, on a database that shares the machine's cores with the API. The
 * embedded database ignores the names (drizzle's PGlite driver): nothing changes there.
 *
 * A name stands for one text on a connection (PostgreSQL refuses one name for two texts), and each connection keeps
 * every statement it prepared while it lives: only statements with few texts (a variant per scope shape, not per
 * filter combination) are named.
 */

/**
 * A statement built once per database: drizzle's `prepare(name)` turns the query into SQL text once (building it walks
 * every column and chunk), and each call only fills its `sql.placeholder`s. Everything that varies per call is a
 * placeholder, or a variant of its own with a name of its own.
 */
export function preparedPerDatabase<P>(build: (db: Db) => P): (db: Db) => P {
  const built = new WeakMap<Db, P>();
  return (db) => {
    let statement = built.get(db);
    if (statement === undefined) {
      statement = build(db);
      built.set(db, statement);
    }
    return statement;
  };
}

const dialect = new PgDialect();

/**
 * The rows of a raw SQL query run as a named statement: `name` plus a digest of its text, so each variant of the text
 * (a scope with two agencies, or three) is a statement of its own. The caller vouches that the variants are few.
 */
export async function queryRowsNamed<T>(db: Db, name: string, query: SQL): Promise<T[]> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  const digest = createHash("sha1").update(text).digest("hex").slice(0, 16);
  const result = (await db._.session.prepareQuery({ sql: text, params }, undefined, `${name}_${digest}`, false).execute()) as { rows?: T[] } | T[];
  return Array.isArray(result) ? result : (result.rows ?? []);
}
