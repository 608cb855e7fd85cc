import { afterAll, expect, it } from "vitest";
import type { Database } from "../db/client";
import { openTestDatabase } from "../test/helpers";
import { type JobQueue, startPgBossQueue } from "./queue";

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
}, 60_000);
