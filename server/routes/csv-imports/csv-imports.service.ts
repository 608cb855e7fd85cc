import { Readable } from "node:stream";
import { eq, sql } from "drizzle-orm";
import Papa from "papaparse";
import type { Db } from "../../db/client";
import type { FileStore } from "../../files/store";
import { cleanFileName } from "../../lib/input";
import { CSV_IMPORT_KIND_ACCESS } from "../../../src/domain/csvImports";
import { type CsvImportKind, insurableImports } from "../../db/schema";
import { NOT_IMPORTED, type OutcomeCounts, type RowOutcome, resultFile } from "../../lib/csv";
import { AppError, ValidationError } from "../../lib/errors";
import type { Author } from "../../lib/history";
import { queryRows } from "../../lib/list";
import type { Scope } from "../../lib/scope";
import type { Mailer } from "../../mail/mailer";
import { type LiveProgress, importProgress } from "../insurables/insurables.import";
import { insurableListQuery } from "../insurables/insurables.list";
import { TitleClash, applyUpdates, parseUpdateFile, planUpdates } from "../insurables/insurables.updates";
import { bulkCreateLeases } from "../leases/leases.service";
import { importTrackingUrls } from "../tracking-urls/tracking-urls.service";

/** The job that imports a leases, tracking-URL or insurable-updates file (property files have their own). */
export const CSV_IMPORT_JOB = "import-csv";

/** The largest file of these imports (their synchronous calls take 1 to 5 MB; text files, read whole). */
export const MAX_CSV_IMPORT_BYTES = 5 * 1024 * 1024;

/** Who may send a file to each import: the permission of the import's own call (shared with the console). */
export const KIND_ACCESS = CSV_IMPORT_KIND_ACCESS;

export interface RowError {
  row: number;
  message: string;
}

/** What one run of an import did: the rows refused (none when it wrote), or how the rows it wrote turned out. */
interface KindOutcome {
  errors: RowError[];
  /** The outcome of a row written (created unless said). */
  written?: RowOutcome;
}

type Progress = (processed: number, total: number) => unknown;

/**
 * Each import's own rules, run over a file's text: the same calls as their synchronous routes (all rows or none), with
 * every refusal turned into rows of the result file instead of an answer.
 */
async function runKind(db: Db, kind: Exclude<CsvImportKind, "properties">, params: { community_id?: number }, text: string, scope: Scope, author: Author, mailer: Mailer | undefined, progress: Progress): Promise<KindOutcome> {
  try {
    if (kind === "leases") {
      await bulkCreateLeases(db, scope, params.community_id ?? 0, text, author, mailer, progress);
      return { errors: [] };
    }
    if (kind === "tracking_urls") {
      await importTrackingUrls(db, scope, text, author, progress);
      return { errors: [] };
    }
    const parsed = parseUpdateFile(text);
    const planned = await planUpdates(db, parsed.rows);
    const errors = [...parsed.errors, ...planned.errors].sort((a, b) => a.row - b.row);
    if (errors.length) return { errors };
    await applyUpdates(db, planned.plan, author, progress);
    return { errors: [], written: "updated" };
  } catch (error) {
    return { errors: refusedRows(error) };
  }
}

/**
 * The rows a refusal names, numbered as the file shows them (header = row 1): a `Bad file` answer's rows; tracking URLs'
 * `rows.N.field` errors (N counts data rows from 1); a refusal of the whole file is row 1. Anything else is a failure
 * of the job, not of the file, and goes on.
 */
