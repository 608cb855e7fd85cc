import { sql } from "drizzle-orm";
import { hashPassword } from "../../lib/passwords";
import type { Database, Db } from "../client";
import { DEMO_PASSWORD } from "../demo-logins";
import { ensureReferenceData } from "../reference-data";
import * as s from "../schema";
import { withIndexesDeferred } from "./bulk-load";
import { dayOf, ymd } from "./days";
import { carrierRows } from "./demo-carriers";
import { ensureDemoLogins } from "./logins";
import { selectRows } from "./query";
import { LEADS_PER_POLICY, type Range, type ScaleBase, type ScaleShape, ScaleSql } from "./scale-steps";

/**
 * A large portfolio for benchmarks (`npm run seed:scale -- --policies N`), built inside the database with
 * INSERT … SELECT FROM generate_series, so a million policies load in minutes on PGlite or PostgreSQL.
 *
 * Per N policies: N/10,000 top-level agencies with two sub-agencies each, N/250 accounts, N/200 communities, N/2 units,
 * 0.8·N residents (profile, account link, T code for 70 %), N policies (every status; one resident each, a second on a
 * third of them) on the resident's unit, three tracking URLs per agency, 5·N leads with 4 events each over the last 90
 * days, and the four demo sign-ins. One transaction: all or nothing. It adds to what
 * is there (ids continue after each table's maximum).
 */
export interface ScaleOptions {
  policies: number;
  /** Called as the seed advances: the step, rows written in it so far, ms since the start. */
  onProgress?: (step: string, rows: number, elapsedMs: number) => void;
}

export type ScaleSummary = Record<"agencies" | "accounts" | "communities" | "units" | "users" | "policies" | "leads", number> & { elapsedMs: number };

/** Rows per statement for the big tables: keeps PGlite's memory flat and gives regular progress. */
const BATCH = 100_000;

/** The tables that receive hundreds of thousands of rows: their indexes and foreign keys are rebuilt once at the end. */
const BULK_TABLES = ["insurables", "users", "profiles", "account_users", "integration_profiles", "policies", "policy_users", "policy_insurables", "policy_quotes", "leads", "lead_events"];

/**
 * The triggers inserts fire that are off while loading: the search text of migration 0013 (new residents have no
 * policies before theirs), the links' customer dates of migration 0049 (the links come before their users rows: the
 * seed writes the date itself) and the leads' day statistics of migration 0042 (rebuilt once at the end).
 */
const LOAD_TRIGGERS = [
  ["users", "users_search_new"],
  ["account_users", "account_users_created_at"],
  ["policies", "policies_search_number"],
  ["policy_users", "policy_users_search_ins"],
  ["profiles", "profiles_search_ins"],
  ["integration_profiles", "integration_profiles_search_ins"],
  ["leads", "leads_day_stats_ins"],
  ["lead_events", "lead_events_day_stats_ins"],
] as const;

export function scaleShape(policies: number): ScaleShape {
  const P = Math.max(1, Math.floor(policies));
  const T = Math.max(4, Math.round(P / 10_000));
  const A = Math.max(12, Math.round(P / 250));
  const C = Math.max(A, Math.round(P / 200));
  return { P, T, G: 3 * T, A, C, U: Math.max(C, Math.round(P / 2)), N: Math.max(1, Math.round(P * 0.8)) };
}

async function maxIds(db: Db): Promise<ScaleBase> {
  const [row] = await selectRows<ScaleBase>(
    db,
    sql`SELECT (SELECT coalesce(max(id), 0) FROM agencies)::int AS agencies, (SELECT coalesce(max(id), 0) FROM accounts)::int AS accounts,
      (SELECT coalesce(max(id), 0) FROM insurables)::int AS insurables, (SELECT coalesce(max(id), 0) FROM users)::int AS users,
      (SELECT coalesce(max(id), 0) FROM policies)::int AS policies, (SELECT coalesce(max(id), 0) FROM leads)::int AS leads,
      (SELECT coalesce(max(id), 0) FROM tracking_urls)::int AS tracking_urls`,
  );
  return row;
}

