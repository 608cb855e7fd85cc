import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { Agent, request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import pg from "pg";
import { DEMO_LOGINS } from "../server/db/demo-logins";
import { loadEnv } from "../server/env";
import type { Role } from "../src/domain/roles";
import { freePort, type Headers, type Kind, loadKinds, nthRequest, signIn, startServer, stopServer } from "./server-child";

/**
 * `npm run bench:cpu [-- --requests 400 --concurrency 4 --profile --top 15 --only "policy detail" --checkout <dir>]`: the server's own
 * CPU time per request, for each kind of request of `npm run load` (bench/server-child.ts), one kind at a time.
 *
 * Latency under load depends on everything else the machine runs; CPU time spent by the server process does not (much),
 * so this is the figure to compare before and after a change on a shared machine. It starts the server as a child
 * (same database rules as `npm run load`: PostgreSQL when DATABASE_URL is set, seeded with the demo when empty), drives
 * `--warmup` untimed then `--requests` requests of each kind over `--concurrency` keep-alive connections without
 * Accept-Encoding (as autocannon does), and reads the child's user+system CPU from /proc (all its threads: zlib and
 * argon2 run off the main thread) before and after. The child's idle CPU (pg-boss polling, timers) is measured first and
 * subtracted. Prints CPU ms per request (and the kernel's part of it: socket writes and reads), the CPU of the database's
 * backends per request when it runs on this machine (PostgreSQL shares the cores), and the wall time per kind.
 *
 * `--profile` also runs the child with `--cpu-prof` and prints, per kind, the functions with the most self time in the
 * samples taken while that kind ran (main thread only), and the same grouped by package. The profiler stamps samples by
 * wall time, so on a busy machine time spent waiting for a core inflates whatever ran (`writev` above all): read its
 * shares, and the /proc figures for amounts. `--checkout <dir>` runs the server of another checkout (e.g. one of main,
 * with node_modules linked) to compare a change with what it replaces. Linux only (/proc).
 */
const args = process.argv.slice(2);
const numberArg = (name: string, fallback: number, max: number) => {
  const i = args.indexOf(name);
  const value = i >= 0 ? Number(args[i + 1]) : fallback;
  if (!Number.isInteger(value) || value < 1 || value > max) throw new Error(`${name} must be a whole number from 1 to ${max}`);
  return value;
};
const REQUESTS = numberArg("--requests", 400, 100_000);
const WARMUP = numberArg("--warmup", 150, 100_000);
const CONCURRENCY = numberArg("--concurrency", 4, 64);
const TOP = numberArg("--top", 15, 200);
const PROFILE = args.includes("--profile");
const onlyAt = args.indexOf("--only");
const ONLY = onlyAt >= 0 ? args[onlyAt + 1] : undefined;
const checkoutAt = args.indexOf("--checkout");
const CHECKOUT = checkoutAt >= 0 ? args[checkoutAt + 1] : undefined;
const env = loadEnv({ ...process.env, LOG_LEVEL: "silent" });

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/** User and system CPU of a process and all its threads, in ms (fields 14 and 15 of /proc/<pid>/stat). */
function processCpu(pid: number): { user: number; system: number } {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return { user: (Number(fields[11]) * 1000) / TICKS_PER_SECOND, system: (Number(fields[12]) * 1000) / TICKS_PER_SECOND };
}
const processCpuMs = (pid: number) => {
  const cpu = processCpu(pid);
  return cpu.user + cpu.system;
};

/**
 * The CPU of the PostgreSQL backends serving this database (a local server only: their /proc entries must be
 * readable), in ms by pid: the planning and executing the server asks of the database, which shares the machine.
 * A backend that appears while a kind runs counts from zero; one that ends is lost (rare: the pool keeps its own).
 */
async function databaseCpu(client: pg.Client | undefined): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  if (!client) return out;
  const { rows } = await client.query<{ pid: number }>("SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()");
  for (const { pid } of rows) {
    try {
      out.set(pid, processCpuMs(pid));
    } catch {
      // gone meanwhile, or not on this machine
    }
  }
  return out;
}
const databaseCpuSince = (before: Map<number, number>, after: Map<number, number>) =>
  [...after].reduce((sum, [pid, ms]) => sum + ms - (before.get(pid) ?? 0), 0);

