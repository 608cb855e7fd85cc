import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import { parseListParams, queryRows } from "../../lib/list";
import type { Scope } from "../../lib/scope";
import { openTestDatabase } from "../../test/helpers";
import { LEAD_TAGS, conversionRate, statsBucket } from "../../../src/domain/leads";
import { leadListSpec, dayEnd, dayStart } from "./leads.list";
import { leadScopeCondition } from "./leads.rows";
import { type LeadStats, computeLeadStats, dayStatsGroup, leadStatsFromEvents, trackingUrlStats, trackingUrlStatsFromEvents } from "./leads.stats";

/**
 * The leads dashboard's statistics from lead_day_stats (migrations 0042 and 0046's triggers) always equal the
 * statistics counted from the window's events: after random event writes (one and several leads per statement),
 * edits of an event's time, tag, product and lead, deletes, a lead's status, agency, account, tracking URL and
 * archiving changed, leads deleted and rolled-back transactions, all at once (on PostgreSQL with TEST_DATABASE_URL on
 * separate connections), for day and month buckets, windows across the change to daylight saving time, the platform,
 * agency trees, a staff member's account, and the filters the rows answer (agency, account, tracking URL, campaign,
 * one product, archived) and those they leave to the events; the per-tracking-URL statistics too. The trigger-kept
 * rows also equal the migration's backfill of the same events.
 */
let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
  // Campaign links of agencies 1, 2 and 3 (one without a source); a lead's URL may be another agency's.
  const made = await queryRows<{ id: number }>(
    database.db,
    sql`INSERT INTO tracking_urls (landing_page, campaign_name, campaign_source, campaign_medium, agency_id)
        VALUES ('residential', 'spring', 'ads', 'email', 1), ('residential', 'spring', 'news', 'mail', 2),
               ('commercial', 'autumn', 'ads', 'social', 2), ('rentguarantee', 'spring', NULL, NULL, 3) RETURNING id`,
  );
  urls = made.map((r) => r.id).sort((a, b) => a - b);
}, 60_000);
afterAll(() => database.close());

/** Days from 2026-02-20 (Los Angeles changes to daylight saving time on March 8). */
const day = (offset: number) => new Date(Date.UTC(2026, 1, 20 + offset)).toISOString().slice(0, 10);
const TAGS = [null, "landing", "coverage", "quote", "checkout", "purchase"] as const;
const AGENCIES = [1, 2, 3, null] as const;
const ACCOUNTS = [11, 12, 13, null] as const;
const PRODUCTS = [null, 1, 2, 3] as const;
/** Tracking URLs made in beforeAll: indexes into `urls` (null: none). */
const URLS = [0, 1, 2, 3, null] as const;
let urls: number[] = [];

