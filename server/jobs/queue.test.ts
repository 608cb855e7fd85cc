import { sql } from "drizzle-orm";
import { afterAll, expect, it } from "vitest";
import { RECONCILE_CRON, RECONCILE_JOB } from "../billing/reconcile";
import type { Database } from "../db/client";
import { openTestDatabase } from "../test/helpers";
import { EXPIRE_SECONDS, type JobQueue, startPgBossQueue } from "./queue";

let database: Database | undefined;
let queue: JobQueue | undefined;
afterAll(async () => {
  await queue?.stop();
  await database?.close();
});

it("runs a persisted job through pg-boss on the test database (PGlite or PostgreSQL)", async () => {
  database = await openTestDatabase();
  const target = database.kind === "postgres" ? (database.pool!.options as { connectionString: string }).connectionString : undefined;
  queue = await startPgBossQueue(database, target);
  let resolveDone: (data: { n: number }) => void = () => undefined;
  const done = new Promise<{ n: number }>((resolve) => (resolveDone = resolve));
  await queue.work<{ n: number }>("probe", async (data) => resolveDone(data));
  await queue.send("probe", { n: 42 });
  await expect(done).resolves.toEqual({ n: 42 });
  // A job on a process that died is retried within minutes, not after pg-boss's default hour (issue 9, hole 7).
  const rows = await database.db.execute(sql`SELECT EXTRACT(epoch FROM expire_in)::int AS seconds, retry_limit FROM pgboss.job WHERE name = 'probe'`);
  expect((rows as unknown as { rows: unknown[] }).rows ?? rows).toEqual([{ seconds: EXPIRE_SECONDS, retry_limit: 2 }]);
  expect(EXPIRE_SECONDS).toBeLessThanOrEqual(15 * 60);
}, 60_000);

it("works through queued jobs one after the other without waiting the polling interval between them", async () => {
  const handled: number[] = [];
  let resolveAll: () => void = () => undefined;
  const all = new Promise<void>((resolve) => (resolveAll = resolve));
  await queue!.sendMany("probe-backlog", [1, 2, 3, 4].map((n) => ({ n })));
  const started = Date.now();
  // A 20 s interval: waiting it after each job (pg-boss's own loop) would take a minute for the last three.
  await queue!.work<{ n: number }>(
    "probe-backlog",
    async ({ n }) => {
      handled.push(n);
      if (handled.length === 4) resolveAll();
    },
    { pollingIntervalSeconds: 20 },
  );
  await all;
  expect(handled.sort()).toEqual([1, 2, 3, 4]);
  expect(Date.now() - started).toBeLessThan(15_000);
}, 60_000);

it("keeps a cron schedule in the database, once for every process (payments are reconciled every five minutes)", async () => {
  await queue!.schedule(RECONCILE_JOB, RECONCILE_CRON);
  await queue!.schedule(RECONCILE_JOB, RECONCILE_CRON);
  const rows = await database!.db.execute(sql`SELECT name, cron FROM pgboss.schedule WHERE name = ${RECONCILE_JOB}`);
  expect((rows as unknown as { rows: unknown[] }).rows ?? rows).toEqual([{ name: "reconcile-payments", cron: "*/5 * * * *" }]);
}, 60_000);
