import { eq, sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import Papa from "papaparse";
import type { Readable } from "node:stream";
import { US_STATES } from "../../../src/domain/usStates";
import type { Db } from "../../db/client";
import { addresses, insurableImports, insurables } from "../../db/schema";
import { queryRows } from "../../lib/list";
import type { Scope } from "../../lib/scope";
import { NOT_IMPORTED, type OutcomeCounts, type RowOutcome, resultFile } from "../../lib/csv";
import { recordHistories, type Author } from "../../lib/history";
import { accountScopeCondition } from "../lookups/lookups.scope";
import { type BatchedProgress, batchedProgress, noProgress, type ProgressWrite } from "../../lib/progress";

export const IMPORT_INSURABLES_JOB = "import-insurables";
export const MAX_IMPORT_BYTES = 20 * 1024 * 1024;

/**
 * One row of a property file (reference section 4.12), by position: account id, account name, unit address, unit
 * title, unit city, county, state, zip, year built, community title, display name, community address 1 and 2, city,
 * state, zip. Rows start at 2 and stop at the first whose account id is blank.
 */
export interface PropertyRow {
  row: number;
  accountId: number;
  unitAddress: string;
  unitTitle: string;
  unitCity: string;
  county: string;
  state: string;
  zip: string;
  communityTitle: string;
  communityAddress: string;
  communityAddress2: string;
  communityCity: string;
  communityState: string;
  communityZip: string;
}

export interface ImportResult {
  communities: number;
  buildings: number;
  units: number;
  skipped: number;
  errors: Array<{ row: number; message: string }>;
  /** Rows per outcome, as the result file has them (the list of past uploads shows them). */
  counts?: OutcomeCounts;
}

const cell = (v: unknown): string => {
  if (v === null || v === undefined) return "";
  if (typeof v === "object" && v && "text" in v) return String((v as { text: unknown }).text ?? "").trim();
  if (typeof v === "object" && v && "result" in v) return String((v as { result: unknown }).result ?? "").trim();
  return String(v).trim();
};

/** The cells of a file, CSV or XLSX (told apart by content: an XLSX is a zip), as rows of text. */
export async function readSheet(buffer: Buffer): Promise<string[][]> {
  if (buffer.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]))) {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(buffer as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    const rows: string[][] = [];
    sheet?.eachRow({ includeEmpty: true }, (r, n) => {
      const values = Array.isArray(r.values) ? (r.values as unknown[]).slice(1) : [];
      rows[n - 1] = values.map(cell);
    });
    return Array.from(rows, (r) => r ?? []);
  }
  const parsed = Papa.parse<string[]>(buffer.toString("utf8").replace(/^\uFEFF/, ""), { skipEmptyLines: false });
  return parsed.data.map((r) => r.map((c) => String(c ?? "").trim()));
}

const ZIP = /^\d{5}$/;

/** The rows to import and every row's problems (row numbers as a spreadsheet shows them). */
export function parsePropertyRows(cells: string[][]): { rows: PropertyRow[]; errors: ImportResult["errors"] } {
  const rows: PropertyRow[] = [];
  const errors: ImportResult["errors"] = [];
  for (let i = 1; i < cells.length; i++) {
    const c = cells[i] ?? [];
    if (!c[0]) break;
    const row = i + 1;
    const problems: string[] = [];
    const accountId = Number(c[0]);
    if (!Number.isInteger(accountId) || accountId < 1 || accountId > 2_147_483_647) problems.push("account id must be a number");
    if (!c[3]) problems.push("unit title is required");
    if (!c[9]) problems.push("community title is required");
    if (!c[11]) problems.push("community address is required");
    if (!c[13]) problems.push("community city is required");
    if (!(US_STATES as readonly string[]).includes(c[14]?.toUpperCase() ?? "")) problems.push("community state is not a valid state");
    if (!ZIP.test(c[15] ?? "")) problems.push("community zip must be a valid zip");
    if (c[6] && !(US_STATES as readonly string[]).includes(c[6].toUpperCase())) problems.push("state is not a valid state");
    if (c[7] && !ZIP.test(c[7])) problems.push("zip must be a valid zip");
    if (problems.length) {
      errors.push({ row, message: problems.join("; ") });
      continue;
    }
    rows.push({
      row,
      accountId,
      unitAddress: c[2] ?? "",
      unitTitle: c[3],
      unitCity: c[4] ?? "",
      county: c[5] ?? "",
      state: (c[6] || c[14]).toUpperCase(),
      zip: c[7] || c[15],
      communityTitle: c[9],
      communityAddress: c[11],
      communityAddress2: c[12] ?? "",
      communityCity: c[13],
      communityState: c[14].toUpperCase(),
      communityZip: c[15],
    });
  }
  return { rows, errors };
}