const tree: Scope = { kind: "agencies", agencyIds: [1, 2] };
const staff: Scope = { kind: "account", accountId: 12 };
/** [label, scope, filter, answered by lead_day_stats]: the filter's tracking URL ids are filled in once they exist. */
const scopes: Array<[string, Scope, Record<string, unknown>, boolean]> = [
  ["platform", { kind: "all" }, {}, true],
  ["agency tree 1, 2", tree, {}, true],
  ["agency 3", { kind: "agencies", agencyIds: [3] }, {}, true],
  ["platform, agency filter 2", { kind: "all" }, { agency_id: [2] }, true],
  ["tree 1, 2, agency filter 2 and 3", tree, { agency_id: [2, 3] }, true],
  ["staff of account 12", staff, {}, true],
  ["staff, agency filter 1", staff, { agency_id: ["1"] }, true],
  ["staff, account filter 11 and 12 (one theirs)", staff, { account_id: [11, 12] }, true],
  ["platform, accounts 11 and 13", { kind: "all" }, { account_id: [11, 13] }, true],
  ["tree 1, 2, account 11", tree, { account_id: "11" }, true],
  ["platform, campaign source ads", { kind: "all" }, { tracking_url: { campaign_source: ["ads"] } }, true],
  ["tree 1, 2, campaign medium like 'MAI'", tree, { tracking_url: { campaign_medium: { like: "MAI" } } }, true],
  ["platform, campaign source and name", { kind: "all" }, { tracking_url: { campaign_source: ["ads", "news"], campaign_name: ["spring"] } }, true],
  ["platform, no campaign source (leads without a URL too)", { kind: "all" }, { tracking_url: { campaign_source: "_NULL_" } }, false],
  ["platform, product 2", { kind: "all" }, { lead_events: { policy_type_id: ["2"] } }, true],
  ["tree 1, 2, agency 2, product 1", tree, { agency_id: [2], lead_events: { policy_type_id: [1] } }, true],
  ["platform, products 1 and 2", { kind: "all" }, { lead_events: { policy_type_id: [1, 2] } }, false],
  ["platform, archived", { kind: "all" }, { archived: true }, true],
  ["tree 1, 2, not archived, campaign source ads", tree, { archived: "false", tracking_url: { campaign_source: ["ads"] } }, true],
  ["staff, not archived", staff, { archived: false }, true],
  ["staff, campaign source ads", staff, { tracking_url: { campaign_source: ["ads"] } }, false],
  ["platform, account 12 and campaign source ads", { kind: "all" }, { account_id: [12], tracking_url: { campaign_source: ["ads"] } }, false],
  ["platform, status lost", { kind: "all" }, { status: ["lost"] }, false],
  ["tree 1, 2, status prospect", tree, { status: ["prospect"] }, false],
  ["staff, status converted or lost", staff, { status: ["converted", "lost"] }, false],
  ["platform, name like 'smith'", { kind: "all" }, { profile: { full_name: { like: "smith" } } }, false],
  ["tree 1, 2, name like 'SMI', not archived", tree, { profile: { full_name: { like: "SMI" } }, archived: false }, false],
  ["staff, name like 'jones'", staff, { profile: { full_name: { like: "jones" } } }, false],
  ["agency 3, status prospect, campaign source ads", { kind: "agencies", agencyIds: [3] }, { status: ["prospect"], tracking_url: { campaign_source: ["ads"] } }, false],
];
const trackingScopes: Array<[string, Scope, Record<string, unknown>, boolean]> = [
  ["platform", { kind: "all" }, {}, true],
  ["tree 1, 2, campaign source ads", tree, { tracking_url: { campaign_source: ["ads"] } }, true],
  ["platform, agency 3, archived", { kind: "all" }, { agency_id: [3], archived: true }, true],
  ["staff", staff, {}, false],
  ["platform, product 1", { kind: "all" }, { lead_events: { policy_type_id: [1] } }, false],
];

async function storedRows() {
  return queryRows<{ key: string; leads: number; events: number }>(
    database.db,
    sql`SELECT concat_ws(' ', tracking_url_id, policy_type_id, account_id, agency_id, day, series, converted, archived, prev_day) AS key, leads, events
        FROM lead_day_stats WHERE leads <> 0 ORDER BY 1`,
  );
}

/**
 * The statistics' rows as the events path read them before issue 12: every event of the window grouped per bucket and
 * lead, and only then their leads joined and filtered.
 */
