import type { Database } from "../db/client";

/**
 * Counts the statements the app sends to its database (each one a round trip), on either driver: the PGlite
 * instance's or the pool's `query`, which Drizzle calls for every statement outside a transaction. Use as
 *   const counter = countQueries(t.database); counter.reset(); await t.app.inject(…); expect(counter.count)…
 * and `counter.restore()` when done.
 */
export function countQueries(database: Database) {
  const target = (database.pglite ?? database.pool) as unknown as { query: (...args: unknown[]) => unknown } | undefined;
  if (!target) throw new Error("countQueries: no driver to wrap");
  const original = target.query;
  const counter = {
    count: 0,
    statements: [] as string[],
    reset() {
      counter.count = 0;
      counter.statements = [];
    },
    restore() {
      target.query = original;
    },
  };
  target.query = function (this: unknown, ...args: unknown[]) {
    counter.count++;
    const text = typeof args[0] === "string" ? args[0] : (args[0] as { text?: string } | undefined)?.text;
    counter.statements.push(String(text ?? "").slice(0, 200));
    return original.apply(this, args);
  };
  return counter;
}