/** Monotonic microseconds: the clock V8's profiler stamps samples with (CLOCK_MONOTONIC on Linux). */
const nowMicros = () => Number(process.hrtime.bigint() / 1000n);

async function drive(base: string, kind: Kind, sessions: Record<Role, Headers>, from: number, count: number): Promise<void> {
  const url = new URL(base);
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  let next = from;
  const end = from + count;
  const one = (n: number) =>
    new Promise<void>((resolve, reject) => {
      const r = nthRequest(kind, sessions, n);
      const req = httpRequest({ host: url.hostname, port: url.port, method: r.method, path: r.path, headers: r.headers, agent }, (res) => {
        res.resume();
        res.on("end", () => (res.statusCode! < 300 ? resolve() : reject(new Error(`${kind.name}: ${r.method} ${r.path} answered ${res.statusCode}`))));
      });
      req.on("error", reject);
      req.end(r.body);
    });
  const worker = async () => {
    while (next < end) await one(next++);
  };
  try {
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  } finally {
    agent.destroy();
  }
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

const root = process.cwd();
function where(url: string): string {
  if (!url) return "";
  const path = url.startsWith("file://") ? decodeURIComponent(new URL(url).pathname) : url;
  return path.startsWith(root) ? relative(root, path) : path;
}
/** node_modules/<package>, our own folder (server/lib…), node's internals, or V8's own entries ((garbage collector)…). */
function packageOf(frame: ProfileNode["callFrame"]): string {
  const path = where(frame.url);
  if (!path) return frame.functionName.startsWith("(") ? frame.functionName : "(native)";
  const module = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path);
  if (module) return module[1];
  if (path.startsWith("node:")) return "node:" + path.slice(5).split("/")[0];
  return path.split("/").slice(0, 2).join("/");
}

function summarise(profile: Profile, windows: Array<{ name: string; from: number; to: number; requests: number }>) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  let t = profile.startTime;
  const stamps = profile.timeDeltas.map((d) => (t += d));
  for (const w of windows) {
    const self = new Map<string, number>();
    const packages = new Map<string, number>();
    let total = 0;
    profile.samples.forEach((id, i) => {
      if (stamps[i] < w.from || stamps[i] > w.to) return;
      const frame = byId.get(id)!.callFrame;
      // A sample's weight is the time until the next one.
      const weight = (stamps[i + 1] ?? stamps[i]) - stamps[i];
      if (frame.functionName === "(idle)") return;
      total += weight;
      const key = `${frame.functionName || "(anonymous)"} ${where(frame.url)}${frame.url ? `:${frame.lineNumber + 1}` : ""}`;
      self.set(key, (self.get(key) ?? 0) + weight);
      const pkg = packageOf(frame);
      packages.set(pkg, (packages.get(pkg) ?? 0) + weight);
    });
    const perRequest = (us: number) => (us / 1000 / w.requests).toFixed(3);
    console.log(`\n## ${w.name}: ${perRequest(total)} ms of main-thread samples per request`);
    const top = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]).slice(0, TOP);
    console.log("  by package (ms/request, share):");
    for (const [k, v] of top(packages)) console.log(`    ${perRequest(v).padStart(7)}  ${((100 * v) / total).toFixed(1).padStart(5)}%  ${k}`);
    console.log("  top self time (ms/request, share):");
    for (const [k, v] of top(self)) console.log(`    ${perRequest(v).padStart(7)}  ${((100 * v) / total).toFixed(1).padStart(5)}%  ${k}`);
  }
}