/** "120 Main St" → number 120, name Main St. */
function street(line: string) {
  const m = /^(\d+[A-Za-z-]*)\s+(.+)$/.exec(line.trim());
  return m ? { street_number: m[1], street_name: m[2] } : { street_number: null, street_name: line.trim() };
}

const key = (...parts: Array<string | number>) => parts.map((p) => String(p).trim().toLowerCase()).join("\u0000");
const BATCH = 1000;

/**
 * How an import records its progress while it runs: in its row, through the pool, so any API process polling it reads
 * the same (the embedded database records it only at the end: the import's transaction holds its one connection, and
 * a poll waits for that transaction anyway). `progressWritten` runs after each write (tests pause there).
 */
export interface LiveProgress {
  progressOnPool?: boolean;
  progressWritten?: ProgressWrite;
}

/** An import's progress, written to its row in batches (jobs/progress.ts). */
export function importProgress(db: Db, importId: number, live: LiveProgress): BatchedProgress {
  if (!live.progressOnPool) return noProgress;
  return batchedProgress(
    (processed, total) => db.update(insurableImports).set({ processed_rows: processed, total_rows: total, updated_at: new Date() }).where(eq(insurableImports.id, importId)),
    { written: live.progressWritten },
  );
}

/**
 * Applies a property file in one transaction: every row's account must be one of the caller's (else nothing is
 * written); a community is found by title in its account or created with its address; a unit at the community's
 * address goes under the community, any other under a building per street address (found or created); units that
 * exist under their parent are skipped. Every statement takes a batch of rows (a fixed number of statements per
 * 1,000 rows, whatever the file's shape), and each community and building created has its history row.
 */
