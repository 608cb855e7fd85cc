import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { DEMO_LOGINS, DEMO_PASSWORD } from "../server/db/demo-logins";
import { loadEnv } from "../server/env";
import { ROLE_PREFIX, type Role } from "../src/domain/roles";

/**
 * `npm run load` (issue 9 section 2): starts Coverdesk in a child process on loopback with the demo portfolio
 * (PostgreSQL when DATABASE_URL is set, with SEED_DEMO=1 on an empty database; else an embedded database in a temp
 * folder), signs in the four demo roles, then drives it with autocannon for `--duration` seconds (60) over
 * `--connections` (50), every kind of request at once, each kind on its share of the connections and each request as
 * the next role that may make it. Prints requests/s, p50, p99 and errors (failed, timed out or not 2xx) per kind.
 * Only its own server is ever loaded: there is no target option, and it listens on 127.0.0.1.
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

type Headers = Record<string, string>;
interface Kind {
  name: string;
  /** Share of the connections. */
  weight: number;
  roles: Role[];
  request(role: Role, n: number): { method: "GET" | "POST"; path: string; body?: string };
  goal?: number;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

async function startServer(port: number, dataDir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      ...(env.DATABASE_URL ? { SEED_DEMO: "1" } : {}),
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  child.stdout!.on("data", (chunk: Buffer) => {
    const text = chunk.toString();
    if (/Demo portfolio loaded|Database:/.test(text)) process.stdout.write(`  server: ${text.trim().split("\n")[0]}\n`);
  });
  const deadline = Date.now() + 600_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server stopped (exit ${child.exitCode})`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/v2/health`);
      if (res.ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("the server did not start within 10 minutes");
}

async function signIn(base: string, email: string): Promise<Headers> {
  const res = await fetch(`${base}/v2/staff/auth/sign_in`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email, password: DEMO_PASSWORD }) });
  if (!res.ok) throw new Error(`sign-in as ${email}: ${res.status}`);
  const h = res.headers;
  return { "access-token": h.get("access-token")!, client: h.get("client")!, uid: h.get("uid")!, "token-type": "Bearer", expiry: h.get("expiry")! };
}

async function policyIds(base: string, role: Role, headers: Headers): Promise<number[]> {
  const res = await fetch(`${base}/v2/${ROLE_PREFIX[role]}/policies?pagination[per]=200`, { headers });
  if (!res.ok) throw new Error(`policies as ${role}: ${res.status}`);
  const rows = (await res.json()) as Array<{ id: number }>;
  if (rows.length === 0) throw new Error(`no policy visible to ${role}`);
  return rows.map((r) => r.id);
}

const dataDir = mkdtempSync(join(tmpdir(), "coverdesk-load-"));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
console.log(`Starting Coverdesk on ${base} (${env.DATABASE_URL ? "PostgreSQL from DATABASE_URL" : "embedded database"}, demo portfolio)…`);
const server = await startServer(port, dataDir);

try {
  const sessions = {} as Record<Role, Headers>;
  for (const login of DEMO_LOGINS) sessions[login.role] = await signIn(base, login.email);
  const ids: Partial<Record<Role, number[]>> = {};
  for (const role of ["super_admin", "agent", "staff"] as const) ids[role] = await policyIds(base, role, sessions[role]);

  const prefix = (role: Role) => `/v2/${ROLE_PREFIX[role]}`;
  const kinds: Kind[] = [
    { name: "policy detail", weight: 12, goal: 200, roles: ["super_admin", "agent", "staff"], request: (role, n) => ({ method: "GET", path: `${prefix(role)}/policies/${ids[role]![n % ids[role]!.length]}` }) },
    {
      name: "policies list",
      weight: 12,
      goal: 300,
      roles: ["super_admin", "agent", "staff"],
      request: (role, n) => ({ method: "GET", path: `${prefix(role)}/policies?pagination[page]=${1 + (n % 3)}&pagination[per]=20&sort[column]=updated_at&sort[direction]=desc` }),
    },
    { name: "policy history", weight: 4, roles: ["super_admin", "agent", "staff"], request: (role, n) => ({ method: "GET", path: `${prefix(role)}/policies/${ids[role]![n % ids[role]!.length]}/history` }) },
    { name: "users list", weight: 6, goal: 300, roles: ["super_admin", "agent", "staff"], request: (role) => ({ method: "GET", path: `${prefix(role)}/users?pagination[per]=20` }) },
    { name: "staff list", weight: 4, roles: ["super_admin", "agent", "staff"], request: (role) => ({ method: "GET", path: `${prefix(role)}/staffs?pagination[per]=20` }) },
    {
      name: "review queue",
      weight: 6,
      goal: 300,
      roles: ["policy_support", "super_admin"],
      request: () => ({ method: "POST", path: "/v2/policy-support/review_queue/list", body: JSON.stringify({ pagination: { page: 1, per: 20 } }) }),
    },
    { name: "change requests", weight: 3, roles: ["super_admin", "agent"], request: (role) => ({ method: "POST", path: `${prefix(role)}/change_requests/list`, body: "{}" }) },
    { name: "validate token", weight: 3, roles: ["super_admin", "agent", "staff", "policy_support"], request: () => ({ method: "GET", path: "/v2/staff/auth/validate_token" }) },
  ];
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
            const count = n++;
            const role = kind.roles[count % kind.roles.length];
            const r = kind.request(role, Math.floor(count / kind.roles.length));
            // The review queue is policy support's page; super admins open it under the same prefix.
            const headers = { ...sessions[role], ...(r.body ? { "content-type": "application/json" } : {}) };
            return { ...request, method: r.method, path: r.path, headers, body: r.body };
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
  server.kill("SIGTERM");
  await new Promise((r) => server.once("exit", r));
  rmSync(dataDir, { recursive: true, force: true });
}
