import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { DEMO_LOGINS } from "../server/db/demo-logins";
import { loadEnv } from "../server/env";
import type { Role } from "../src/domain/roles";
import { freePort, type Headers, loadKinds, nthRequest, signIn, startServer, stopServer } from "./server-child";

/**
 * `npm run load` (issue 9 section 2): starts Coverdesk in a child process on loopback with the demo portfolio
 * (PostgreSQL when DATABASE_URL is set, with SEED_DEMO=1 on an empty database; else an embedded database in a temp
 * folder), signs in the four demo roles, then drives it with autocannon for `--duration` seconds (60) over
 * `--connections` (50), every kind of request at once, each kind on its share of the connections and each request as
 * the next role that may make it. Prints requests/s, p50, p99 and errors (failed, timed out or not 2xx) per kind.
 * Only its own server is ever loaded: there is no target option, and it listens on 127.0.0.1.
 * Latencies here depend on whatever else the machine runs; `npm run bench:cpu` (bench/cpu.ts) measures the server's own
 * CPU per request of the same kinds, which does not.
 */
const arg = (name: string, fallback: number, max: number) => {
  const i = process.argv.indexOf(name);
  const value = i > 0 ? Number(process.argv[i + 1]) : fallback;
  if (!Number.isInteger(value) || value < 1 || value > max) throw new Error(`${name} must be a whole number from 1 to ${max}`);
  return value;
};
const DURATION = arg("--duration", 60, 600);
const CONNECTIONS = arg("--connections", 50, 200);
const env = loadEnv({ ...process.env, LOG_LEVEL: "silent" });

const dataDir = mkdtempSync(join(tmpdir(), "coverdesk-load-"));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
console.log(`Starting Coverdesk on ${base} (${env.DATABASE_URL ? "PostgreSQL from DATABASE_URL" : "embedded database"}, demo portfolio)…`);
const server = await startServer(port, dataDir, { databaseUrl: env.DATABASE_URL });

try {
  const sessions = {} as Record<Role, Headers>;
  for (const login of DEMO_LOGINS) sessions[login.role] = await signIn(base, login.email);
  const kinds = await loadKinds(base, sessions);
  const totalWeight = kinds.reduce((s, k) => s + k.weight, 0);
  const share = kinds.map((k) => Math.max(1, Math.round((k.weight / totalWeight) * CONNECTIONS)));
  console.log(`Loading for ${DURATION} s over ${share.reduce((a, b) => a + b, 0)} connections: ${kinds.map((k, i) => `${k.name} ${share[i]}`).join(", ")}`);

  const runs = kinds.map((kind, i) => {
    let n = 0;
    return autocannon({
      url: base,
      connections: share[i],
      duration: DURATION,
      timeout: 10,
      requests: [
        {
          setupRequest: (request) => {
            const r = nthRequest(kind, sessions, n++);
            return { ...request, method: r.method, path: r.path, headers: r.headers, body: r.body };
          },
        },
      ],
    });
  });
  const results = await Promise.all(runs);

  const pad = (s: string | number, n: number) => String(s).padStart(n);
  console.log(`\n${"kind".padEnd(18)}${pad("req/s", 9)}${pad("p50 ms", 9)}${pad("p99 ms", 9)}${pad("requests", 10)}${pad("errors", 8)}  goal p99`);
  let errorsTotal = 0;
  let missed = 0;
  results.forEach((r, i) => {
    const kind = kinds[i];
    const errors = r.errors + r.timeouts + r.non2xx;
    errorsTotal += errors;
    const met = kind.goal === undefined ? "" : r.latency.p99 <= kind.goal ? `≤ ${kind.goal} ok` : `≤ ${kind.goal} MISSED`;
    if (kind.goal !== undefined && r.latency.p99 > kind.goal) missed++;
    console.log(`${kind.name.padEnd(18)}${pad(r.requests.average.toFixed(0), 9)}${pad(r.latency.p50, 9)}${pad(r.latency.p99, 9)}${pad(r.requests.total, 10)}${pad(errors, 8)}  ${met}`);
  });
  const all = results.reduce((s, r) => s + r.requests.average, 0);
  console.log(`${"all".padEnd(18)}${pad(all.toFixed(0), 9)}${" ".repeat(18)}${pad(results.reduce((s, r) => s + r.requests.total, 0), 10)}${pad(errorsTotal, 8)}`);
  if (errorsTotal > 0 || missed > 0) process.exitCode = 1;
} finally {
  await stopServer(server);
  rmSync(dataDir, { recursive: true, force: true });
}
