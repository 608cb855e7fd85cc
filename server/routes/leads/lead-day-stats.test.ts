import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import { queryRows } from "../../lib/list";
import type { Scope } from "../../lib/scope";
import { openTestDatabase } from "../../test/helpers";
import { computeLeadStats, leadStatsFromEvents } from "./leads.stats";

/**
 * The leads dashboard's statistics from lead_day_stats (migration 0042's triggers) always equal the statistics
 * counted from the window's events: after random event writes (one and several leads per statement), edits of an
 * event's time, tag and lead, deletes, a lead's status, agency and archiving changed, leads deleted and rolled-back
 * transactions, all at once (on PostgreSQL with TEST_DATABASE_URL on separate connections), for day and month
 * buckets, windows across the change to daylight saving time, the platform, agency trees and an agency filter. The
 * trigger-kept rows also equal the migration's backfill of the same events.
 */
let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
}, 60_000);
afterAll(() => database.close());

/** Days from 2026-02-20 (Los Angeles changes to daylight saving time on March 8). */
const day = (offset: number) => new Date(Date.UTC(2026, 1, 20 + offset)).toISOString().slice(0, 10);
const TAGS = [null, "landing", "coverage", "quote", "checkout", "purchase"] as const;
const AGENCIES = [1, 2, 3, null] as const;

const scopes: Array<[string, Scope, Record<string, unknown>]> = [
  ["platform", { kind: "all" }, {}],
  ["agency tree 1, 2", { kind: "agencies", agencyIds: [1, 2] }, {}],
  ["agency 3", { kind: "agencies", agencyIds: [3] }, {}],
  ["platform, agency filter 2", { kind: "all" }, { agency_id: [2] }],
  ["tree 1, 2, agency filter 2 and 3", { kind: "agencies", agencyIds: [1, 2] }, { agency_id: [2, 3] }],
];

async function storedRows() {
  return queryRows<{ key: string; leads: number; events: number }>(
    database.db,
    sql`SELECT concat_ws(' ', agency_id, day, series, converted, prev_day) AS key, leads, events FROM lead_day_stats WHERE leads <> 0 ORDER BY 1`,
  );
}