export async function applyPropertyRows(
  db: Db,
  scope: Scope,
  rows: PropertyRow[],
  author: Author,
  onProgress: (processed: number) => unknown,
  outcomes?: Map<number, "created" | "existed">,
): Promise<ImportResult> {
  const accountIds = [...new Set(rows.map((r) => r.accountId))];
  const scopeSql = accountScopeCondition(scope);
  const allowed = accountIds.length
    ? await queryRows<{ id: number; agency_id: number }>(
        db,
        sql`SELECT a.id, a.agency_id FROM accounts a WHERE a.id IN (${sql.join(accountIds.map((id) => sql`${id}`), sql`, `)})${scopeSql.length ? sql` AND ${sql.join(scopeSql, sql` AND `)}` : sql``}`,
      )
    : [];
  const agencyOf = new Map(allowed.map((a) => [a.id, a.agency_id]));
  const foreign = rows.filter((r) => !agencyOf.has(r.accountId));
  if (foreign.length) {
    return { communities: 0, buildings: 0, units: 0, skipped: 0, errors: foreign.map((r) => ({ row: r.row, message: `account ${r.accountId} is not one of yours` })) };
  }
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const result: ImportResult = { communities: 0, buildings: 0, units: 0, skipped: 0, errors: [] };
    const ids = sql.join(accountIds.map((id) => sql`${id}`), sql`, `);
    const communityId = new Map<string, number>();
    for (const c of await queryRows<{ id: number; title: string; account_id: number }>(tx, sql`SELECT id, title, account_id FROM insurables WHERE insurable_type_id IN (1, 2, 3) AND account_id IN (${ids})`)) {
      communityId.set(key(c.account_id, c.title), c.id);
    }
    const newCommunities = [...new Map(rows.filter((r) => !communityId.has(key(r.accountId, r.communityTitle))).map((r) => [key(r.accountId, r.communityTitle), r])).values()];
    for (let i = 0; i < newCommunities.length; i += BATCH) {
      const batch = newCommunities.slice(i, i + BATCH);
      const created = await tx
        .insert(insurables)
        .values(batch.map((r) => ({ title: r.communityTitle, insurable_type_id: 1, account_id: r.accountId, agency_id: agencyOf.get(r.accountId) })))
        .returning({ id: insurables.id });
      await tx.insert(addresses).values(
        batch.map((r, j) => ({
          addressable_type: "Insurable" as const,
          addressable_id: created[j].id,
          ...street(r.communityAddress),
          street_two: r.communityAddress2 || null,
          city: r.communityCity,
          state: r.communityState,
          zip_code: r.communityZip,
          full: [r.communityAddress, r.communityAddress2, r.communityCity, `${r.communityState} ${r.communityZip}`].filter(Boolean).join(", "),
        })),
      );
      batch.forEach((r, j) => communityId.set(key(r.accountId, r.communityTitle), created[j].id));
      // One statement per batch: a file of single-home communities wrote one history row per row, one at a time.
      await recordHistories(tx, created.map((c) => ({ type: "Insurable", id: c.id, action: "create" as const, author, process: "import" as const })));
      result.communities += batch.length;
    }
    // Buildings: one per street address other than the community's own.
    const parentOf = (r: PropertyRow) => communityId.get(key(r.accountId, r.communityTitle))!;
    const atCommunity = (r: PropertyRow) => !r.unitAddress || key(r.unitAddress) === key(r.communityAddress);
    const communityIds = [...new Set(rows.map(parentOf))];
    const buildingId = new Map<string, number>();
    for (const b of await queryRows<{ id: number; title: string; insurable_id: number }>(
      tx,
      sql`SELECT id, title, insurable_id FROM insurables WHERE insurable_type_id = 7 AND insurable_id IN (${sql.join(communityIds.map((id) => sql`${id}`), sql`, `)})`,
    )) {
      buildingId.set(key(b.insurable_id, b.title), b.id);
    }
    const newBuildings = [...new Map(rows.filter((r) => !atCommunity(r) && !buildingId.has(key(parentOf(r), r.unitAddress))).map((r) => [key(parentOf(r), r.unitAddress), r])).values()];
    for (let i = 0; i < newBuildings.length; i += BATCH) {
      const batch = newBuildings.slice(i, i + BATCH);
      const created = await tx
        .insert(insurables)
        .values(batch.map((r) => ({ title: r.unitAddress, insurable_type_id: 7, insurable_id: parentOf(r), account_id: r.accountId, agency_id: agencyOf.get(r.accountId) })))
        .returning({ id: insurables.id });
      await tx.insert(addresses).values(
        batch.map((r, j) => ({
          addressable_type: "Insurable" as const,
          addressable_id: created[j].id,
          ...street(r.unitAddress),
          city: r.unitCity || r.communityCity,
          county: r.county || null,
          state: r.state,
          zip_code: r.zip,
          full: [r.unitAddress, r.unitCity || r.communityCity, `${r.state} ${r.zip}`].join(", "),
        })),
      );
      batch.forEach((r, j) => buildingId.set(key(parentOf(r), r.unitAddress), created[j].id));
      await recordHistories(tx, created.map((b) => ({ type: "Insurable", id: b.id, action: "create" as const, author, process: "import" as const })));
      result.buildings += batch.length;
    }
    const unitParent = (r: PropertyRow) => (atCommunity(r) ? parentOf(r) : buildingId.get(key(parentOf(r), r.unitAddress))!);
    const parents = [...new Set(rows.map(unitParent))];
    const existing = new Set<string>();
    for (let i = 0; i < parents.length; i += BATCH) {
      const part = parents.slice(i, i + BATCH);
      for (const u of await queryRows<{ title: string; insurable_id: number }>(
        tx,
        sql`SELECT title, insurable_id FROM insurables WHERE insurable_type_id IN (4, 5) AND insurable_id IN (${sql.join(part.map((id) => sql`${id}`), sql`, `)})`,
      )) {
        existing.add(key(u.insurable_id, u.title));
      }
    }
    const toCreate: PropertyRow[] = [];
    for (const r of rows) {
      const k = key(unitParent(r), r.unitTitle);
      if (existing.has(k)) {
        result.skipped++;
        outcomes?.set(r.row, "existed");
      } else {
        existing.add(k);
        toCreate.push(r);
        outcomes?.set(r.row, "created");
      }
    }
    for (let i = 0; i < toCreate.length; i += BATCH) {
      const batch = toCreate.slice(i, i + BATCH);
      const created = await tx
        .insert(insurables)
        .values(batch.map((r) => ({ title: r.unitTitle, insurable_type_id: 4, insurable_id: unitParent(r), account_id: r.accountId, agency_id: agencyOf.get(r.accountId) })))
        .returning({ id: insurables.id });
      // Units are insurables like their community and building: each created one has its history row (DESIGN.md 3).
      await recordHistories(tx, created.map((u) => ({ type: "Insurable", id: u.id, action: "create" as const, author, process: "import" as const })));
      result.units += batch.length;
      await onProgress(Math.min(rows.length, result.skipped + result.units));
    }
    await onProgress(rows.length);
    return result;
  });
}

