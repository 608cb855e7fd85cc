import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";

/** A loopback port nobody listens on. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` until it gives something (not undefined or false), failing after `timeoutMs`. */
export async function until<T>(what: string, check: () => Promise<T | undefined | false> | T | undefined | false, timeoutMs: number, everyMs = 100): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(everyMs);
  }
}

export interface ServerProcess {
  child: ChildProcess;
  base: string;
  output: string[];
  /** SIGTERM (graceful) or SIGKILL (a crash), resolved once the process is gone. */
  stop(signal?: "SIGTERM" | "SIGKILL"): Promise<void>;
}

/**
 * The real API process, as `npm run serve` starts it (server/main.ts; the console not built), with `env` over the
 * test's own environment; resolved once /v2/health answers.
 */
export async function startServerProcess(env: Record<string, string>, port: number): Promise<ServerProcess> {
  const output: string[] = [];
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    env: { ...process.env, DATABASE_URL: "", HOST: "127.0.0.1", PORT: String(port), LOG_LEVEL: "warn", NODE_ENV: "development", STATIC_DIR: "./no-console-in-tests", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (chunk) => output.push(String(chunk)));
  child.stderr!.on("data", (chunk) => output.push(String(chunk)));
  const gone = () => child.exitCode !== null || child.signalCode !== null;
  const base = `http://127.0.0.1:${port}`;
  await until(
    "the server to answer",
    async () => {
      if (gone()) throw new Error(`the server exited (${child.exitCode ?? child.signalCode}):\n${output.join("")}`);
      return (await fetch(`${base}/v2/health`).catch(() => null))?.ok || undefined;
    },
    120_000,
    250,
  );
  return {
    child,
    base,
    output,
    async stop(signal = "SIGTERM") {
      if (gone()) return;
      child.kill(signal);
      await until("the server to stop", () => gone() || undefined, 20_000, 50);
    },
  };
}

/** Signs in through the real endpoint of a running process; the headers later calls send. */
export async function signInOver(base: string, email: string, password: string): Promise<Record<string, string>> {
  const res = await fetch(`${base}/v2/staff/auth/sign_in`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email, password }) });
  if (res.status !== 200) throw new Error(`sign in as ${email} answered ${res.status}`);
  const auth: Record<string, string> = {};
  for (const name of ["access-token", "client", "uid", "token-type", "expiry"]) auth[name] = res.headers.get(name)!;
  return auth;
}
