import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../lib/list";
import { buildWorld } from "../test/fixtures";
import { createTestApp, type TestApp } from "../test/helpers";
import { policyIdOfInvoiceComputed } from "./ownership";

/**
 * An invoice's stored policy (invoices.policy_id, migration 0035's triggers) always equals the policy computed from
 * its invoiceable: after invoices are written for policies, quotes and group quotes, and while quotes are bought,
 * moved to another policy, unbought and deleted and invoices re-pointed, all at once (on PostgreSQL with
 * TEST_DATABASE_URL on separate connections), rolled-back transactions included.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await buildWorld(t.database.db);
}, 60_000);
afterAll(() => t.close());

async function mismatches() {
  return queryRows<{ id: number; stored: number | null; computed: number | null }>(
    t.database.db,
    sql`SELECT i.id, i.policy_id AS stored, ${policyIdOfInvoiceComputed} AS computed FROM invoices i
        WHERE i.policy_id IS DISTINCT FROM ${policyIdOfInvoiceComputed}`,
  );
}

describe("invoices.policy_id", () => {
  it("equals the invoiceable's policy under parallel invoice writes and quote purchases, moves and deletes", async () => {
    const db = t.database.db;
    await db.execute(sql`INSERT INTO policies (number, status, policy_type_id, policy_in_system)
      SELECT 'OWN-' || g, 'BOUND', 1, true FROM generate_series(1, 6) g`);
    await db.execute(sql`INSERT INTO policy_quotes (reference, policy_id)
      SELECT 'OWNQ-' || g, CASE WHEN g % 3 = 0 THEN NULL ELSE (SELECT id FROM policies WHERE number = 'OWN-' || (1 + g % 6)) END
      FROM generate_series(1, 12) g`);
    let serial = 0;
    const policy = (pick: number) => sql`(SELECT id FROM policies WHERE number LIKE 'OWN-%' ORDER BY id OFFSET ${pick % 6} LIMIT 1)`;
    const quote = (pick: number) =>
      sql`(SELECT id FROM policy_quotes WHERE reference LIKE 'OWNQ-%' ORDER BY id OFFSET ${pick} % greatest(1, (SELECT count(*) FROM policy_quotes WHERE reference LIKE 'OWNQ-%')) LIMIT 1)`;
    const op = fc.oneof(
      fc.record({ kind: fc.constant("invoice" as const), type: fc.constantFrom("Policy", "PolicyQuote", "PolicyGroupQuote"), pick: fc.nat(50) }),
      fc.record({ kind: fc.constant("buy" as const), pick: fc.nat(50), policy: fc.nat(5) }),
      fc.record({ kind: fc.constant("unbuy" as const), pick: fc.nat(50) }),
      fc.record({ kind: fc.constant("quote" as const), policy: fc.option(fc.nat(5), { nil: null }) }),
      fc.record({ kind: fc.constant("delete_quote" as const), pick: fc.nat(50) }),
      fc.record({ kind: fc.constant("repoint" as const), pick: fc.nat(50), policy: fc.nat(5) }),
      fc.record({ kind: fc.constant("tamper" as const), policy: fc.nat(5) }),
      fc.record({ kind: fc.constant("rollback" as const), pick: fc.nat(50), policy: fc.nat(5) }),
    );
    type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;
    const run = (o: Op) =>
      db.transaction(async (tx) => {
        const n = serial++;
        switch (o.kind) {
          case "invoice": {
            const target = o.type === "Policy" ? policy(o.pick) : o.type === "PolicyQuote" ? quote(o.pick) : sql`${1_000_000 + n}`;
            await tx.execute(sql`INSERT INTO invoices (number, invoiceable_type, invoiceable_id) VALUES (${`OWN-INV-${n}`}, ${o.type}, ${target})`);
            return;
          }
          case "buy":
            await tx.execute(sql`UPDATE policy_quotes SET policy_id = ${policy(o.policy)} WHERE id = ${quote(o.pick)}`);
            return;
          case "unbuy":
            await tx.execute(sql`UPDATE policy_quotes SET policy_id = NULL WHERE id = ${quote(o.pick)}`);
            return;
          case "quote":
            await tx.execute(sql`INSERT INTO policy_quotes (reference, policy_id) VALUES (${`OWNQ-new-${n}`}, ${o.policy === null ? null : policy(o.policy)})`);
            return;
          case "delete_quote":
            await tx.execute(sql`DELETE FROM policy_quotes WHERE id = ${quote(o.pick)}`);
            return;
          case "repoint":
            await tx.execute(sql`UPDATE invoices SET invoiceable_type = 'PolicyQuote', invoiceable_id = ${quote(o.pick)}
              WHERE id = (SELECT id FROM invoices WHERE number LIKE 'OWN-INV-%' ORDER BY id OFFSET ${o.policy} LIMIT 1)`);
            return;
          case "tamper":
            // A write of the column itself is overruled: it follows the invoiceable, never the writer.
            await tx.execute(sql`UPDATE invoices SET policy_id = ${policy(o.policy)} WHERE number LIKE 'OWN-INV-%' AND id % 4 = ${o.policy % 4}`);
            return;
          case "rollback":
            await tx.execute(sql`UPDATE policy_quotes SET policy_id = ${policy(o.policy)} WHERE reference LIKE 'OWNQ-%'`);
            await tx.execute(sql`INSERT INTO invoices (number, invoiceable_type, invoiceable_id) VALUES (${`OWN-INV-undone-${n}`}, 'PolicyQuote', ${quote(o.pick)})`);
            tx.rollback();
            return;
        }
      });
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 20, maxLength: 40 }), async (ops) => {
        const results = await Promise.allSettled(ops.map(run));
        for (const r of results) if (r.status === "rejected") expect(`${r.reason} ${(r.reason as Error).cause ?? ""}`).toMatch(/[Rr]ollback|deadlock/);
        expect(await mismatches()).toEqual([]);
      }),
      { numRuns: 4, seed: 20261127 },
    );
    // The property saw every kind of invoice: some stored policies are set, and some null (group quotes, unbought quotes).
    const [kinds] = await queryRows<{ set: number; unset: number }>(
      db,
      sql`SELECT count(*) FILTER (WHERE policy_id IS NOT NULL)::int AS set, count(*) FILTER (WHERE policy_id IS NULL)::int AS unset FROM invoices WHERE number LIKE 'OWN-INV-%'`,
    );
    expect(kinds.set).toBeGreaterThan(0);
    expect(kinds.unset).toBeGreaterThan(0);
    // About 3 s alone; the whole suite's other workers on 2 cores made it 10 times slower once (PGlite runs the
    // parallel transactions one after another).
  }, 180_000);
});
