import type { Db } from "./client";

const readers = new WeakMap<Db, Db>();

/**
 * DATABASE_READ_URL (docs/DEPLOY.md): list pages read from a replica, so the primary keeps its time for writes.
 * Registered once at start against the primary; a transaction (another Db object) always reads its own writes.
 */
export function readListsFrom(primary: Db, reader: Db): void {
  readers.set(primary, reader);
}

/** Where a list page on `db` reads from: its replica when one is registered, else `db` itself. */
export function listReader(db: Db): Db {
  return readers.get(db) ?? db;
}
