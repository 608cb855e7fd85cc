import { execSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { buildApp } from "../server/app";
import { localFileStore } from "../server/files/store";
import { DEMO_LOGINS } from "../server/db/demo-logins";
import { migrate } from "../server/db/migrate";
import { seedScale } from "../server/db/seed/scale";
import { leadEventsChanged } from "../server/routes/leads/leads.stats";
import { selectRows } from "../server/db/seed/query";
import { loadEnv } from "../server/env";
import { measureBundle } from "./bundle";
import { ApiClient } from "./client";
import { benchLeads, benchLists } from "./lists";
import { benchProperties } from "./properties";
import { benchPolicies } from "./policies";
import { benchReview } from "./review";
import { benchPalette } from "./palette";
import { benchDashboards } from "./dashboards";
import { openScratchDatabase } from "./database";
import { benchPropertyImport, describePropertyImport } from "./property-import";
import { type Goal, type Measurement, formatTable, measure } from "./measure";

/**
 * `npm run bench [-- --policies 100000 --requests 200 --only <part> --keep <db>]`: seeds a scale portfolio into a
 * throwaway database (embedded, or a scratch database on DATABASE_URL's server; `--keep` names one to reuse, seeded only
 * while empty), serves the API and the built console on 127.0.0.1, and times over real HTTP every goal of issue 11:
 *
 * - `users`: the Users list's first and a deep page, sign-in and validate_token;
 * - `lists`: page 1 of every list for super admin, agent and staff, unfiltered and with each real filter; page 2,000
 *   and the last page; contains-searches on customer name, email, policy number and T code (common, rare, absent);
 * - `leads`: only the landing page's leads grid and 30-day statistics per role (part of `lists` too);
 * - `properties`: the units grid page 1 and its title search (common, rare, absent), communities, top_available, per role;
 * - `palette`: the command palette's search (issue 17 section 6) per role, with common, rare and absent terms;
 * - `policies`: the policy detail and the CSV export of every policy (time, RSS growth, the file against the grid);
 * - `review`: the DMR list (page 1, 2,000, last, search) and the Policy Review queue (page 1, search); a 10 MB upload;
 *   assisted extraction;
 * - `dashboards`: the policies dashboard's totals and graphs (30 and 365 days, super admin and agent); a snapshot night;
 * - `browser`: rows on screen after clicking a menu entry, in Chromium; `bundle`: the console's initial JavaScript;
 * - `imports` (only when named in `--only`): Add a Property's file import of `--import-rows` (10,000) rows over
 *   `--import-communities` (100) communities through the pg-boss job, goal ≤ 30 s (issue 14; bench/property-import.ts).
 *   It runs on its own throwaway database (never the `--keep` one, which it would fill), and with `--only imports`
 *   alone nothing is seeded; its figures go to bench/results/property-import.json.
 *
 * Prints median and p95 per call and the goals table, and writes bench/results/latest.json.
 */
function flag(name: string, fallback: number): number {
  const i = process.argv.indexOf(name);
  const value = i > 0 ? Number(process.argv[i + 1]) : fallback;
  if (!Number.isInteger(value) || value < 1) {
    console.error(`${name} must be a positive whole number`);
    process.exit(2);
  }
  return value;
}
const option = (name: string) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};

/** Per measurement: stop after this long even if fewer requests were timed (a slow call at a large scale). */
const BUDGET_MS = 60_000;
const mb = (bytes: number) => Math.round(bytes / 1048576);

const PARTS = ["users", "lists", "leads", "properties", "palette", "policies", "review", "dashboards", "browser", "bundle", "imports"] as const;
const only = option("--only")?.split(",");
if (only?.some((p) => !(PARTS as readonly string[]).includes(p))) {
  console.error(`--only must be one or more of ${PARTS.join(", ")} (comma-separated)`);
  process.exit(2);
}
/** The import part writes 10,000 properties: it runs only when named. */
const part = (name: (typeof PARTS)[number]) => (only === undefined ? name !== "imports" : only.includes(name));

