import type { Readable } from "node:stream";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { checkedFiles } from "../../db/schema";
import { signFileLink } from "../../files/signed-links";
import type { FileStore } from "../../files/store";
import { PDF_ONLY, storeCheckedUpload } from "../../files/uploads";
import { claimHolderJson, type ClaimHolder } from "../../lib/claims";
import { NotFoundError, ValidationError } from "../../lib/errors";
import { cleanFileName } from "../../lib/input";
import { SEARCH_COUNT_CAP, cappedCount, queryRows } from "../../lib/list";

/** DMR files are PDFs of at most this size (the coverage-proof limit, document 2 section 9). */
export const DMR_MAX_MB = 30;

export type CheckedFileRow = typeof checkedFiles.$inferSelect;

export interface DmrListQuery {
  page: number;
  per: number;
  processed?: boolean;
  dateFrom?: string;
  dateTo?: string;
  search?: string;
  sort: "updated_at" | "created_at" | "name" | "id";
  direction: "asc" | "desc";
}

const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The grid's row (document 1 section 3 "Checked file"), with a signed link standing in for the S3 URL. */
export function checkedFileJson(row: CheckedFileRow & { policy_number?: string | null; claimed_by?: ClaimHolder | null }, secret: string) {
  return {
    id: row.id,
    name: row.name,
    processed: row.processed,
    outcome: row.outcome,
    updated_at: new Date(row.updated_at).toISOString(),
    created_at: new Date(row.created_at).toISOString(),
    policy_id: row.policy_id,
    policy_number: row.policy_number ?? null,
    claimed_by: row.claimed_by ?? null,
    byte_size: row.byte_size,
    s3_url: signFileLink("checked-file", row.id, secret),
  };
}

export async function listCheckedFiles(db: Db, q: DmrListQuery) {
  const conditions = [sql`true`];
  if (q.processed !== undefined) conditions.push(sql`cf.processed = ${q.processed}`);
  if (q.dateFrom) conditions.push(sql`cf.updated_at >= ${q.dateFrom}::date`);
  // An end date includes its whole day.
  if (q.dateTo) conditions.push(sql`cf.updated_at < ${q.dateTo}::date + 1`);
  // The name by its trigram index, the policy number by its own into the files' policy index: the matching policies'
  // ids as an array (not IN a subquery, which only a scan of every file can test), so the two sides are one BitmapOr
  // and neither the count nor the page reads a file that does not match (an absent term read all 100,000).
  if (q.search) {
    const pattern = likePattern(q.search);
    conditions.push(sql`(lower(cf.name) LIKE ${pattern} OR cf.policy_id = ANY (ARRAY(SELECT id FROM policies WHERE lower(number) LIKE ${pattern})))`);
  }
  const where = sql.join(conditions, sql` AND `);
  const order = sql`${sql.identifier(q.sort)} ${q.direction === "asc" ? sql`ASC` : sql`DESC`}`;
  // The page's ids first (skipping index entries only: checked_files_queue_idx holds processed, updated_at and id),
  // then the rows, policy numbers and claims of those ids alone.
  const [rows, counted] = await Promise.all([
    queryRows<CheckedFileRow & { policy_number: string | null; claimed_by: ClaimHolder | null }>(
      db,
      sql`SELECT cf.*, po.number AS policy_number, ${claimHolderJson("CheckedFile", sql`cf.id`)} AS claimed_by
          FROM (SELECT cf.id, row_number() OVER () AS pos FROM (
                  SELECT cf.id FROM checked_files cf WHERE ${where} ORDER BY cf.${order}, cf.id DESC LIMIT ${q.per} OFFSET ${(q.page - 1) * q.per}) cf) page
          JOIN checked_files cf ON cf.id = page.id LEFT JOIN policies po ON po.id = cf.policy_id
          ORDER BY page.pos`,
    ),
    cappedCount(db, sql`checked_files cf`, conditions, { reach: q.page * q.per, cap: q.search ? SEARCH_COUNT_CAP : undefined }),
  ]);
  return { rows, ...counted };
}

export async function findCheckedFile(db: Db, id: number): Promise<CheckedFileRow> {
  const [row] = await db.select().from(checkedFiles).where(eq(checkedFiles.id, id));
  if (!row) throw new NotFoundError("File");
  return row;
}

/** Marks a file processed (archive, or after a submit); doing it twice is harmless. */
export async function markProcessed(db: Db, id: number, staffId: number, outcome: "archived" | "submitted", policyId?: number) {
  const row = await findCheckedFile(db, id);
  if (row.processed && outcome === "archived") return row;
  const [updated] = await db
    .update(checkedFiles)
    .set({ processed: true, outcome, processed_at: new Date(), processed_by_id: staffId, updated_at: new Date(), ...(policyId ? { policy_id: policyId } : {}) })
    .where(and(eq(checkedFiles.id, id)))
    .returning();
  return updated;
}

/**
 * Adds one PDF to the queue: checked by content and size, stored, deduplicated by SHA-256 (the same file twice is
 * reported, not queued twice).
 */
/** Stores one uploaded PDF (checked by content, at most DMR_MAX_MB) without recording it yet. */
export const storeCheckedPdf = (files: FileStore, body: Readable) =>
  storeCheckedUpload(files, { type: "CheckedFile" }, body, { field: "files", allowed: PDF_ONLY, maxMb: DMR_MAX_MB });

type StoredPdf = Awaited<ReturnType<typeof storeCheckedPdf>>;

/** Records a stored PDF in the queue; the same bytes already queued make it a duplicate (its copy is removed). */
export async function recordCheckedFile(
  db: Db,
  files: FileStore,
  stored: StoredPdf,
  input: { name: string; source: CheckedFileRow["source"]; uploadedById?: number },
): Promise<{ row: CheckedFileRow; duplicate: boolean }> {
  const [existing] = await db.select().from(checkedFiles).where(eq(checkedFiles.checksum, stored.checksum));
  if (existing) {
    await files.remove(stored.key);
    return { row: existing, duplicate: true };
  }
  const name = cleanFileName(input.name, "document.pdf");
  const [row] = await db
    .insert(checkedFiles)
    .values({
      name,
      checksum: stored.checksum,
      storage_key: stored.key,
      content_type: stored.contentType,
      byte_size: stored.byteSize,
      source: input.source,
      uploaded_by_id: input.uploadedById,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) {
    // Another upload of the same bytes won the race.
    await files.remove(stored.key);
    const [winner] = await db.select().from(checkedFiles).where(eq(checkedFiles.checksum, stored.checksum));
    return { row: winner, duplicate: true };
  }
  return { row, duplicate: false };
}

/** Stores and records one PDF (folder import, demo). */
export async function addCheckedFile(
  db: Db,
  files: FileStore,
  input: { name: string; body: Readable; source: CheckedFileRow["source"]; uploadedById?: number },
): Promise<{ row: CheckedFileRow; duplicate: boolean }> {
  return recordCheckedFile(db, files, await storeCheckedPdf(files, input.body), input);
}

export function assertPdfName(name: string) {
  if (!name) throw new ValidationError({ files: "is required" });
}