const dataDir = mkdtempSync(join(tmpdir(), "coverdesk-cpu-"));
const profileDir = mkdtempSync(join(tmpdir(), "coverdesk-cpu-profile-"));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
console.log(`Starting Coverdesk on ${base} (${env.DATABASE_URL ? "PostgreSQL from DATABASE_URL" : "embedded database"}, demo portfolio)…`);
const server = await startServer(port, dataDir, {
  databaseUrl: env.DATABASE_URL,
  nodeArgs: PROFILE ? ["--cpu-prof", "--cpu-prof-dir", profileDir] : [],
  checkout: CHECKOUT,
});
const windows: Array<{ name: string; from: number; to: number; requests: number }> = [];
// Only a database on this machine has backends whose CPU can be read.
const localDatabase = env.DATABASE_URL && ["127.0.0.1", "localhost", "::1"].includes(new URL(env.DATABASE_URL).hostname);
const database = localDatabase ? new pg.Client({ connectionString: env.DATABASE_URL }) : undefined;
await database?.connect();
try {
  const sessions = {} as Record<Role, Headers>;
  for (const login of DEMO_LOGINS) sessions[login.role] = await signIn(base, login.email);
  const kinds = (await loadKinds(base, sessions)).filter((k) => !ONLY || k.name === ONLY);
  if (kinds.length === 0) throw new Error(`no kind named ${ONLY}`);

  // What the server and its database spend doing nothing (job polling, timers), subtracted from every kind's figure.
  const idleFrom = processCpuMs(server.pid!);
  const idleDatabase = await databaseCpu(database);
  const idleStart = performance.now();
  await new Promise((r) => setTimeout(r, 3000));
  const idleMs = performance.now() - idleStart;
  const idlePerMs = (processCpuMs(server.pid!) - idleFrom) / idleMs;
  const idleDatabasePerMs = databaseCpuSince(idleDatabase, await databaseCpu(database)) / idleMs;

  console.log(`\n${REQUESTS} requests per kind (after ${WARMUP} untimed), ${CONCURRENCY} at a time; idle ${(idlePerMs * 1000).toFixed(0)} ms CPU/s subtracted`);
  console.log(`${"kind".padEnd(18)}${"CPU ms/req".padStart(12)}${"of it sys".padStart(11)}${"database".padStart(10)}${"wall ms/req".padStart(13)}`);
  for (const kind of kinds) {
    await drive(base, kind, sessions, 0, WARMUP);
    const cpuFrom = processCpu(server.pid!);
    const databaseFrom = await databaseCpu(database);
    const from = nowMicros();
    const started = performance.now();
    await drive(base, kind, sessions, WARMUP, REQUESTS);
    const elapsed = performance.now() - started;
    const cpuTo = processCpu(server.pid!);
    const databaseMs = databaseCpuSince(databaseFrom, await databaseCpu(database)) - idleDatabasePerMs * elapsed;
    // The idle rate is taken off user time (it is JavaScript: timers and job polling).
    const user = cpuTo.user - cpuFrom.user - idlePerMs * elapsed;
    const system = cpuTo.system - cpuFrom.system;
    windows.push({ name: kind.name, from, to: nowMicros(), requests: REQUESTS });
    const perRequest = (ms: number, width: number) => (ms / REQUESTS).toFixed(2).padStart(width);
    console.log(
      `${kind.name.padEnd(18)}${perRequest(user + system, 12)}${perRequest(system, 11)}${database ? perRequest(databaseMs, 10) : "-".padStart(10)}${((elapsed * CONCURRENCY) / REQUESTS).toFixed(2).padStart(13)}`,
    );
  }
} finally {
  await database?.end();
  await stopServer(server);
  rmSync(dataDir, { recursive: true, force: true });
}
if (PROFILE) {
  // CPU.<date>.<time>.<pid>.<thread>.<seq>.cpuprofile: thread 0 is the main one (tsx's module loader has its own).
  const file = readdirSync(profileDir).find((f) => /\.\d+\.0\.\d+\.cpuprofile$/.test(f));
  if (!file) throw new Error("the server wrote no CPU profile");
  summarise(JSON.parse(readFileSync(join(profileDir, file), "utf8")) as Profile, windows);
  writeFileSync(join(profileDir, "windows.json"), JSON.stringify(windows));
  console.log(`\nProfile: ${join(profileDir, file)} (open in Chrome DevTools, Performance tab)`);
}
