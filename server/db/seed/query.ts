import type { SQL } from "drizzle-orm";
import type { Db } from "../client";

/** The rows of a raw query. Both drivers answer `{rows}`; drizzle types `execute` differently per driver. */
export async function selectRows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}
