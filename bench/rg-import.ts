import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import ExcelJS from "exceljs";
import { sql } from "drizzle-orm";
import { SHEET_COLUMNS, oneYearLater } from "../src/domain/rentGuarantee";
import { reportToday } from "../src/domain/leads";
import { buildApp } from "../server/app";
import { migrate } from "../server/db/migrate";
import { ensureReferenceData } from "../server/db/reference-data";
import { selectRows } from "../server/db/seed/query";
import { testEnv } from "../server/env";
import { localFileStore } from "../server/files/store";
import { startPgBossQueue } from "../server/jobs/queue";
import { hashPassword } from "../server/lib/passwords";
import { ROW_CHUNK } from "../server/routes/policy-application-groups/groups.service";
import { sampleRow } from "../server/routes/policy-application-groups/sheet";
import { multipart } from "../server/test/multipart";
import { openScratchDatabase } from "./database";

/**
 * `npx tsx bench/rg-import.ts [--rows 10000]` (or `node --expose-gc --import tsx bench/rg-import.ts …` to also print the
 * heap still held after each phase): a rent-guarantee mass import end to end on a throwaway database (embedded, or a
 * scratch database on DATABASE_URL's server) with the real job queue (pg-boss): the sheet is written with exceljs's
 * streaming writer, uploaded as staff, the rows priced by their jobs (one per chunk of rows) until the group awaits
 * acceptance, then accepted (the first invoice charged through the test gateway at once; one policy per row created by
 * the accept's job, polled). Prints each phase's time and the process's peak RSS and heap, overall and per phase
 * (sampled every 50 ms). Goal (issue 16): 10,000 rows end to end in 30 s or less.
 *
 * Measured 2026-11-28 on the shared 2-core machine, 10,000 rows: PGlite 24.1 s, PostgreSQL 13.0–19.0 s. Peak RSS over
 * the start on PostgreSQL +58 MB at 10,000 rows and +67 MB at 2,500; the heap held after each phase 92 MB at both sizes
 * (nothing kept per row). On PGlite RSS grows with the rows written (+82 MB at 2,500, +222 MB at 10,000): the embedded
 * database's own WebAssembly memory, which grows with its data and never shrinks; the heap held stays 97 MB.
 */
const i = process.argv.indexOf("--rows");
const ROWS = i > 0 ? Number(process.argv[i + 1]) : 10_000;
const mb = (n: number) => Math.round(n / 1048576);