/** The goals of issue 11, and the p95 each group of measurements is held to (PostgreSQL; PGlite list pages: 60 ms). */
const GOALS: Record<Exclude<Goal, "other">, { label: string; postgres: number; pglite: number }> = {
  list_page1: { label: "every list page 1, unfiltered and with each real filter, each role", postgres: 25, pglite: 60 },
  deep_page: { label: "deep pages (page 2,000 and the last page)", postgres: 50, pglite: 50 },
  search: { label: "contains-search on customer name, email, policy number, T code", postgres: 50, pglite: 50 },
  review: { label: "Policy Review queue page 1 and search; DMR page 1, deep page, search", postgres: 50, pglite: 50 },
  leads_stats: { label: "leads dashboard statistics over 30 days, uncached, each role (issue 12)", postgres: 150, pglite: 500 },
  dashboard: { label: "policies dashboard totals and graphs, 30 and 365 days, super admin and agent (issue 16)", postgres: 150, pglite: 500 },
};

const policies = flag("--policies", 100_000);
const requests = flag("--requests", 200);
// The dashboard's numbers are measured computed, not answered from its short-lived cache (DASHBOARD_CACHE_SECONDS).
const env = loadEnv({ DASHBOARD_CACHE_SECONDS: "0", ...process.env, NODE_ENV: "production", LOG_LEVEL: "silent" });