async function groupFirstRows(db: Database["db"], scope: Scope, window: { start: string; end: string }, filter: Record<string, unknown>) {
  const bucket = statsBucket(window.start, window.end);
  const where = [...leadScopeCondition(scope), ...parseListParams({ filter: filter as never }, leadListSpec).where];
  return queryRows<{ bucket: string | null; site_visits: number; visitors: number; customers: number; archived_leads: number; applications: number; not_finished: number }>(
    db,
    sql`WITH per_bucket AS (
          SELECT to_char(date_trunc(${bucket}, e.created_at AT TIME ZONE 'America/Los_Angeles'), 'YYYY-MM-DD') AS bucket, e.lead_id, count(*) AS events,
            bool_or(e.tag IS NOT NULL AND e.tag <> ${LEAD_TAGS.landing}) AS applied, bool_or(e.tag = ${LEAD_TAGS.payment}) AS paid
          FROM lead_events e WHERE e.created_at >= ${dayStart(window.start)} AND e.created_at < ${dayEnd(window.end)}
          GROUP BY 1, 2),
        ev AS (
          SELECT b.bucket, b.lead_id, b.events, b.applied, b.paid, l.status = 'converted' AS converted, l.status <> 'converted' AS open, l.archived
          FROM per_bucket b JOIN leads l LEFT JOIN tracking_urls tu ON tu.id = l.tracking_url_id
            LEFT JOIN profiles lp ON lp.profileable_type = 'Lead' AND lp.profileable_id = l.id ON l.id = b.lead_id
          ${where.length ? sql`WHERE ${sql.join(where, sql` AND `)}` : sql``}),
        per_lead AS (
          SELECT NULL::text AS bucket, sum(events) AS events, bool_or(applied) AS applied, bool_or(paid) AS paid, bool_or(converted) AS converted, bool_or(open) AS open,
            bool_or(archived) AS archived
          FROM ev GROUP BY lead_id)
        SELECT bucket, sum(events)::int AS site_visits, count(*)::int AS visitors, count(*) FILTER (WHERE converted)::int AS customers,
          count(*) FILTER (WHERE open AND archived)::int AS archived_leads,
          count(*) FILTER (WHERE applied)::int AS applications, count(*) FILTER (WHERE paid AND open)::int AS not_finished
        FROM (SELECT bucket, events, applied, paid, converted, open, archived FROM ev UNION ALL SELECT * FROM per_lead) x
        GROUP BY bucket`,
  );
}

/** `stats` with its figures replaced by those of `rows` (a bucket without a row counts zero). */
function withRows(stats: LeadStats, rows: Awaited<ReturnType<typeof groupFirstRows>>): LeadStats {
  const figures = (r: (typeof rows)[number] | undefined) => {
    const visitors = Number(r?.visitors ?? 0);
    const customers = Number(r?.customers ?? 0);
    return {
      leads: visitors - customers,
      site_visits: Number(r?.site_visits ?? 0),
      applications: Number(r?.applications ?? 0),
      not_finished_applications: Number(r?.not_finished ?? 0),
      customers,
      conversions: conversionRate(customers, visitors),
      visitors,
    };
  };
  const total = rows.find((r) => r.bucket === null);
  const stats_by = Object.fromEntries(Object.keys(stats.stats_by).map((key) => [key, figures(rows.find((r) => r.bucket === key))]));
  return { ...stats, ...figures(total), archived_leads: Number(total?.archived_leads ?? 0), stats_by };
}