async function writeSheet(path: string, rows: number) {
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path, useSharedStrings: false });
  const sheet = book.addWorksheet("Applications");
  sheet.addRow(SHEET_COLUMNS.map((c) => c.header)).commit();
  for (let r = 1; r <= rows; r++) sheet.addRow(sampleRow(r, "bench")).commit();
  sheet.commit();
  await book.commit();
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), "coverdesk-rg-bench-"));
  const sheetPath = join(dir, "applications.xlsx");
  await writeSheet(sheetPath, ROWS);
  const scratch = await openScratchDatabase(process.env.DATABASE_URL);
  const database = scratch.database;
  await migrate(database);
  await ensureReferenceData(database.db);
  const db = database.db;
  const [agency] = await selectRows<{ id: number }>(db, sql`INSERT INTO agencies (title, enabled) VALUES ('Bench Agency', true) RETURNING id`);
  const [account] = await selectRows<{ id: number }>(db, sql`INSERT INTO accounts (title, agency_id) VALUES ('Bench Account', ${agency.id}) RETURNING id`);
  await db.execute(sql`INSERT INTO staffs (email, role, organizable_type, organizable_id, enabled, owner, encrypted_password, invitation_accepted_at)
    VALUES ('bench.staff@example.com', 'staff', 'Account', ${account.id}, true, true, ${await hashPassword("bench-pass-1")}, now())`);
  await db.execute(sql`INSERT INTO payment_profiles (payer_type, payer_id, source_id, default_profile) VALUES ('Account', ${account.id}, 'tok_visa_bench', true)`);

  const jobs = await startPgBossQueue(database, scratch.url);
  const app = await buildApp({ database, env: testEnv({ STATIC_DIR: "./no-console-in-bench" }), jobs, files: localFileStore(join(dir, "files")) });
  await app.ready();
  const signIn = await app.inject({ method: "POST", url: "/v2/staff/auth/sign_in", payload: { email: "bench.staff@example.com", password: "bench-pass-1" } });
  const h = signIn.headers;
  const headers = { "access-token": String(h["access-token"]), client: String(h.client), uid: String(h.uid), "token-type": "Bearer", expiry: String(h.expiry) };

  let peakRss = 0;
  let peakHeap = 0;
  const baseRss = process.memoryUsage().rss;
  // Each phase's own peaks too, and (with node --expose-gc) the heap still held once a phase ends.
  const phases: Array<{ name: string; rss: number; heap: number; held: number | null }> = [];
  let phase = { rss: 0, heap: 0 };
  const endPhase = (name: string) => {
    (globalThis as { gc?: () => void }).gc?.();
    const held = (globalThis as { gc?: () => void }).gc ? process.memoryUsage().heapUsed : null;
    phases.push({ name, ...phase, held });
    phase = { rss: 0, heap: 0 };
  };
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
    phase.rss = Math.max(phase.rss, m.rss);
    phase.heap = Math.max(phase.heap, m.heapUsed);
  }, 50);

  const today = reportToday();
  const body = multipart([
    { field: "policy_application_group[common_attributes][effective_date]", content: today },
    { field: "policy_application_group[common_attributes][expiration_date]", content: oneYearLater(today) },
    { field: "policy_application_group[common_attributes][auto_pay]", content: "true" },
    { field: "policy_application_group[common_attributes][auto_renew]", content: "true" },
    { field: "input_file", filename: "applications.xlsx", content: readFileSync(sheetPath) },
  ]);
  const started = Date.now();
  const upload = await app.inject({ method: "POST", url: "/v2/staff_account/policy-application-groups", headers: { ...headers, ...body.headers }, payload: body.payload });
  if (upload.statusCode !== 200) throw new Error(`upload: ${upload.statusCode} ${upload.body.slice(0, 500)}`);
  const uploaded = Date.now();
  endPhase("upload");
  const id = upload.json().id as number;
  let status = "in_progress";
  while (status === "in_progress") {
    await new Promise((resolve) => setTimeout(resolve, 250));
    status = (await app.inject({ method: "GET", url: `/v2/staff_account/policy-application-groups/${id}`, headers })).json().status;
  }
  const priced = Date.now();
  endPhase("row jobs");
  if (status !== "awaiting_acceptance") throw new Error(`group ended ${status}`);
  const accept = await app.inject({ method: "PUT", url: `/v2/staff_account/policy-application-groups/${id}/accept`, headers });
  if (accept.statusCode !== 200) throw new Error(`accept: ${accept.statusCode} ${accept.body.slice(0, 300)}`);
  const answered = Date.now();
  // The policies are created by the accept's job; the console polls the group as this does.
  status = "accepting";
  while (status === "accepting") {
    await new Promise((resolve) => setTimeout(resolve, 250));
    status = (await app.inject({ method: "GET", url: `/v2/staff_account/policy-application-groups/${id}`, headers })).json().status;
  }
  if (status !== "accepted") throw new Error(`accept ended ${status}`);
  const accepted = Date.now();
  endPhase("accept");
  clearInterval(sampler);
  const [{ n }] = await selectRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM policies WHERE policy_group_id = ${id}`);

  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  console.log(`rent-guarantee mass import, ${ROWS} rows (${(statSync(sheetPath).size / 1024).toFixed(0)} KB sheet), ${scratch.where}, pg-boss jobs:`);
  console.log(`  upload and check (streamed read, rows written): ${s(uploaded - started)}`);
  console.log(`  row jobs (one per ${ROW_CHUNK} rows) until awaiting acceptance: ${s(priced - uploaded)}`);
  console.log(`  accept answered (charge, job queued):          ${s(answered - priced)}`);
  console.log(`  accept job (${n} policies) until accepted:    ${s(accepted - answered)}`);
  console.log(`  end to end:                                     ${s(accepted - started)}  (goal ≤ 30 s: ${accepted - started <= 30_000 ? "met" : "missed"})`);
  console.log(`  peak RSS ${mb(peakRss)} MB (${mb(baseRss)} MB before the upload), peak heap used ${mb(peakHeap)} MB`);
  for (const p of phases) console.log(`    ${p.name}: peak RSS ${mb(p.rss)} MB, peak heap ${mb(p.heap)} MB${p.held === null ? "" : `, heap held after it ${mb(p.held)} MB`}`);
  await app.close();
  await jobs.stop();
  await scratch.dispose();
  rmSync(dir, { recursive: true, force: true });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
