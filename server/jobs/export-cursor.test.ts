import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Database } from "../db/client";
import { documents, exports as exportsTable } from "../db/schema";
import { seedScale } from "../db/seed/scale";
import { localFileStore } from "../files/store";
import { queryRows } from "../lib/list";
import { openTestDatabase, recordingMailer } from "../test/helpers";
import { type ExportDeps, type PolicyExportParams, runPolicyExport } from "./export-policies";

/**
 * A large export reads one set-based query through a cursor instead of 1,000 ids at a time (ExportDeps.cursor): both
 * ways must write the very same file, for the grid's default order, another sort, and a filter.
 */
let database: Database;
const dir = mkdtempSync(join(tmpdir(), "coverdesk-export-cursor-"));
let deps: ExportDeps;
beforeAll(async () => {
  database = await openTestDatabase();
  await seedScale(database, { policies: 1500 });
  deps = { db: database.db, files: localFileStore(dir), mailer: recordingMailer(database.db), filesSecret: "s".repeat(32), publicUrl: "http://localhost" };
}, 120_000);
afterAll(async () => {
  await database?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function exportFile(params: PolicyExportParams, cursor: ExportDeps["cursor"]) {
  const [staffRow] = await queryRows<{ id: number }>(database.db, sql`SELECT id FROM staffs ORDER BY id LIMIT 1`);
  const [row] = await database.db.insert(exportsTable).values({ kind: "policies", staff_id: staffRow.id, params: JSON.stringify(params) }).returning();
  await runPolicyExport({ ...deps, cursor }, row.id);
  const [done] = await database.db.select().from(exportsTable).where(eq(exportsTable.id, row.id));
  expect(done.status).toBe("ready");
  const [doc] = await database.db.select().from(documents).where(eq(documents.id, done.document_id!));
  const chunks: Buffer[] = [];
  for await (const chunk of await deps.files.open(doc.storage_key)) chunks.push(chunk as Buffer);
  return { text: Buffer.concat(chunks).toString(), rows: done.row_count, total: done.total_rows };
}

it("writes the same file through the cursor as by ids", async () => {
  const cursor = { from: 0, progressOnPool: database.kind === "postgres" };
  const cases: PolicyExportParams[] = [
    { filter: {}, scope: { kind: "all" }, role: "super_admin" },
    { filter: { status: ["BOUND", "CANCELLED"] }, sort: { column: "number", direction: "asc" }, scope: { kind: "all" }, role: "super_admin" },
  ];
  for (const params of cases) {
    const byIds = await exportFile(params, undefined);
    const byCursor = await exportFile(params, cursor);
    expect(byIds.rows).toBeGreaterThan(100);
    expect(byCursor.rows).toBe(byIds.rows);
    expect(byCursor.total).toBe(byIds.total);
    // Every column filled somewhere, so an empty column on one side cannot pass unnoticed.
    const lines = byIds.text.trim().split("\r\n");
    expect(lines).toHaveLength(byIds.rows + 1);
    expect(byCursor.text).toBe(byIds.text);
  }
}, 120_000);