describe("lead_day_stats", () => {
  it("answers the statistics the window's events give, under parallel event and lead writes", async () => {
    const db = database.db;
    let serial = 0;
    const lead = (pick: number) => sql`(SELECT id FROM leads WHERE email LIKE '%@lds.example' ORDER BY id OFFSET ${pick} % greatest(1, (SELECT count(*) FROM leads WHERE email LIKE '%@lds.example')) LIMIT 1)`;
    const event = (pick: number) => sql`(SELECT id FROM lead_events WHERE data ? 'lds' ORDER BY id OFFSET ${pick} % greatest(1, (SELECT count(*) FROM lead_events WHERE data ? 'lds')) LIMIT 1)`;
    const at = (offset: number, minute: number) => sql`(${day(offset)}::timestamp + make_interval(mins => ${minute}))::timestamp AT TIME ZONE 'America/Los_Angeles'`;
    const visit = fc.record({ lead: fc.nat(40), offset: fc.nat(75), minute: fc.nat(1439), tag: fc.constantFrom(...TAGS), product: fc.constantFrom(...PRODUCTS) });
    const newLead = fc.record({
      kind: fc.constant("new_lead" as const),
      agency: fc.constantFrom(...AGENCIES),
      account: fc.constantFrom(...ACCOUNTS),
      url: fc.constantFrom(...URLS),
      converted: fc.boolean(),
      archived: fc.boolean(),
      visits: fc.array(visit, { minLength: 1, maxLength: 5 }),
    });
    const urlId = (pick: (typeof URLS)[number]) => (pick === null ? null : urls[pick]);
    const op = fc.oneof(
      { arbitrary: newLead, weight: 3 },
      { arbitrary: fc.record({ kind: fc.constant("events" as const), visits: fc.array(visit, { minLength: 1, maxLength: 6 }) }), weight: 3 },
      fc.record({ kind: fc.constant("move_event" as const), pick: fc.nat(200), to: visit }),
      fc.record({ kind: fc.constant("retag_events" as const), pick: fc.nat(200), tag: fc.constantFrom(...TAGS) }),
      fc.record({ kind: fc.constant("delete_events" as const), pick: fc.nat(200), many: fc.boolean() }),
      fc.record({ kind: fc.constant("status" as const), pick: fc.nat(40), converted: fc.boolean() }),
      fc.record({ kind: fc.constant("agency" as const), pick: fc.nat(40), agency: fc.constantFrom(...AGENCIES) }),
      fc.record({ kind: fc.constant("archive" as const), pick: fc.nat(40), archived: fc.boolean() }),
      fc.record({ kind: fc.constant("account" as const), pick: fc.nat(40), account: fc.constantFrom(...ACCOUNTS) }),
      fc.record({ kind: fc.constant("url" as const), pick: fc.nat(40), url: fc.constantFrom(...URLS) }),
      fc.record({ kind: fc.constant("product" as const), pick: fc.nat(200), product: fc.constantFrom(...PRODUCTS) }),
      fc.record({ kind: fc.constant("delete_lead" as const), pick: fc.nat(40) }),
      fc.record({ kind: fc.constant("rollback" as const), visits: fc.array(visit, { minLength: 1, maxLength: 3 }), pick: fc.nat(40) }),
    );
    type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;
    type Visit = typeof visit extends fc.Arbitrary<infer T> ? T : never;
    const insertEvents = (tx: Pick<typeof db, "execute">, visits: Visit[], leadOf: (v: Visit) => ReturnType<typeof sql>) =>
      tx.execute(sql`INSERT INTO lead_events (lead_id, agency_id, tag, policy_type_id, data, created_at)
        SELECT v.lead_id, (SELECT agency_id FROM leads WHERE id = v.lead_id), v.tag, v.product, '{"lds": true}', v.at FROM (VALUES ${sql.join(
          visits.map((v) => sql`(${leadOf(v)}, ${v.tag}::text, ${v.product}::int, ${at(v.offset, v.minute)})`),
          sql`, `,
        )}) v(lead_id, tag, product, at) WHERE v.lead_id IS NOT NULL`);
    const run = (o: Op) =>
      db.transaction(async (tx) => {
        const n = serial++;
        switch (o.kind) {
          case "new_lead": {
            const [{ id }] = await queryRows<{ id: number }>(
              tx,
              sql`INSERT INTO leads (email, identifier, agency_id, account_id, tracking_url_id, archived, status)
                  VALUES (${`l${n}@lds.example`}, ${`lds-${n}-${Math.random()}`}, ${o.agency}, ${o.account}, ${urlId(o.url)}, ${o.archived}, ${o.converted ? "converted" : "prospect"}) RETURNING id`,
            );
            // Names for the name filter; every third lead has no profile (its name is NULL, as the filter reads it).
            if (n % 3) await tx.execute(sql`INSERT INTO profiles (profileable_type, profileable_id, full_name) VALUES ('Lead', ${id}, ${n % 3 === 1 ? `Ann Smith ${n}` : `Bo Jones ${n}`})`);
            await insertEvents(tx, o.visits, () => sql`${id}::int`);
            return;
          }
          case "events":
            await insertEvents(tx, o.visits, (v) => lead(v.lead));
            return;
          case "move_event":
            await tx.execute(
              sql`UPDATE lead_events SET created_at = ${at(o.to.offset, o.to.minute)}, tag = ${o.to.tag}, policy_type_id = ${o.to.product}, lead_id = coalesce(${lead(o.to.lead)}, lead_id) WHERE id = ${event(o.pick)}`,
            );
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
          case "account":
            await tx.execute(sql`UPDATE leads SET account_id = ${o.account} WHERE id = ${lead(o.pick)}`);
            return;
          case "url":
            await tx.execute(sql`UPDATE leads SET tracking_url_id = ${urlId(o.url)} WHERE id = ${lead(o.pick)}`);
            return;
          case "product":
            await tx.execute(sql`UPDATE lead_events SET policy_type_id = ${o.product} WHERE data ? 'lds' AND id % 3 = ${o.pick % 3}`);
            return;
          case "delete_lead":
            await tx.execute(sql`DELETE FROM leads WHERE id = ${lead(o.pick)}`);
            return;
          case "rollback":
            await insertEvents(tx, o.visits, (v) => lead(v.lead));
            await tx.execute(sql`UPDATE leads SET status = 'converted', agency_id = 3, account_id = 13, tracking_url_id = ${urls[3]}, archived = NOT archived WHERE id = ${lead(o.pick)}`);
            tx.rollback();
            return;
        }
      });
    const window = fc.record({ start: fc.nat(80), days: fc.nat(80) });
    let compared = 0;
    let monthly = 0;
    const most = { visitors: 0, customers: 0, applications: 0, not_finished_applications: 0, archived_leads: 0 };
    const seen = new Map<string, number>();
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
          for (const [label, scope, filter, answered] of scopes) {
            expect({ label, answered: (await dayStatsGroup(db, scope, filter as never)) !== null }).toEqual({ label, answered });
            const fromDays = await computeLeadStats(db, scope, range, filter as never);
            const fromEvents = await leadStatsFromEvents(db, scope, range, filter as never);
            expect({ label, ...fromDays }).toEqual({ label, ...fromEvents });
            // The lead filters' statistics select their leads first (issue 12): the same as grouping every event first.
            expect({ label, stats: fromEvents }).toEqual({ label, stats: withRows(fromEvents, await groupFirstRows(db, scope, range, filter)) });
            compared++;
            seen.set(label, Math.max(seen.get(label) ?? 0, fromDays.visitors));
            if (fromDays.bucket === "month") monthly++;
            for (const key of ["visitors", "customers", "applications", "not_finished_applications", "archived_leads"] as const) most[key] = Math.max(most[key], fromDays[key]);
          }
          for (const [label, scope, filter, answered] of trackingScopes) {
            expect({ label, answered: (await dayStatsGroup(db, scope, filter as never, { perTrackingUrl: true })) !== null }).toEqual({ label, answered });
            const fromDays = await trackingUrlStats(db, scope, range, filter as never);
            expect({ label, rows: fromDays }).toEqual({ label, rows: await trackingUrlStatsFromEvents(db, scope, range, filter as never) });
            seen.set(`per URL: ${label}`, Math.max(seen.get(`per URL: ${label}`) ?? 0, fromDays.length));
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
    expect(most.archived_leads).toBeGreaterThan(2);
    // Every scope and filter met leads (a comparison of two empty answers proves nothing).
    for (const [label] of [...scopes, ...trackingScopes.map(([l]) => [`per URL: ${l}`])]) expect({ label, seen: (seen.get(label) ?? 0) > 0 }).toEqual({ label, seen: true });
  }, 180_000);
});