if (part("imports")) {
  const figures = await benchPropertyImport(env.DATABASE_URL, flag("--import-rows", 10_000), flag("--import-communities", 100));
  for (const line of describePropertyImport(figures)) console.log(line);
  const dir = join(import.meta.dirname, "results");
  mkdirSync(dir, { recursive: true });
  const report = { finished_at: new Date().toISOString(), machine: { node: process.version, cpus: cpus().length, cpu: cpus()[0]?.model }, goal_seconds: 30, ...figures };
  writeFileSync(join(dir, "property-import.json"), `${JSON.stringify(report, null, 2)}\n`);
  console.log("written: bench/results/property-import.json");
  // Nothing else asked: no scale seed, no server.
  if (only!.length === 1) process.exit(0);
}
const scratch = await openScratchDatabase(env.DATABASE_URL, option("--keep"));
const { database } = scratch;
try {
  console.log(`Database: ${scratch.where}`);
  await migrate(database);
  const [{ n: present }] = await selectRows<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM policies`);
  let seed: { elapsedMs: number } & Record<string, number> = { elapsedMs: 0 };
  if (present === 0) {
    console.log(`Seeding ${policies.toLocaleString("en-US")} policies…`);
    seed = await seedScale(database, {
      policies,
      onProgress: (step, rows, ms) => console.log(`  ${(ms / 1000).toFixed(1).padStart(7)} s  ${step}${rows ? ` ${rows.toLocaleString("en-US")}` : ""}`),
    });
  } else {
    console.log(`Kept database: ${present.toLocaleString("en-US")} policies already there, not seeding.`);
  }
  const rssAfterSeed = process.memoryUsage().rss;

  if ((part("browser") || part("bundle")) && !existsSync(join(env.STATIC_DIR, "index.html"))) {
    console.log("Building the console (vite build)…");
    execSync("npx vite build", { stdio: "inherit" });
  }
  // Uploads land in a throwaway folder, not in the product's data.
  const app = await buildApp({ database, env, files: localFileStore(mkdtempSync(join(tmpdir(), "coverdesk-bench-files-"))) });
  await app.listen({ host: "127.0.0.1", port: 0 });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const api = new ApiClient(base);
  const email = (role: string) => DEMO_LOGINS.find((l) => l.role === role)!.email;
  try {
    const admin = await api.signIn(email("super_admin"));
    const agent = await api.signIn(email("agent"));
    const staff = await api.signIn(email("staff"));
    console.log(`\nTiming (${requests} requests each, at most ${BUDGET_MS / 1000} s per measure)`);

    const results: Measurement[] = [];
    const run = async (goal: Goal, name: string, once: (i: number) => Promise<unknown>) => {
      const result = await measure(goal, name, requests, BUDGET_MS, async (i) => void (await once(i)));
      console.log(`  ${name}: median ${result.median_ms} ms, p95 ${result.p95_ms} ms (n=${result.n})`);
      results.push(result);
    };
    if (part("users")) {
      const list = "/v2/staff_super_admin/users?pagination[per]=50";
      const total = Number((await api.get(`${list}&pagination[page]=1`, admin)).get("total-entries"));
      const deepPage = Math.max(1, Math.floor(total / 50 / 2));
      await run("list_page1", "users list, page 1 (super_admin)", () => api.get(`${list}&pagination[page]=1`, admin));
      await run("deep_page", `users list, page ${deepPage} (super_admin)`, () => api.get(`${list}&pagination[page]=${deepPage}`, admin));
      await run("list_page1", "users list, page 1 (agent, own agency tree)", () => api.get("/v2/staff_agency/users?pagination[page]=1&pagination[per]=50", agent));
      // Sign-in is throttled after failures only; each session is signed out (untimed) so sessions do not pile up.
      const sessions: Awaited<ReturnType<ApiClient["signIn"]>>[] = [];
      await run("other", "sign-in", async () => sessions.push(await api.signIn(email("staff"))));
      await run("other", "validate_token", (i) => api.get("/v2/staff/auth/validate_token", sessions[i % sessions.length]));
      for (const auth of sessions) await api.signOut(auth);
    }

    if (part("lists")) {
      // Ids in each caller's reach: the agent's agency and a sub-agency, the staff's account, a carrier in use.
      const [ids] = await selectRows<{ agencyId: number; subAgencyId: number; staffAccountId: number; carrierId: number }>(
        database.db,
        sql`SELECT a.organizable_id AS "agencyId", (SELECT min(id) FROM agencies WHERE agency_id = a.organizable_id) AS "subAgencyId",
          s.organizable_id AS "staffAccountId", (SELECT carrier_id FROM policies WHERE carrier_id IS NOT NULL ORDER BY id LIMIT 1) AS "carrierId"
          FROM staffs a, staffs s WHERE a.email = ${email("agent")} AND s.email = ${email("staff")}`,
      );
      await benchLists({ base, run, auth: { super_admin: admin, agent, staff }, forgetStats: () => leadEventsChanged(app.db), ids: { ...ids, accountId: ids.staffAccountId } });
    } else if (part("leads")) {
      await benchLeads({ base, run, auth: { super_admin: admin, agent, staff }, forgetStats: () => leadEventsChanged(app.db) });
    }

    if (part("properties")) await benchProperties({ base, run, auth: { super_admin: admin, agent, staff } });
    if (part("palette")) await benchPalette({ base, run, auth: { super_admin: admin, agent, staff } });

    const policyExport = part("policies") ? await benchPolicies({ app, api, base, admin, run, exportAll: true }) : undefined;
    if (policyExport) {
      console.log(
        `  policies CSV export: ${policyExport.rows.toLocaleString("en-US")} rows in ${policyExport.seconds} s, RSS ${policyExport.rss_before_mb} → peak ${policyExport.peak_rss_mb} MB (+${policyExport.rss_growth_mb} MB); file = grid: ${policyExport.same_rows_and_order_as_grid}`,
      );
    }

    const review = part("review") ? await benchReview({ db: database.db, base, admin, run }) : undefined;
    const dashboards = part("dashboards") ? await benchDashboards({ db: database.db, api, run, auth: { super_admin: admin, agent } }) : undefined;
    const bundle = part("bundle") || part("browser") ? measureBundle(env.STATIC_DIR) : null;
    if (bundle) console.log(`  console initial JavaScript: ${bundle.initial_gzip_kb} KB gzipped (${bundle.initial_kb} KB, ${bundle.initial_files} files); ${bundle.on_demand_chunks} chunks on demand`);
    // Screens with nothing to list (a DMR queue without files before the review part ran) are left out.
    const [{ files }] = await selectRows<{ files: number }>(database.db, sql`SELECT count(*)::int AS files FROM checked_files WHERE NOT processed`);
    // Chromium (playwright-core) is loaded only for the browser part: the database parts run without it.
    const browser = part("browser") ? await (await import("./browser")).benchBrowser(base, { skip: files ? [] : ["/dashboard/dmr"] }) : undefined;

    const memory = { rss_after_seed_mb: mb(rssAfterSeed), rss_end_mb: mb(process.memoryUsage().rss), max_rss_mb: Math.round(process.resourceUsage().maxRSS / 1024) };
    console.log(`\n${formatTable(results)}\n`);

    // The goals table of issue 11: the worst p95 of each group against its limit.
    const kind = database.kind;
    const goals = Object.entries(GOALS).map(([goal, g]) => {
      const group = results.filter((r) => r.goal === goal);
      const worst = group.reduce<Measurement | undefined>((w, r) => (!w || r.p95_ms > w.p95_ms ? r : w), undefined);
      const limit = kind === "postgres" ? g.postgres : g.pglite;
      return { goal: g.label, limit_p95_ms: limit, worst_p95_ms: worst?.p95_ms ?? null, worst: worst?.name ?? null, met: worst ? worst.p95_ms <= limit : null, over_limit: group.filter((r) => r.p95_ms > limit).map((r) => `${r.name}: ${r.p95_ms} ms`) };
    });
    if (policyExport) goals.push({ goal: `CSV export of ${policyExport.rows.toLocaleString("en-US")} rows ≤ 60 s, RSS growth ≤ 200 MB, file = grid`, limit_p95_ms: 0, worst_p95_ms: null, worst: `${policyExport.seconds} s, +${policyExport.rss_growth_mb} MB, identical: ${policyExport.same_rows_and_order_as_grid}`, met: policyExport.seconds <= 60 && policyExport.rss_growth_mb <= 200 && policyExport.same_rows_and_order_as_grid, over_limit: [] });
    if (bundle) goals.push({ goal: "console initial JavaScript ≤ 350 KB gzipped", limit_p95_ms: 0, worst_p95_ms: null, worst: `${bundle.initial_gzip_kb} KB`, met: bundle.initial_gzip_kb <= 350, over_limit: [] });
    if (browser) goals.push({ goal: "rows on screen after clicking a menu entry ≤ 1 s p95", limit_p95_ms: 1000, worst_p95_ms: browser.worst_p95_ms, worst: `all clicks p95 ${browser.p95_ms} ms`, met: browser.worst_p95_ms <= 1000, over_limit: browser.entries.filter((e) => e.p95_ms > 1000).map((e) => `${e.entry}: ${e.p95_ms} ms`) });
    console.log("Goals (issue 11):");
    for (const g of goals) console.log(`  ${g.met === null ? "–" : g.met ? "met    " : "NOT MET"}  ${g.goal}: ${g.worst_p95_ms !== null ? `worst p95 ${g.worst_p95_ms} ms (${g.worst})` : g.worst ?? "not measured"}`);

    if (seed.elapsedMs) console.log(`\nseed: ${(seed.elapsedMs / 1000).toFixed(1)} s for ${policies.toLocaleString("en-US")} policies (${kind})`);
    console.log(`memory (this process${kind === "pglite" ? ", database included" : ""}): RSS ${memory.rss_after_seed_mb} MB after seeding, ${memory.rss_end_mb} MB at the end, peak ${memory.max_rss_mb} MB`);

    const { elapsedMs, ...counts } = seed;
    const dir = join(import.meta.dirname, "results");
    mkdirSync(dir, { recursive: true });
    const report = {
      finished_at: new Date().toISOString(),
      machine: { node: process.version, cpus: cpus().length, cpu: cpus()[0]?.model },
      database: kind,
      policies: present || policies,
      requests,
      only: only?.join(",") ?? "all",
      seed: elapsedMs ? { seconds: Math.round(elapsedMs / 100) / 10, ...counts } : "kept database",
      goals,
      policy_export: policyExport,
      review,
      dashboards,
      bundle,
      browser,
      memory,
      results,
    };
    const out = option("--out") ?? "latest.json";
    writeFileSync(join(dir, out), `${JSON.stringify(report, null, 2)}\n`);
    console.log(`written: bench/results/${out}`);
  } finally {
    await app.close();
  }
} finally {
  await scratch.dispose();
}
