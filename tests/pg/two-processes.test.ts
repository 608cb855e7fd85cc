import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Database } from "../../server/db/client";
import { buildWorld, PASSWORD } from "../../server/test/fixtures";
import { openTestDatabase } from "../../server/test/helpers";
import { startLocalS3 } from "../../server/test/s3";
import { freePort, type ServerProcess, signInOver, startServerProcess, until } from "../../server/test/server-process";

/**
 * Issue 11, "More than one machine": two real API processes on one PostgreSQL and one S3 bucket, as docs/DEPLOY.md
 * describes. Runs only in `npm run test:pg` (scripts/test-pg.mjs): the embedded database cannot be shared.
 */
let database: Database;
let s3: Awaited<ReturnType<typeof startLocalS3>>;
const servers: ServerProcess[] = [];

beforeAll(async () => {
  if (!process.env.TEST_DATABASE_URL) throw new Error("tests/pg runs with TEST_DATABASE_URL (npm run test:pg)");
  database = await openTestDatabase();
  await buildWorld(database.db);
  s3 = await startLocalS3();
  const url = (database.pool!.options as { connectionString: string }).connectionString;
  const env = { DATABASE_URL: url, API_PROCESSES: "2", FILES_SECRET: "shared-by-every-process-0123456789", ...s3.env };
  const ports = [await freePort(), await freePort()];
  servers.push(...(await Promise.all(ports.map((port) => startServerProcess(env, port)))));
}, 180_000);

afterAll(async () => {
  for (const server of servers) await server.stop("SIGTERM");
  await s3?.close();
  await database?.close();
});

type ExportRow = { id: number; status: string; row_count: number; download_url: string | null };

it("serves a link signed by one process from the other, and runs each job queued on one exactly once", async () => {
  const [a, b] = servers;
  const onA = await signInOver(a.base, "super.admin@test.dev", PASSWORD);
  const onB = await signInOver(b.base, "super.admin@test.dev", PASSWORD);

  // Several exports queued on A at once, so both processes' workers compete for them.
  const ids: number[] = [];
  for (let i = 0; i < 6; i++) {
    const res = await fetch(`${a.base}/v2/staff_super_admin/policies/export`, { headers: onA });
    expect(res.status).toBe(200);
    ids.push(((await res.json()) as { export_id: number }).export_id);
  }
  const listedByA = await until(
    "every export to be ready",
    async () => {
      const rows = (await (await fetch(`${a.base}/v2/staff_super_admin/exports`, { headers: onA })).json()) as ExportRow[];
      const mine = rows.filter((r) => ids.includes(r.id));
      return mine.length === ids.length && mine.every((r) => r.status === "ready") ? mine : undefined;
    },
    60_000,
    250,
  );

  // Exactly once: one attempt, one file and one mail per export, whichever process ran it.
  const rows = await database.db.execute(sql`
    SELECT e.id, e.attempts,
           (SELECT count(*)::int FROM documents d WHERE d.attachable_type = 'Export' AND d.attachable_id = e.id) AS files,
           (SELECT count(*)::int FROM sent_emails m WHERE m.template = 'policies_export' AND m.related_type = 'Export' AND m.related_id = e.id) AS mails
      FROM exports e ORDER BY e.id`);
  expect((rows as unknown as { rows: unknown[] }).rows).toEqual(ids.map((id) => ({ id, attempts: 1, files: 1, mails: 1 })));

  // A link A signed (the console's Exports list) downloads from B, the file read from the shared bucket.
  for (const row of listedByA) {
    const fromB = await fetch(`${b.base}${row.download_url}`);
    expect(fromB.status).toBe(200);
    expect((await fromB.text()).trim().split("\r\n")).toHaveLength(row.row_count + 1);
  }
  // And the other way round, for a link B signed.
  const listedByB = (await (await fetch(`${b.base}/v2/staff_super_admin/exports`, { headers: onB })).json()) as ExportRow[];
  expect((await fetch(`${a.base}${listedByB[0].download_url}`)).status).toBe(200);
}, 120_000);
