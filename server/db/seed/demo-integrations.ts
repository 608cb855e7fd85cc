import { sql } from "drizzle-orm";
import { keptSecret } from "../../lib/kept-secrets";
import { encryptCredentials } from "../../integrations/credentials";
import { sandboxScenario } from "../../integrations/sandbox";
import { refreshIntegration, runSync, startRun } from "../../integrations/sync";
import { DEMO_ACCOUNT, DEMO_AGENCY } from "./demo-organisations";
import * as s from "../schema";
import type { SeedContext } from "./context";
import { at, ymd } from "./days";
import { seedRates } from "./demo-properties";
import { selectRows } from "./query";

/** The sandbox portfolios of the demo's integrations, and how many units and residents their first syncs bring. */
const DEMO_INTEGRATIONS = [
  // An account of the demo agent's agency without a master policy: Yardi, synced every night without trouble.
  { provider: "yardi" as const, url: "sandbox://lakeshore?properties=2&units=8", database: "lakeshore_live", history: 6, failing: null },
  // Another agency's account: Entrata, whose second property timed out last night (Integration Health shows it).
  { provider: "entrata" as const, url: "sandbox://riverbend?properties=2&units=4", database: "riverbend", history: 3, failing: "RIVERB-P2" },
  // The demo staff's account: Yardi, one small property, so the staff's Policy Import has an integration to pick.
  { provider: "yardi" as const, url: "sandbox://maple?properties=1&units=4", database: "maple_live", history: 4, failing: null },
];

/**
 * Demo integrations (issue 15 section 2; issue 16: the staff's own account too): three accounts connected to the sandbox provider, each with earlier nightly
 * runs (the duration trend) and last night's run done for real by the sync, so their units, leases and residents are
 * in the portfolio and one failure waits in Integration Health. Returns what the syncs added.
 */
export async function seedIntegrations(ctx: SeedContext): Promise<{ units: number; users: number }> {
  const { db, today } = ctx;
  const secret = await keptSecret(db, "integrations");
  // An account of the demo agent's agency tree without a master policy, and one of another agency.
  const [summitAccount] = await selectRows<{ id: number }>(
    db,
    sql`SELECT a.id FROM accounts a JOIN agencies g ON g.id = a.agency_id
        WHERE (g.title = ${DEMO_AGENCY} OR g.agency_id = (SELECT id FROM agencies WHERE title = ${DEMO_AGENCY}))
          AND NOT EXISTS (SELECT 1 FROM policies p WHERE p.account_id = a.id AND p.policy_type_id IN (2, 7)) ORDER BY a.id LIMIT 1`,
  );
  const [otherAccount] = await selectRows<{ id: number }>(db, sql`SELECT id FROM accounts WHERE title = 'Riverbend Realty Group'`);
  const [staffAccount] = await selectRows<{ id: number }>(db, sql`SELECT id FROM accounts WHERE title = ${DEMO_ACCOUNT}`);
  const accounts = [summitAccount, otherAccount, staffAccount];
  const made: number[] = [];
  for (const [i, demo] of DEMO_INTEGRATIONS.entries()) {
    const account = accounts[i];
    if (!account) continue;
    const [integration] = await db
      .insert(s.integrations)
      .values({
        account_id: account.id,
        provider: demo.provider,
        external_id: demo.database,
        credentials_encrypted: encryptCredentials({ url: demo.url, username: "coverdesk-sync", password: "sandbox-password", database: demo.database }, secret),
        settings: {
          renters_insurance: { enabled: true },
          billing_and_payments: { enabled: false, master_policy_charge_code: null, master_policy_gla: null },
          sync: { pull_policies: true, push_policies: false, push_master_policy_invoices: false, master_policy_charge_description: null },
        },
      })
      .returning({ id: s.integrations.id });
    made.push(integration.id);
    await refreshIntegration(db, secret, integration.id);
    // Earlier nights, for the duration trend: 01:30 in Los Angeles, a little slower each night.
    for (let n = demo.history; n >= 1; n--) {
      const started = at(today - n, 9 * 3600 + 30 * 60);
      const duration = 4_000 + ((n * 1_337) % 2_500);
      await db.insert(s.integrationSyncRuns).values({
        integration_id: integration.id,
        trigger: "nightly",
        status: "succeeded",
        started_at: started,
        heartbeat_at: new Date(started.getTime() + duration),
        finished_at: new Date(started.getTime() + duration),
        duration_ms: duration,
        skipped_count: 40 + n,
        started_by: "System",
      });
    }
    const run = await startRun(db, integration.id, "nightly", { startedBy: "System" });
    const name = new URL(demo.url.replace("sandbox://", "http://")).hostname;
    if (demo.failing) sandboxScenario(name, { timeoutProperty: demo.failing });
    try {
      await runSync(db, secret, run.id, ymd(today));
    } finally {
      sandboxScenario(name, null);
    }
  }
  if (!made.length) return { units: 0, users: 0 };
  // The communities the syncs made get the demo's rates, like every other community.
  await seedRates(ctx);
  const ids = sql.join(made.map((id) => sql`${id}`), sql`, `);
  // The residents the syncs made joined "today" at noon, so two seedings stay identical.
  await db.execute(sql`UPDATE users SET created_at = ${at(today).toISOString()}::timestamptz, updated_at = ${at(today).toISOString()}::timestamptz
    WHERE id IN (SELECT profileable_id FROM integration_profiles WHERE external_context = 'resident' AND integration_id IN (${ids}))`);
  const [counts] = await selectRows<{ units: number; users: number }>(
    db,
    sql`SELECT count(*) FILTER (WHERE external_context = 'unit')::int AS units, count(*) FILTER (WHERE external_context = 'resident')::int AS users
      FROM integration_profiles WHERE integration_id IN (${ids})`,
  );
  return counts;
}
