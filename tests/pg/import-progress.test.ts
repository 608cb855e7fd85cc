import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import type { FastifyInstance } from "fastify";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { buildApp } from "../../server/app";
import type { Database } from "../../server/db/client";
import { insurableImports } from "../../server/db/schema";
import { testEnv } from "../../server/env";
import { localFileStore, type FileStore } from "../../server/files/store";
import type { InlineQueue } from "../../server/jobs/queue";
import { CSV_IMPORT_JOB, runCsvImport } from "../../server/routes/csv-imports/csv-imports.service";
import { IMPORT_INSURABLES_JOB, runPropertyImport } from "../../server/routes/insurables/insurables.import";
import { buildWorld } from "../../server/test/fixtures";
import { type AuthHeaders, openTestDatabase, recordingMailer, signInAs } from "../../server/test/helpers";
import { multipart } from "../../server/test/multipart";

/**
 * Issue 16 / issue 11: a running import's progress lives in its database row, so an API process other than the one
 * running the job reads the same counts mid-run. Two apps on one PostgreSQL database (each its own pool and queue);
 * the job runs in A and is held after a progress write while B is asked. PostgreSQL only (tests/pg): on the embedded
 * database the import's transaction holds the one connection, so nobody can read mid-run there.
 */
let database: Database;
let world: Awaited<ReturnType<typeof buildWorld>>;
let files: FileStore;
const dir = mkdtempSync(join(tmpdir(), "coverdesk-progress-"));
let a: FastifyInstance;
let b: FastifyInstance;
let agent: AuthHeaders;

const build = async () => {
  const app = await buildApp({ database, env: testEnv({ STATIC_DIR: "./no-console-in-tests" }), mailer: recordingMailer(database.db, files), files });
  await app.ready();
  return app;
};

beforeAll(async () => {
  if (!process.env.TEST_DATABASE_URL) throw new Error("tests/pg runs with TEST_DATABASE_URL (npm run test:pg)");
  database = await openTestDatabase();
  world = await buildWorld(database.db);
  files = localFileStore(dir);
  a = await build();
  b = await build();
  // Signed in on A, asked on B: the session lives in the database too.
  agent = await signInAs(a, "agent.a@test.dev");
}, 60_000);

afterAll(async () => {
  await a?.close();
  await b?.close();
  await database?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A's job handler again, held after its first progress write until `release` is called. */
function holdAfterFirstWrite() {
  const writes: number[] = [];
  let reached!: (processed: number) => void;
  let release!: () => void;
  const first = new Promise<number>((resolve) => (reached = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  const progressWritten = async (processed: number) => {
    writes.push(processed);
    if (writes.length === 1) {
      reached(processed);
      await released;
    }
  };
  return { writes, first, release, progressWritten };
}

/**
 * The import's row as any process reads it. Both apps share this module (one Node process), so a count kept in module
 * memory would also reach B: the row is what tells a stored count from a remembered one.
 */
const stored = async (id: number) => (await database.db.select().from(insurableImports).where(eq(insurableImports.id, id)))[0];

const saveResult = (folder: string) => async (csv: string) => (await files.put(folder, Readable.from([Buffer.from(csv)]))).key;

it("shows a CSV upload's progress, written by the process running it, to another process mid-run", async () => {
  const hold = holdAfterFirstWrite();
  await a.jobs.work<{ importId: number }>(CSV_IMPORT_JOB, (data) =>
    runCsvImport({ db: a.db, open: (key) => files.open(key), saveResult: saveResult("csv-import-results"), progressOnPool: true, progressWritten: hold.progressWritten }, data.importId),
  );
  const rows = Array.from({ length: 250 }, (_, i) => `residential,Campaign ${i},${world.agencies.A.id}`);
  const form = multipart([
    { field: "kind", content: "tracking_urls" },
    { field: "file", filename: "urls.csv", contentType: "text/csv", content: ["landing_page,campaign_name,agency_id", ...rows].join("\n") },
  ]);
  const sent = await a.inject({ method: "POST", url: "/v2/staff_agency/csv_imports", headers: { ...agent, ...form.headers }, payload: form.payload });
  expect(sent.statusCode).toBe(202);
  const id = sent.json().id as number;

  const processed = await hold.first;
  expect(processed).toBeGreaterThan(0);
  expect(processed).toBeLessThan(250);
  expect(await stored(id)).toMatchObject({ status: "running", total_rows: 250, processed_rows: processed });
  const midRun = await b.inject({ method: "GET", url: `/v2/staff_agency/csv_imports/${id}`, headers: agent });
  expect(midRun.statusCode).toBe(200);
  expect(midRun.json()).toMatchObject({ status: "running", total_rows: 250, processed_rows: processed, result_file: false });
  // The list answers the same counts.
  const listed = (await b.inject({ method: "GET", url: "/v2/staff_agency/csv_imports", headers: agent })).json() as Array<{ id: number; processed_rows: number }>;
  expect(listed.find((r) => r.id === id)).toMatchObject({ processed_rows: processed });

  hold.release();
  await (a.jobs as InlineQueue).idle();
  expect((await b.inject({ method: "GET", url: `/v2/staff_agency/csv_imports/${id}`, headers: agent })).json()).toMatchObject({ status: "done", total_rows: 250, processed_rows: 250, counts: { created: 250 } });
  // Written in batches, not per row, and never backwards.
  expect(hold.writes.length).toBeLessThan(250 / 10);
  expect(hold.writes).toEqual([...hold.writes].sort((x, y) => x - y));
  expect(hold.writes.at(-1)).toBe(250);
});

it("shows a property import's progress to another process mid-run", async () => {
  const hold = holdAfterFirstWrite();
  await a.jobs.work<{ importId: number }>(IMPORT_INSURABLES_JOB, (data) =>
    runPropertyImport(
      { db: a.db, open: (key) => files.open(key), saveResult: saveResult("insurable-import-results"), mail: async () => undefined, progressOnPool: true, progressWritten: hold.progressWritten },
      data.importId,
    ),
  );
  const HEAD = "account id,account name,unit address,unit title,unit city,county,state,zip,year built,community title,display name,community address 1,community address 2,city,state,zip";
  const rows = Array.from({ length: 120 }, (_, i) => `${world.accounts.A.id},Acct,10 Lake Rd,${i + 1},Austin,Travis,TX,78702,1999,Lakeside,,10 Lake Rd,,Austin,TX,78702`);
  const form = multipart([{ field: "file", filename: "props.csv", contentType: "text/csv", content: [HEAD, ...rows].join("\n") }]);
  const sent = await a.inject({ method: "POST", url: "/v2/staff_agency/insurables/insurables/upload", headers: { ...agent, ...form.headers }, payload: form.payload });
  expect(sent.statusCode).toBe(202);
  const id = sent.json().id as number;

  expect(await hold.first).toBe(120);
  expect(await stored(id)).toMatchObject({ status: "running", total_rows: 120, processed_rows: 120 });
  // Mid-run: the units are written (not committed yet) and counted; B reads the count A wrote.
  expect((await b.inject({ method: "GET", url: `/v2/staff_agency/insurables/imports/${id}`, headers: agent })).json()).toMatchObject({ status: "running", total_rows: 120, processed_rows: 120, result_file: false });
  hold.release();
  await (a.jobs as InlineQueue).idle();
  expect((await b.inject({ method: "GET", url: `/v2/staff_agency/insurables/imports/${id}`, headers: agent })).json()).toMatchObject({ status: "done", processed_rows: 120, result_file: true });
});
