import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import type { AddressInfo } from "node:net";
import { buildApp } from "../server/app";
import { localFileStore } from "../server/files/store";
import { DEMO_LOGINS } from "../server/db/demo-logins";
import { migrate } from "../server/db/migrate";
import { seedScale } from "../server/db/seed/scale";
import { loadEnv } from "../server/env";
import { ApiClient } from "./client";
import { benchPolicies } from "./policies";
import { benchReview } from "./review";
import { openScratchDatabase } from "./database";
import { type Measurement, formatTable, measure } from "./measure";

/**
 * `npm run bench [-- --policies 100000 --requests 200]`: seeds a scale portfolio into a throwaway database
 * (embedded, or a scratch database on DATABASE_URL's server), serves the API on 127.0.0.1, and times over real HTTP
 * the Users list (first page, a page deep in the list, a name search, an agent's scoped page), sign-in +
 * validate_token, the policies list (no filter, status + agency, number and name contains-searches), the policy
 * detail and a 100,000-row CSV export (bench/policies.ts), then the DMR list and Policy Review queue over 100,000 items,
 * a 10 MB PDF upload and assisted extraction (bench/review.ts). Prints median and p95 per call, the seed time and memory, and writes bench/results/latest.json.
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

/** Per measurement: stop after this long even if fewer requests were timed (a deep page at 1M policies is slow). */
const BUDGET_MS = 60_000;
/** Names to search for: common, rare and absent, so the search does not always hit the same cached rows. */
const SEARCHES = ["smith", "garcia", "nguyen", "o'brien", "okafor", "zzzz"];
const mb = (bytes: number) => Math.round(bytes / 1048576);

/** `--only users|policies|review`: one part of the bench, to re-measure a change without the rest. */
const PARTS = ["users", "policies", "review"] as const;
const onlyAt = process.argv.indexOf("--only");
const only = onlyAt > 0 ? process.argv[onlyAt + 1] : undefined;
if (only !== undefined && !(PARTS as readonly string[]).includes(only)) {
  console.error(`--only must be one of ${PARTS.join(", ")}`);
  process.exit(2);
}
const part = (name: (typeof PARTS)[number]) => only === undefined || only === name;

const policies = flag("--policies", 100_000);
const requests = flag("--requests", 200);
const env = loadEnv({ ...process.env, NODE_ENV: "production", LOG_LEVEL: "silent" });
const scratch = await openScratchDatabase(env.DATABASE_URL);
const { database } = scratch;
try {
  console.log(`Database: ${scratch.where}`);
  await migrate(database);
  console.log(`Seeding ${policies.toLocaleString("en-US")} policies…`);
  const seed = await seedScale(database, {
    policies,
    onProgress: (step, rows, ms) => console.log(`  ${(ms / 1000).toFixed(1).padStart(7)} s  ${step}${rows ? ` ${rows.toLocaleString("en-US")}` : ""}`),
  });
  const rssAfterSeed = process.memoryUsage().rss;

  // Uploads land in a throwaway folder, not in the product's data.
  const app = await buildApp({ database, env, files: localFileStore(mkdtempSync(join(tmpdir(), "coverdesk-bench-files-"))) });
  await app.listen({ host: "127.0.0.1", port: 0 });
  const api = new ApiClient(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`);
  const email = (role: string) => DEMO_LOGINS.find((l) => l.role === role)!.email;
  try {
    const admin = await api.signIn(email("super_admin"));
    const agent = await api.signIn(email("agent"));
    const list = "/v2/staff_super_admin/users?pagination[per]=50";
    const total = Number((await api.get(`${list}&pagination[page]=1`, admin)).get("total-entries"));
    const deepPage = Math.max(1, Math.floor(total / 50 / 2));
    console.log(`\nTiming (${requests} requests each, at most ${BUDGET_MS / 1000} s per measure); users in the list: ${total.toLocaleString("en-US")}`);

    const results: Measurement[] = [];
    const run = async (name: string, once: (i: number) => Promise<unknown>) => {
      const result = await measure(name, requests, BUDGET_MS, async (i) => void (await once(i)));
      console.log(`  ${name}: median ${result.median_ms} ms, p95 ${result.p95_ms} ms (n=${result.n})`);
      results.push(result);
    };
    if (part("users")) {
      await run("users list, page 1 (super_admin)", () => api.get(`${list}&pagination[page]=1`, admin));
      await run(`users list, page ${deepPage} (super_admin)`, () => api.get(`${list}&pagination[page]=${deepPage}`, admin));
      await run("users list, name search (super_admin)", (i) =>
        api.get(`${list}&pagination[page]=1&filter[profile][full_name][like]=${encodeURIComponent(SEARCHES[i % SEARCHES.length])}`, admin),
      );
      await run("users list, page 1 (agent, own agency tree)", () => api.get("/v2/staff_agency/users?pagination[page]=1&pagination[per]=50", agent));
      // Sign-in is throttled after failures only; each session is signed out (untimed) so sessions do not pile up.
      const sessions: Awaited<ReturnType<ApiClient["signIn"]>>[] = [];
      await run("sign-in", async () => sessions.push(await api.signIn(email("staff"))));
      await run("validate_token", (i) => api.get("/v2/staff/auth/validate_token", sessions[i % sessions.length]));
      await run("sign-in + validate_token", async () => {
        const auth = await api.signIn(email("staff"));
        await api.get("/v2/staff/auth/validate_token", auth);
        sessions.push(auth);
      });
      for (const auth of sessions) await api.signOut(auth);
    }

    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const policyExport = part("policies") ? await benchPolicies({ app, api, base, admin, run, exportRows: 100_000 }) : undefined;
    if (policyExport) console.log(`  policies CSV export: ${policyExport.rows.toLocaleString("en-US")} rows in ${policyExport.seconds} s, RSS ${policyExport.rss_before_mb} → peak ${policyExport.peak_rss_mb} MB`);

    const review = part("review") ? await benchReview({ db: database.db, base, admin, run }) : undefined;

    const memory = { rss_after_seed_mb: mb(rssAfterSeed), rss_end_mb: mb(process.memoryUsage().rss), max_rss_mb: Math.round(process.resourceUsage().maxRSS / 1024) };
    console.log(`\n${formatTable(results)}\n`);
    console.log(`seed: ${(seed.elapsedMs / 1000).toFixed(1)} s for ${policies.toLocaleString("en-US")} policies (${database.kind})`);
    console.log(`memory (this process${database.kind === "pglite" ? ", database included" : ""}): RSS ${memory.rss_after_seed_mb} MB after seeding, ${memory.rss_end_mb} MB at the end, peak ${memory.max_rss_mb} MB`);

    const { elapsedMs, ...counts } = seed;
    const seedSeconds = Math.round(elapsedMs / 100) / 10;
    const dir = join(import.meta.dirname, "results");
    mkdirSync(dir, { recursive: true });
    const report = {
      finished_at: new Date().toISOString(),
      machine: { node: process.version, cpus: cpus().length, cpu: cpus()[0]?.model },
      database: database.kind,
      policies,
      requests,
      only: only ?? "all",
      seed: { seconds: seedSeconds, ...counts },
      users_in_list: total,
      policy_export: policyExport,
      review,
      memory,
      results,
    };
    writeFileSync(join(dir, "latest.json"), `${JSON.stringify(report, null, 2)}\n`);
    console.log(`written: bench/results/latest.json`);
  } finally {
    await app.close();
  }
} finally {
  await scratch.dispose();
}