export function refusedRows(error: unknown): RowError[] {
  // Leases' and insurable updates' `Bad file` answers name their rows.
  if (error instanceof AppError && Array.isArray(error.body.content)) return error.body.content as RowError[];
  if (error instanceof TitleClash) return [{ row: 1, message: error.message }];
  if (error instanceof ValidationError) {
    const errors = (error.body.errors ?? {}) as Record<string, string>;
    return Object.entries(errors).map(([key, message]) => {
      const m = /^rows\.(\d+)\.(.+)$/.exec(key);
      return m ? { row: Number(m[1]) + 1, message: `${m[2]}: ${message}` } : { row: 1, message: `${key.replace(/^leases\./, "")}: ${message}` };
    });
  }
  if (error instanceof AppError && error.statusCode === 422) return [{ row: 1, message: error.message }];
  throw error;
}

/** The file's rows as the imports read them (papaparse, blank lines skipped), for the result file. */
export function fileCells(text: string): string[][] {
  return Papa.parse<string[]>(text.replace(/^\uFEFF/, ""), { skipEmptyLines: "greedy" }).data;
}

/**
 * The result file of an all-or-nothing import: rows in error with their messages (several on one row joined), the
 * others not imported; or, when it wrote, every row with the written outcome.
 */
export function kindResult(cells: string[][], outcome: KindOutcome) {
  const errors = new Map<number, string>();
  for (const e of outcome.errors) errors.set(e.row, errors.has(e.row) ? `${errors.get(e.row)}; ${e.message}` : e.message);
  // A refusal of the header (row 1) or of a row past the end is listed after the rows.
  const extra = [...errors].filter(([row]) => row < 2 || row > cells.length);
  return resultFile(
    cells,
    (row): [RowOutcome, string] => {
      const error = errors.get(row);
      if (error) return ["error", error];
      if (outcome.errors.length) return ["not_imported", NOT_IMPORTED];
      return [outcome.written ?? "created", ""];
    },
    extra,
  );
}

export interface CsvImportDeps extends LiveProgress {
  db: Db;
  open: (key: string) => Promise<Readable>;
  /** Stores the result file; answers its key. */
  saveResult: (csv: string) => Promise<string>;
  mailer?: Mailer;
}

/** The job: read the stored file, run its import with progress, store the result file and the counts. */
export async function runCsvImport(deps: CsvImportDeps, importId: number): Promise<void> {
  const [job] = await deps.db.select().from(insurableImports).where(eq(insurableImports.id, importId));
  if (!job || job.kind === "properties" || job.status === "done" || job.status === "failed") return;
  const finish = async (values: Partial<typeof insurableImports.$inferInsert>) => {
    await deps.db.update(insurableImports).set({ ...values, updated_at: new Date() }).where(eq(insurableImports.id, importId));
  };
  try {
    await deps.db.update(insurableImports).set({ status: "running", updated_at: new Date() }).where(eq(insurableImports.id, importId));
    const chunks: Buffer[] = [];
    for await (const chunk of await deps.open(job.storage_key)) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString("utf8");
    const cells = fileCells(text);
    const total = Math.max(0, cells.length - 1);
    await deps.db.update(insurableImports).set({ total_rows: total }).where(eq(insurableImports.id, importId));
    const [sender] = await queryRows<{ email: string; full_name: string | null }>(
      deps.db,
      sql`SELECT s.email, p.full_name FROM staffs s LEFT JOIN profiles p ON p.profileable_type = 'Staff' AND p.profileable_id = s.id WHERE s.id = ${job.staff_id}`,
    );
    const author: Author = { name: sender?.full_name || sender?.email || "System", staffId: job.staff_id };
    const progress = importProgress(deps.db, importId, deps);
    const outcome = await runKind(deps.db, job.kind, (job.params ?? {}) as { community_id?: number }, text, job.scope as Scope, author, deps.mailer, (processed) => progress.report(processed, total));
    const file = kindResult(cells, outcome);
    const failed = outcome.errors.length > 0;
    const resultKey = await deps.saveResult(file.csv);
    await finish({ status: failed ? "failed" : "done", processed_rows: failed ? 0 : total, result: { counts: file.counts, errors: outcome.errors.slice(0, 100) }, result_key: resultKey });
  } catch (error) {
    await finish({ status: "failed", error: error instanceof Error ? error.message.slice(0, 500) : "The file could not be read" });
  }
}