/** Runs `step` over 1..total in batches, reporting after each. */
async function inBatches(total: number, report: (done: number) => void, step: (range: Range) => Promise<void>) {
  for (let from = 1; from <= total; from += BATCH) {
    const to = Math.min(total, from + BATCH - 1);
    await step({ from, to });
    report(to);
  }
}

export async function seedScale(database: Database, options: ScaleOptions): Promise<ScaleSummary> {
  const started = Date.now();
  const progress = (step: string, count = 0) => options.onProgress?.(step, count, Date.now() - started);
  const shape = scaleShape(options.policies);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const now = new Date();

  await database.db.transaction(async (tx) => {
    await ensureReferenceData(tx);
    await tx.insert(s.carriers).values(carrierRows()).onConflictDoNothing();
    const carriers = await selectRows<{ id: number; is_system: boolean }>(tx, sql`SELECT id, is_system FROM carriers WHERE integration_designation <> 'dc' ORDER BY id`);
    const base = await maxIds(tx);
    const steps = new ScaleSql(tx, shape, base, ymd(dayOf(now)), now.toISOString());

    // New policies and users are written with their search text (scale-steps.ts), so the triggers that keep it
    // (migration 0013) stay off while loading, and the leads' day statistics are rebuilt once after: with the indexes
    // deferred the triggers would look each row up without one.
    for (const [table, trigger] of LOAD_TRIGGERS) await tx.execute(sql`ALTER TABLE ${sql.identifier(table)} DISABLE TRIGGER ${sql.identifier(trigger)}`);
    await withIndexesDeferred(
      tx,
      BULK_TABLES,
      async () => {
        await steps.organisations();
        progress("organisations", shape.G + shape.A + shape.C);
        await inBatches(shape.U, (done) => progress("units", done), (range) => steps.units(range));
        await inBatches(shape.N, (done) => progress("residents", done), (range) => steps.residents(range));
        const inSystem = carriers.filter((c) => c.is_system).map((c) => c.id);
        const outside = carriers.filter((c) => !c.is_system).map((c) => c.id);
        await inBatches(shape.P, (done) => progress("policies", done), (range) => steps.policies(range, inSystem, outside));
        await inBatches(shape.N, (done) => progress("users", done), (range) => steps.users(range));
        await steps.trackingUrls();
        await inBatches(shape.P * LEADS_PER_POLICY, (done) => progress("leads", done), (range) => steps.leads(range));
      },
      () => progress("rebuilding indexes and foreign keys"),
    );
    for (const [table, trigger] of LOAD_TRIGGERS) await tx.execute(sql`ALTER TABLE ${sql.identifier(table)} ENABLE TRIGGER ${sql.identifier(trigger)}`);
    progress("leads' day statistics");
    await tx.execute(sql`SELECT lead_day_stats_rebuild()`);
    for (const table of ["agencies", "accounts", "insurables", "users", "policies", "leads", "tracking_urls"]) {
      await tx.execute(sql`SELECT setval(pg_get_serial_sequence(${table}, 'id'), (SELECT greatest(max(id), 1) FROM ${sql.identifier(table)}))`);
    }
    // The demo sign-ins: the agent owns the second top-level agency (it has sub-agencies), the staff that agency's first account.
    await ensureDemoLogins(tx, { agencyId: base.agencies + 2, accountId: base.accounts + 2, passwordHash });
  });
  // Fresh statistics, so the planner sees the real table sizes from the first query on, and the visibility map set (as
  // autovacuum leaves a settled database), so index-only scans skip deep pages without visiting the table.
  progress("analyze");
  await database.db.execute(sql`VACUUM ANALYZE`);
  progress("done");
  return { agencies: shape.G, accounts: shape.A, communities: shape.C, units: shape.U, users: shape.N, policies: shape.P, leads: shape.P * LEADS_PER_POLICY, elapsedMs: Date.now() - started };
}
