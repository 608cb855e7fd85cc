import PgBoss from "pg-boss";
import type { Database } from "../db/client";

/** PostgreSQL error code deadlock_detected. */
const DEADLOCK_DETECTED = "40P01";

export type JobHandler<T> = (data: T) => Promise<void>;

/**
 * How long a job may run before pg-boss counts it lost and retries it (pg-boss 10 has no heartbeat of its own). The
 * longest job, a million-row export, takes about a minute; its own heartbeat keeps a retry from running it twice.
 */
export const EXPIRE_SECONDS = 15 * 60;

/**
 * Background work (DESIGN.md section 2): exports now, imports and syncs later. Jobs are persisted by pg-boss in
 * the same database, so a restart resumes them. Routes only `send`; handlers are registered once at start.
 */
export interface JobQueue {
  send<T extends object>(name: string, data: T): Promise<void>;
  /** Many jobs of one name in one insert (a mass import's rows: one job per row). */
  sendMany<T extends object>(name: string, data: T[]): Promise<void>;
  /** `batchSize`: how many jobs one fetch takes (small jobs in large numbers). */
  work<T extends object>(name: string, handler: JobHandler<T>, options?: { batchSize?: number; pollingIntervalSeconds?: number }): Promise<void>;
  /** Sends `name` on a cron schedule (minutes), once across every process sharing the database. */
  schedule(name: string, cron: string): Promise<void>;
  stop(): Promise<void>;
}

/** pg-boss talks to PGlite through this adapter: multi-statement scripts go through exec (stack.md pitfall 9). */
function pgliteAdapter(database: Database) {
  const pglite = database.pglite!;
  return {
    async executeSql(text: string, values?: unknown[]) {
      if (values && values.length > 0) return pglite.query(text, values);
      const results = await pglite.exec(text);
      return results.length === 1 ? results[0] : (results as unknown as { rows: unknown[] });
    },
  };
}

export async function startPgBossQueue(database: Database, connectionString?: string): Promise<JobQueue> {
  const options: PgBoss.ConstructorOptions =
    database.kind === "pglite" ? { db: pgliteAdapter(database) as unknown as PgBoss.Db } : { connectionString };
  // Maintenance (which fails expired jobs so they are retried) every minute: a job on a process that died is picked up
  // again within EXPIRE_SECONDS plus a minute, not an hour (issue 9, hole 7). Exports also heartbeat and are queued
  // again sooner than that (export-recovery.ts).
  const boss = new PgBoss({ ...options, schema: "pgboss", monitorStateIntervalSeconds: 60, maintenanceIntervalSeconds: 60 });
  boss.on("error", (error) => console.error("job queue:", error.message));
  await boss.start();
  // Creating a queue is DDL (a partition); two at once for one name deadlock, so each name is created once here, and
  // a deadlock with another process starting at the same moment (PostgreSQL refuses one of the two) is tried again:
  // createQueue does nothing for a queue that already exists.
  const queues = new Map<string, Promise<void>>();
  const createQueue = async (name: string): Promise<void> => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await boss.createQueue(name);
      } catch (error) {
        if ((error as { code?: string }).code !== DEADLOCK_DETECTED || attempt >= 5) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 200 * attempt));
      }
    }
  };
  const ensureQueue = (name: string) => {
    if (!queues.has(name)) queues.set(name, createQueue(name));
    return queues.get(name)!;
  };
  return {
    async send(name, data) {
      await ensureQueue(name);
      await boss.send(name, data, { retryLimit: 2, retryDelay: 5, expireInSeconds: EXPIRE_SECONDS });
    },
    async sendMany(name, data) {
      await ensureQueue(name);
      for (let i = 0; i < data.length; i += 1000) {
        await boss.insert(data.slice(i, i + 1000).map((d) => ({ name, data: d, retryLimit: 2, retryDelay: 5, expireInSeconds: EXPIRE_SECONDS })));
      }
    },
    async work(name, handler, options) {
      await ensureQueue(name);
      let workerId: string | null = null;
      workerId = await boss.work(name, { pollingIntervalSeconds: options?.pollingIntervalSeconds ?? 1, batchSize: options?.batchSize ?? 1 }, async (jobs) => {
        for (const job of jobs) await handler(job.data as never);
        // pg-boss waits its polling interval after every fetch, also one that found work: a queue of 20 row jobs of a
        // rent-guarantee import idled 0.5 s after each (10 of the 10,000-row import's 37 s). A worker that found work
        // asks again at once; it waits only when the queue was empty.
        if (workerId) boss.notifyWorker(workerId);
      });
    },
    async schedule(name, cron) {
      await ensureQueue(name);
      await boss.schedule(name, cron, {}, { retryLimit: 0, expireInSeconds: EXPIRE_SECONDS });
    },
    async stop() {
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
}

/**
 * Runs each job right after it is sent, in this process: for API tests, where a job's effect must be awaited.
 * `idle()` resolves once every job sent so far has finished.
 */
export type InlineQueue = JobQueue & { idle(): Promise<void> };

export function inlineQueue(): InlineQueue {
  const handlers = new Map<string, JobHandler<object>>();
  const running = new Set<Promise<void>>();
  return {
    async send(name, data) {
      const handler = handlers.get(name);
      if (!handler) throw new Error(`No handler for job ${name}`);
      const run = new Promise<void>((resolve) => setImmediate(resolve)).then(() => handler(data));
      running.add(run);
      void run.finally(() => running.delete(run)).catch(() => undefined);
    },
    async sendMany(name, data) {
      for (const d of data) await this.send(name, d);
    },
    async work(name, handler) {
      handlers.set(name, handler as JobHandler<object>);
    },
    // Tests run scheduled work by calling it; nothing ticks in the background.
    async schedule() {},
    async stop() {
      await Promise.allSettled([...running]);
    },
    async idle() {
      while (running.size) await Promise.allSettled([...running]);
    },
  };
}
