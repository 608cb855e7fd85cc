import { mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Readable } from "node:stream";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { documents, exports as exportsTable } from "../db/schema";
import { sweepFiles } from "../files/sweep";
import { buildWorld } from "../test/fixtures";
import { createTestApp, signInAs, type AuthHeaders, type TestApp } from "../test/helpers";
import { runPolicyExport } from "./export-policies";
import { requeueStaleExports } from "./export-recovery";
import type { InlineQueue } from "./queue";

let t: TestApp;
let admin: AuthHeaders;
let params: string;
let storeDir: string;

beforeAll(async () => {
  t = await createTestApp();
  await buildWorld(t.database.db);
  admin = await signInAs(t.app, "super.admin@test.dev");
  // One finished export gives the stored form of a request (filters and the caller's scope).
  const res = await t.app.inject({ url: "/v2/staff_super_admin/policies/export", headers: admin });
  await (t.app.jobs as InlineQueue).idle();
  [{ params }] = await t.database.db.select().from(exportsTable).where(eq(exportsTable.id, res.json().export_id));
  storeDir = t.filesDir;
}, 60_000);
afterAll(() => t.close());

const db = () => t.database.db;
const idle = () => (t.app.jobs as InlineQueue).idle();

async function leftRunning(heartbeatAgoSeconds: number) {
  const [row] = await db()
    .insert(exportsTable)
    .values({ kind: "policies", staff_id: 1, params, status: "running", attempts: 1, row_count: 3, heartbeat_at: sql`now() - make_interval(secs => ${heartbeatAgoSeconds})` })
    .returning();
  return row.id;
}
const exportRow = async (id: number) => (await db().select().from(exportsTable).where(eq(exportsTable.id, id)))[0];

describe("an export whose process died", () => {
  it("is queued again once its heartbeat stopped, and completes with a downloadable file", async () => {
    const dead = await leftRunning(600);
    const alive = await leftRunning(2);
    expect(await requeueStaleExports(t.app, { anyAge: false })).toEqual([dead]);
    await idle();
    const done = await exportRow(dead);
    expect(done).toMatchObject({ status: "ready", attempts: 2 });
    expect(done.row_count).toBe(done.total_rows);
    const [doc] = await db().select().from(documents).where(eq(documents.id, done.document_id!));
    expect(doc.byte_size).toBeGreaterThan(0);
    // A live process's export is left to it: neither queued again nor taken by a second delivery of its job.
    expect(await exportRow(alive)).toMatchObject({ status: "running", attempts: 1 });
    await runPolicyExport({ db: db(), files: t.files, mailer: t.mailer, filesSecret: t.app.env.FILES_SECRET, publicUrl: "http://x" }, alive);
    expect(await exportRow(alive)).toMatchObject({ status: "running", attempts: 1, document_id: null });
  });

  it("at the start of the only process, every running export is queued again whatever its heartbeat", async () => {
    const id = await leftRunning(1);
    expect(await requeueStaleExports(t.app, { anyAge: true })).toContain(id);
    await idle();
    expect(await exportRow(id)).toMatchObject({ status: "ready", attempts: 2 });
  });
});

describe("the file store after a crash", () => {
  it("never shows a file under its key before it is complete, and keeps nothing of a write that failed", async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    async function* body() {
      yield Buffer.from("first half,");
      await gate;
      yield Buffer.from("second half");
    }
    const putting = t.files.put("export", Readable.from(body()));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const midway = await entries();
    expect(midway.filter((e) => e.partial)).toHaveLength(1);
    release();
    const stored = await putting;
    expect((await entries()).find((e) => e.key === stored.key)).toMatchObject({ partial: false });
    expect(await text(stored.key)).toBe("first half,second half");

    async function* broken() {
      yield Buffer.from("cut");
      throw new Error("connection reset");
    }
    const before = (await entries()).length;
    await expect(t.files.put("export", Readable.from(broken()))).rejects.toThrow("connection reset");
    expect(await entries()).toHaveLength(before);
    await t.files.remove(stored.key);
  });

  it("sweeps unfinished writes and files no row names, and keeps every file a row names", async () => {
    const kept = await entries();
    expect(kept.length).toBeGreaterThan(0);
    const month = join(storeDir, "policy", "2026-11");
    mkdirSync(month, { recursive: true });
    writeFileSync(join(month, "cut-by-a-crash.partial"), "half an upload");
    writeFileSync(join(month, "stored-but-no-row"), "%PDF-1.4 never recorded");
    // Younger than the bound: possibly another process's upload in flight, left alone.
    expect(await sweepFiles(db(), t.files, new Date(Date.now() - 60_000))).toEqual({ partial: 0, orphans: 0 });
    expect(await sweepFiles(db(), t.files, new Date(Date.now() + 1000))).toEqual({ partial: 1, orphans: 1 });
    expect(readdirSync(month)).toEqual([]);
    expect((await entries()).map((e) => e.key).sort()).toEqual(kept.map((e) => e.key).sort());
    for (const entry of kept) expect((await text(entry.key)).length).toBeGreaterThan(0);
  });
});

async function entries() {
  const all = [];
  for await (const entry of t.files.entries()) all.push(entry);
  return all;
}

async function text(key: string) {
  const chunks: Buffer[] = [];
  for await (const chunk of await t.files.open(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}
