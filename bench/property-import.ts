import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { sql } from "drizzle-orm";
import { buildApp } from "../server/app";
import { migrate } from "../server/db/migrate";
import { ensureReferenceData } from "../server/db/reference-data";
import { selectRows } from "../server/db/seed/query";
import { testEnv } from "../server/env";
import { localFileStore } from "../server/files/store";
import { startPgBossQueue } from "../server/jobs/queue";
import { hashPassword } from "../server/lib/passwords";
import { multipart } from "../server/test/multipart";
import { openScratchDatabase } from "./database";

/**
 * `npx tsx bench/property-import.ts [--rows 10000] [--communities 100]`, or `npm run bench -- --only imports
 * [--import-rows 10000 --import-communities 100]`: Add a Property's file import (reference section 4.12, issue 14) end
 * to end with the real job queue (pg-boss), on a throwaway embedded database, or on a scratch database of
 * DATABASE_URL's server when it is set (pg-boss is given that scratch database's URL: it opens its own pool, and
 * without one it could not start on PostgreSQL): a CSV of `rows` units spread over `communities`
 * communities (a third of the units at the community's own address, the rest in buildings of 20 units each) is
 * uploaded as staff and polled as the console polls it until the job ends; then the same file again (every unit
 * exists: the skip path). Prints each phase's time and the statements the import ran. Goal (issue 14): 10,000 rows in
 * 30 s or less.
 */
const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const ROWS = arg("--rows", 10_000);
const COMMUNITIES = arg("--communities", 100);

function propertyFile(accountId: number, rows: number, communities: number): string {
  const lines = ["account id,account name,unit address,unit title,unit city,county,state,zip,year built,community title,display name,community address 1,community address 2,city,state,zip"];
  const perCommunity = Math.ceil(rows / communities);
  for (let r = 0; r < rows; r++) {
    const c = Math.floor(r / perCommunity);
    const n = r % perCommunity;
    const own = `${100 + c} Bench Way`;
    // A third at the community's address, the rest in buildings of 20 units.
    const building = n % 3 === 0 ? own : `${1000 + Math.floor(n / 20)} Bench Court ${c}`;
    lines.push([accountId, "Bench Account", building, `Unit ${n + 1}`, "Austin", "Travis", "TX", "78701", "1999", `Bench Community ${c}`, "", own, "", "Austin", "TX", "78701"].join(","));
  }
  return `${lines.join("\n")}\n`;
}

export interface PropertyImportRun {
  /** ms until the upload was answered, and until the job ended as the console's polling saw it. */
  upload: number;
  total: number;
  result: { communities: number; buildings: number; units: number; skipped: number };
}

export interface PropertyImportFigures {
  where: string;
  rows: number;
  communities: number;
  csv_kb: number;
  first: PropertyImportRun;
  again: PropertyImportRun;
  insurables: number;
  insurable_histories: number;
  met: boolean;
}

/** The import bench on its own throwaway database (embedded, or a scratch database on `databaseUrl`'s server). */
export async function benchPropertyImport(databaseUrl: string | undefined, rows = ROWS, communities = COMMUNITIES): Promise<PropertyImportFigures> {
  const dir = mkdtempSync(join(tmpdir(), "coverdesk-property-bench-"));
  const scratch = await openScratchDatabase(databaseUrl);
  try {
    return await importTwice(scratch, dir, rows, communities);
  } finally {
    await scratch.dispose();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function importTwice(scratch: Awaited<ReturnType<typeof openScratchDatabase>>, dir: string, rows: number, communities: number): Promise<PropertyImportFigures> {
  const database = scratch.database;
  await migrate(database);
  await ensureReferenceData(database.db);
  const db = database.db;
  const [agency] = await selectRows<{ id: number }>(db, sql`INSERT INTO agencies (title, enabled) VALUES ('Bench Agency', true) RETURNING id`);
  const [account] = await selectRows<{ id: number }>(db, sql`INSERT INTO accounts (title, agency_id) VALUES ('Bench Account', ${agency.id}) RETURNING id`);
  await db.execute(sql`INSERT INTO staffs (email, role, organizable_type, organizable_id, enabled, owner, encrypted_password, invitation_accepted_at)
    VALUES ('bench.staff@example.com', 'staff', 'Account', ${account.id}, true, true, ${await hashPassword("bench-pass-1")}, now())`);

  const jobs = await startPgBossQueue(database, scratch.url);
  const app = await buildApp({ database, env: testEnv({ STATIC_DIR: "./no-console-in-bench" }), jobs, files: localFileStore(join(dir, "files")) });
  await app.ready();
  const signIn = await app.inject({ method: "POST", url: "/v2/staff/auth/sign_in", payload: { email: "bench.staff@example.com", password: "bench-pass-1" } });
  const h = signIn.headers;
  const headers = { "access-token": String(h["access-token"]), client: String(h.client), uid: String(h.uid), "token-type": "Bearer", expiry: String(h.expiry) };
  const csv = propertyFile(account.id, rows, communities);

  const importOnce = async () => {
    const body = multipart([{ field: "file", filename: "properties.csv", content: Buffer.from(csv) }]);
    const started = Date.now();
    const upload = await app.inject({ method: "POST", url: "/v2/staff_account/insurables/insurables/upload", headers: { ...headers, ...body.headers }, payload: body.payload });
    if (upload.statusCode !== 202) throw new Error(`upload: ${upload.statusCode} ${upload.body.slice(0, 500)}`);
    const answered = Date.now();
    const id = upload.json().id as number;
    let status: { status: string; result: unknown; error: string | null } = { status: "queued", result: null, error: null };
    while (status.status === "queued" || status.status === "running") {
      await new Promise((resolve) => setTimeout(resolve, 100));
      status = (await app.inject({ method: "GET", url: `/v2/staff_account/insurables/imports/${id}`, headers })).json();
    }
    if (status.status !== "done") throw new Error(`import ended ${status.status}: ${status.error ?? JSON.stringify(status.result).slice(0, 500)}`);
    return { upload: answered - started, total: Date.now() - started, result: status.result as PropertyImportRun["result"] };
  };

  try {
    const first = await importOnce();
    const [{ n }] = await selectRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM insurables WHERE account_id = ${account.id}`);
    const [{ h: histories }] = await selectRows<{ h: number }>(db, sql`SELECT count(*)::int AS h FROM histories WHERE recordable_type = 'Insurable'`);
    const again = await importOnce();
    return { where: scratch.where, rows, communities, csv_kb: Math.round(csv.length / 1024), first, again, insurables: n, insurable_histories: histories, met: first.total <= 30_000 };
  } finally {
    await app.close();
    await jobs.stop();
  }
}

/** The figures as lines (this script's output, and `npm run bench -- --only imports`). */
export function describePropertyImport(f: PropertyImportFigures): string[] {
  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  return [
    `property file import, ${f.rows} rows over ${f.communities} communities (${f.csv_kb} KB CSV), ${f.where}, pg-boss job:`,
    `  first import: upload answered ${s(f.first.upload)}, done ${s(f.first.total)} (goal ≤ 30 s: ${f.met ? "met" : "missed"})`,
    `    ${JSON.stringify(f.first.result)}; ${f.insurables} insurables, ${f.insurable_histories} Insurable history rows`,
    `  same file again (every unit exists): done ${s(f.again.total)}; ${JSON.stringify(f.again.result)}`,
  ];
}

async function main() {
  const figures = await benchPropertyImport(process.env.DATABASE_URL);
  for (const line of describePropertyImport(figures)) console.log(line);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