/**
 * The import's result file (issue 16 section 5): the file's header and every row it imported or refused (up to the
 * first row without an account id, where the import stops), each with its outcome and message. The import writes all
 * its rows or none: when any row is refused, the others are `not_imported`.
 */
export function propertyResultCsv(cells: string[][], result: ImportResult, outcomes: Map<number, "created" | "existed">) {
  const errors = new Map<number, string>();
  for (const e of result.errors) errors.set(e.row, errors.has(e.row) ? `${errors.get(e.row)}; ${e.message}` : e.message);
  let stop = 1;
  while (stop < cells.length && cells[stop]?.[0]) stop++;
  const read = cells.slice(0, stop);
  // A refusal of the whole file (no properties in it) names a row the rows read do not reach.
  const extra = [...errors].filter(([row]) => row > read.length);
  return resultFile(read, (row): [RowOutcome, string] => {
    const error = errors.get(row);
    if (error) return ["error", error];
    if (result.errors.length) return ["not_imported", NOT_IMPORTED];
    return outcomes.get(row) === "existed" ? ["existed", "The unit exists already"] : ["created", ""];
  }, extra);
}

/** The background job: read the stored file, check every row, apply it, record the outcome and mail it. */
export async function runPropertyImport(
  deps: LiveProgress & {
    db: Db;
    open: (key: string) => Promise<Readable>;
    /** Stores the result file; answers its key. */
    saveResult: (csv: string) => Promise<string>;
    mail: (to: string, subject: string, text: string, id: number) => Promise<unknown>;
  },
  importId: number,
): Promise<void> {
  const [job] = await deps.db.select().from(insurableImports).where(eq(insurableImports.id, importId));
  if (!job || job.status === "done" || job.status === "failed") return;
  const [staffRow] = await queryRows<{ email: string; full_name: string | null }>(
    deps.db,
    sql`SELECT s.email, p.full_name FROM staffs s LEFT JOIN profiles p ON p.profileable_type = 'Staff' AND p.profileable_id = s.id WHERE s.id = ${job.staff_id}`,
  );
  const finish = async (values: Partial<typeof insurableImports.$inferInsert>) => {
    await deps.db.update(insurableImports).set({ ...values, updated_at: new Date() }).where(eq(insurableImports.id, importId));
  };
  try {
    await deps.db.update(insurableImports).set({ status: "running", updated_at: new Date() }).where(eq(insurableImports.id, importId));
    const chunks: Buffer[] = [];
    for await (const chunk of await deps.open(job.storage_key)) chunks.push(chunk as Buffer);
    const cells = await readSheet(Buffer.concat(chunks));
    const { rows, errors } = parsePropertyRows(cells);
    const outcomes = new Map<number, "created" | "existed">();
    await deps.db.update(insurableImports).set({ total_rows: rows.length + errors.length }).where(eq(insurableImports.id, importId));
    let result: ImportResult;
    if (errors.length) result = { communities: 0, buildings: 0, units: 0, skipped: 0, errors };
    else if (!rows.length) result = { communities: 0, buildings: 0, units: 0, skipped: 0, errors: [{ row: 2, message: "The file has no properties" }] };
    else {
      const progress = importProgress(deps.db, importId, deps);
      result = await applyPropertyRows(deps.db, job.scope as Scope, rows, { name: staffRow?.full_name || staffRow?.email || "System", staffId: job.staff_id }, (processed) => progress.report(processed, rows.length), outcomes);
    }
    const failed = result.errors.length > 0;
    const file = propertyResultCsv(cells, result, outcomes);
    const resultKey = await deps.saveResult(file.csv);
    await finish({ status: failed ? "failed" : "done", processed_rows: failed ? 0 : rows.length, result: { ...result, counts: file.counts }, result_key: resultKey });
    if (staffRow) {
      await deps.mail(
        staffRow.email,
        failed ? "Your property file could not be imported" : "Your property file was imported",
        failed
          ? `Nothing from ${job.file_name} was imported. Fix these rows and upload it again:\n${result.errors.map((e) => `Row ${e.row}: ${e.message}`).join("\n")}`
          : `${job.file_name}: ${result.communities} communities, ${result.buildings} buildings and ${result.units} units created; ${result.skipped} units already existed.`,
        importId,
      );
    }
  } catch (error) {
    await finish({ status: "failed", error: error instanceof Error ? error.message.slice(0, 500) : "The file could not be read" });
  }
}