/** The counts a finished import answers (every kind keeps them under result.counts). */
export const countsOf = (result: unknown): OutcomeCounts | null => ((result as { counts?: OutcomeCounts } | null)?.counts ?? null);

/**
 * The tenant an upload belongs to (csv-imports.list.ts): the community's account for leases (so the account's staff
 * see what an agent or super admin imported into it), else the sender's account or agency; an account's agency
 * beside it, so the agency tree sees its accounts' uploads.
 */
export async function uploadTenant(
  db: Db,
  sender: { organizable_type: string | null; organizable_id: number | null },
  scope: Scope,
  communityId?: number,
): Promise<{ account_id: number | null; agency_id: number | null }> {
  const accountOf = async (id: number) => {
    const [row] = await queryRows<{ id: number; agency_id: number | null }>(db, sql`SELECT id, agency_id FROM accounts WHERE id = ${id}`);
    return { account_id: row?.id ?? null, agency_id: row?.agency_id ?? null };
  };
  if (communityId) {
    // Only a community the sender may see: another tenant's would show them the upload (the import refuses it anyway).
    const q = insurableListQuery(scope, [sql`i.id = ${communityId}`]);
    const [community] = await queryRows<{ account_id: number | null }>(db, sql`SELECT i.account_id FROM ${q.from} WHERE ${sql.join(q.where, sql` AND `)}`);
    if (community?.account_id) return accountOf(community.account_id);
  }
  if (sender.organizable_type === "Account" && sender.organizable_id) return accountOf(sender.organizable_id);
  if (sender.organizable_type === "Agency") return { account_id: null, agency_id: sender.organizable_id };
  return { account_id: null, agency_id: null };
}

/**
 * An upload through an import's own synchronous call (leases/bulk_create, tracking_urls/bulk_csv_upload,
 * insurable_id_updates), which answers as the reference has it, recorded like a job's upload: the file, its result
 * file and counts, in the list of past uploads. A refusal of the file is recorded and then thrown on; an error that is
 * not the file's (a 5xx) is thrown without a record.
 */
export async function recordedUpload<T>(
  deps: { db: Db; files: FileStore },
  caller: { user: { id: number; organizable_type: string | null; organizable_id: number | null }; scope: Scope },
  upload: { kind: Exclude<CsvImportKind, "properties">; fileName: string | undefined; text: string; communityId?: number; written?: RowOutcome },
  run: () => Promise<T>,
): Promise<T> {
  let outcome: KindOutcome;
  let answer: { value: T } | { error: unknown };
  try {
    answer = { value: await run() };
    outcome = { errors: [], written: upload.written };
  } catch (error) {
    answer = { error };
    try {
      outcome = { errors: refusedRows(error) };
    } catch {
      throw error;
    }
  }
  const cells = fileCells(upload.text);
  const file = kindResult(cells, outcome);
  const failed = outcome.errors.length > 0;
  const stored = await deps.files.put("csv-imports", Readable.from([Buffer.from(upload.text)]));
  const result = await deps.files.put("csv-import-results", Readable.from([Buffer.from(file.csv)]));
  const total = Math.max(0, cells.length - 1);
  await deps.db.insert(insurableImports).values({
    kind: upload.kind,
    ...(await uploadTenant(deps.db, caller.user, caller.scope, upload.communityId)),
    params: upload.communityId ? { community_id: upload.communityId } : null,
    staff_id: caller.user.id,
    file_name: cleanFileName(upload.fileName, "upload.csv"),
    storage_key: stored.key,
    scope: caller.scope,
    status: failed ? "failed" : "done",
    total_rows: total,
    processed_rows: failed ? 0 : total,
    result: { counts: file.counts, errors: outcome.errors.slice(0, 100) },
    result_key: result.key,
  });
  if ("error" in answer) throw answer.error;
  return answer.value;
}
