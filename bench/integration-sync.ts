/**
 * Benchmark (issue 15): the first sync of a sandbox portfolio of UNITS units (default 20,000, in 10 properties), then
 * the same sync again (nothing to change), on DATABASE_URL or a fresh embedded database: time and the process's
 * peak memory. `npx tsx bench/integration-sync.ts [units]`.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { openPglite, openPostgres } from "../server/db/client";
import { migrate } from "../server/db/migrate";
import { ensureReferenceData } from "../server/db/reference-data";
import { accounts, agencies, integrations } from "../server/db/schema";
import { queryRows } from "../server/lib/list";
import { encryptCredentials } from "../server/integrations/credentials";
import { refreshIntegration, runSync, startRun } from "../server/integrations/sync";

const units = Number(process.argv[2] ?? 20_000);
const properties = 10;
const database = process.env.DATABASE_URL ? openPostgres(process.env.DATABASE_URL) : await openPglite(mkdtempSync(join(tmpdir(), "coverdesk-bench-sync-")));
await migrate(database);
await ensureReferenceData(database.db);
const db = database.db;
const secret = "bench-secret-0123456789";
const [agency] = await db.insert(agencies).values({ title: `Bench agency ${Date.now()}` }).returning();
const [account] = await db.insert(accounts).values({ title: `Bench account ${Date.now()}`, agency_id: agency.id }).returning();
const url = `sandbox://bench${Date.now() % 100000}?properties=${properties}&units=${Math.ceil(units / properties)}`;
const [integration] = await db
  .insert(integrations)
  .values({
    account_id: account.id,
    provider: "yardi",
    external_id: "bench",
    credentials_encrypted: encryptCredentials({ url, username: "bench", password: "bench", database: "bench" }, secret),
    settings: { renters_insurance: { enabled: true }, billing_and_payments: { enabled: false, master_policy_charge_code: null, master_policy_gla: null }, sync: { pull_policies: true, push_policies: false, push_master_policy_invoices: false, master_policy_charge_description: null } },
  })
  .returning();
await refreshIntegration(db, secret, integration.id);

let peak = process.memoryUsage().rss;
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 100);
for (const label of ["first sync", "second sync (no change)"]) {
  const run = await startRun(db, integration.id, "manual");
  const started = performance.now();
  const ended = await runSync(db, secret, run.id);
  const ms = performance.now() - started;
  console.log(`${label}: ${(ms / 1000).toFixed(1)} s, ${ended.created_count} created, ${ended.updated_count} updated, ${ended.skipped_count} unchanged, ${ended.error_count} errors, peak RSS ${(peak / 2 ** 20).toFixed(0)} MB`);
}
clearInterval(sampler);
const [counts] = await queryRows<{ units: number }>(db, sql`SELECT count(*)::int AS units FROM insurables WHERE account_id = ${account.id} AND insurable_type_id = 4`);
console.log(`${database.kind}: ${counts.units} units in the account`);
await database.close();