describe("lead_day_stats", () => {
  it("answers the statistics the window's events give, under parallel event and lead writes", async () => {
    const db = database.db;
    let serial = 0;
    const lead = (pick: number) => sql`(SELECT id FROM leads WHERE email LIKE '%@lds.example' ORDER BY id OFFSET ${pick} % greatest(1, (SELECT count(*) FROM leads WHERE email LIKE '%@lds.example')) LIMIT 1)`;
    const event = (pick: number) => sql`(SELECT id FROM lead_events WHERE data ? 'lds' ORDER BY id OFFSET ${pick} % greatest(1, (SELECT count(*) FROM lead_events WHERE data ? 'lds')) LIMIT 1)`;
    const at = (offset: number, minute: number) => sql`(${day(offset)}::timestamp + make_interval(mins => ${minute}))::timestamp AT TIME ZONE 'America/Los_Angeles'`;
    const visit = fc.record({ lead: fc.nat(40), offset: fc.nat(75), minute: fc.nat(1439), tag: fc.constantFrom(...TAGS) });
    const newLead = fc.record({ kind: fc.constant("new_lead" as const), agency: fc.constantFrom(...AGENCIES), converted: fc.boolean(), visits: fc.array(visit, { minLength: 1, maxLength: 5 }) });
    const op = fc.oneof(
      { arbitrary: newLead, weight: 3 },
      { arbitrary: fc.record({ kind: fc.constant("events" as const), visits: fc.array(visit, { minLength: 1, maxLength: 6 }) }), weight: 3 },
      fc.record({ kind: fc.constant("move_event" as const), pick: fc.nat(200), to: visit }),
      fc.record({ kind: fc.constant("retag_events" as const), pick: fc.nat(200), tag: fc.constantFrom(...TAGS) }),
      fc.record({ kind: fc.constant("delete_events" as const), pick: fc.nat(200), many: fc.boolean() }),
      fc.record({ kind: fc.constant("status" as const), pick: fc.nat(40), converted: fc.boolean() }),
      fc.record({ kind: fc.constant("agency" as const), pick: fc.nat(40), agency: fc.constantFrom(...AGENCIES) }),
      fc.record({ kind: fc.constant("archive" as const), pick: fc.nat(40), archived: fc.boolean() }),
      fc.record({ kind: fc.constant("delete_lead" as const), pick: fc.nat(40) }),
      fc.record({ kind: fc.constant("rollback" as const), visits: fc.array(visit, { minLength: 1, maxLength: 3 }), pick: fc.nat(40) }),
    );
    type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;
    type Visit = typeof visit extends fc.Arbitrary<infer T> ? T : never;
    const insertEvents = (tx: Pick<typeof db, "execute">, visits: Visit[], leadOf: (v: Visit) => ReturnType<typeof sql>) =>
      tx.execute(sql`INSERT INTO lead_events (lead_id, agency_id, tag, data, created_at)
        SELECT v.lead_id, (SELECT agency_id FROM leads WHERE id = v.lead_id), v.tag, '{"lds": true}', v.at FROM (VALUES ${sql.join(
          visits.map((v) => sql`(${leadOf(v)}, ${v.tag}::text, ${at(v.offset, v.minute)})`),
          sql`, `,
        )}) v(lead_id, tag, at) WHERE v.lead_id IS NOT NULL`);
    const run = (o: Op) =>
      db.transaction(async (tx) => {
        const n = serial++;
        switch (o.kind) {
          case "new_lead": {
            const [{ id }] = await queryRows<{ id: number }>(
              tx,
              sql`INSERT INTO leads (email, identifier, agency_id, status) VALUES (${`l${n}@lds.example`}, ${`lds-${n}-${Math.random()}`}, ${o.agency}, ${o.converted ? "converted" : "prospect"}) RETURNING id`,
            );
            await insertEvents(tx, o.visits, () => sql`${id}::int`);
            return;
          }
          case "events":
            await insertEvents(tx, o.visits, (v) => lead(v.lead));
            return;
          case "move_event":
            await tx.execute(sql`UPDATE lead_events SET created_at = ${at(o.to.offset, o.to.minute)}, tag = ${o.to.tag}, lead_id = coalesce(${lead(o.to.lead)}, lead_id) WHERE id = ${event(o.pick)}`);
            return;
          case "retag_events":
            await tx.execute(sql`UPDATE lead_events SET tag = ${o.tag} WHERE data ? 'lds' AND id % 5 = ${o.pick % 5}`);
            return;
          case "delete_events":
            await tx.execute(o.many ? sql`DELETE FROM lead_events WHERE data ? 'lds' AND id % 7 = ${o.pick % 7}` : sql`DELETE FROM lead_events WHERE id = ${event(o.pick)}`);
            return;
          case "status":
            await tx.execute(sql`UPDATE leads SET status = ${o.converted ? "converted" : "lost"} WHERE id = ${lead(o.pick)}`);
            return;
          case "agency":
            await tx.execute(sql`UPDATE leads SET agency_id = ${o.agency} WHERE id = ${lead(o.pick)}`);
            return;
          case "archive":
            await tx.execute(sql`UPDATE leads SET archived = ${o.archived} WHERE id = ${lead(o.pick)}`);
            return;
          case "delete_lead":
            await tx.execute(sql`DELETE FROM leads WHERE id = ${lead(o.pick)}`);
            return;
          case "rollback":
            await insertEvents(tx, o.visits, (v) => lead(v.lead));
            await tx.execute(sql`UPDATE leads SET status = 'converted', agency_id = 3 WHERE id = ${lead(o.pick)}`);
            tx.rollback();
            return;
        }
      });
    const window = fc.record({ start: fc.nat(80), days: fc.nat(80) });
    let compared = 0;
    let monthly = 0;
    const most = { visitors: 0, customers: 0, applications: 0, not_finished_applications: 0 };
    await fc.assert(
      fc.asyncProperty(fc.array(newLead, { minLength: 8, maxLength: 12 }), fc.array(op, { minLength: 15, maxLength: 35 }), fc.array(window, { minLength: 3, maxLength: 5 }), async (first, ops, windows) => {
        for (const o of first) await run(o);
        const results = await Promise.allSettled(ops.map(run));
        for (const r of results) if (r.status === "rejected") expect(`${r.reason} ${(r.reason as Error).cause ?? ""}`).toMatch(/[Rr]ollback|deadlock/);
        // An event carries its lead's agency (the lead-event call writes both; the events path reads an agency tree's
        // events by it): the leads that moved agency, or events that moved lead, take it along.
        await db.execute(sql`UPDATE lead_events e SET agency_id = l.agency_id FROM leads l WHERE l.id = e.lead_id AND e.agency_id IS DISTINCT FROM l.agency_id`);
        for (const w of [{ start: 0, days: 80 }, ...windows]) {
          const range = { start: day(w.start), end: day(w.start + w.days) };
          for (const [label, scope, filter] of scopes) {
            const fromDays = await computeLeadStats(db, scope, range, filter as never);
            const fromEvents = await leadStatsFromEvents(db, scope, range, filter as never);
            expect({ label, ...fromDays }).toEqual({ label, ...fromEvents });
            compared++;
            if (fromDays.bucket === "month") monthly++;
            for (const key of ["visitors", "customers", "applications", "not_finished_applications"] as const) most[key] = Math.max(most[key], fromDays[key]);
          }
        }
        const kept = await storedRows();
        await db.execute(sql`SELECT lead_day_stats_rebuild()`);
        expect(kept).toEqual(await storedRows());
      }),
      { numRuns: 5, seed: 20261127, endOnFailure: true },
    );
    // The property saw both buckets and real numbers: visitors, customers, applications and unfinished ones.
    expect(monthly).toBeGreaterThan(0);
    expect(compared).toBeGreaterThan(monthly);
    expect(most.visitors).toBeGreaterThan(10);
    expect(most.customers).toBeGreaterThan(2);
    expect(most.applications).toBeGreaterThan(2);
    expect(most.not_finished_applications).toBeGreaterThan(0);
  }, 180_000);
});
