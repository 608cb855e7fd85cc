import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import { DEMO_PASSWORD } from "../server/db/demo-logins";
import { ROLE_PREFIX, type Role } from "../src/domain/roles";

/**
 * Coverdesk as a child process on loopback with the demo portfolio, for `npm run load` (bench/load.ts) and the CPU
 * measurement (bench/cpu.ts): both drive the same server the same way, so their figures can be read side by side.
 */
export type Headers = Record<string, string>;

export interface LoadRequest {
  method: "GET" | "POST";
  path: string;
  body?: string;
}

/** One kind of request of the load mix: which roles make it and how the n-th one of a role looks. */
export interface Kind {
  name: string;
  /** Share of the connections under `npm run load`. */
  weight: number;
  roles: Role[];
  request(role: Role, n: number): LoadRequest;
  /** The p99 goal of issue 9 section 2, where there is one. */
  goal?: number;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

/**
 * Starts the server (PostgreSQL when DATABASE_URL is set, with SEED_DEMO=1 so an empty database gets the demo; else an
 * embedded database in `dataDir`) and waits until /v2/health answers. `nodeArgs` go to node itself (`--cpu-prof`);
 * `checkout` is the folder whose server runs (this one by default), to compare a change with another checkout.
 */
export async function startServer(
  port: number,
  dataDir: string,
  options: { databaseUrl?: string; nodeArgs?: string[]; checkout?: string } = {},
): Promise<ChildProcess> {
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), "--import", "tsx", "server/main.ts"], {
    cwd: options.checkout,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      ...(options.databaseUrl ? { SEED_DEMO: "1" } : {}),
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

/** Stops the server gracefully (SIGTERM; main.ts closes the database, and node writes a `--cpu-prof` profile). */
export async function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null) return;
  const exited = new Promise((r) => server.once("exit", r));
  server.kill("SIGTERM");
  await exited;
}

export async function signIn(base: string, email: string): Promise<Headers> {
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

/** The request mix of issue 9 section 2, over the policies each role can see. */
export async function loadKinds(base: string, sessions: Record<Role, Headers>): Promise<Kind[]> {
  const ids: Partial<Record<Role, number[]>> = {};
  for (const role of ["super_admin", "agent", "staff"] as const) ids[role] = await policyIds(base, role, sessions[role]);
  const prefix = (role: Role) => `/v2/${ROLE_PREFIX[role]}`;
  return [
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
      // The review queue is policy support's page; super admins open it under the same prefix.
      roles: ["policy_support", "super_admin"],
      request: () => ({ method: "POST", path: "/v2/policy-support/review_queue/list", body: JSON.stringify({ pagination: { page: 1, per: 20 } }) }),
    },
    { name: "change requests", weight: 3, roles: ["super_admin", "agent"], request: (role) => ({ method: "POST", path: `${prefix(role)}/change_requests/list`, body: "{}" }) },
    { name: "validate token", weight: 3, roles: ["super_admin", "agent", "staff", "policy_support"], request: () => ({ method: "GET", path: "/v2/staff/auth/validate_token" }) },
  ];
}

/** The n-th request of a kind: roles take turns, each walking its own sequence. */
export function nthRequest(kind: Kind, sessions: Record<Role, Headers>, count: number): LoadRequest & { headers: Headers } {
  const role = kind.roles[count % kind.roles.length];
  const r = kind.request(role, Math.floor(count / kind.roles.length));
  return { ...r, headers: { ...sessions[role], ...(r.body ? { "content-type": "application/json" } : {}) } };
}
