import { PassThrough } from "node:stream";
import { eq, type SQL, sql } from "drizzle-orm";
import Papa from "papaparse";
import { REPORT_TIME_ZONE } from "../../src/domain/constants";
import { policyCells } from "../../src/domain/policyCells";
import type { Role } from "../../src/domain/roles";
import type { Db } from "../db/client";
import { exports as exportsTable, staff } from "../db/schema";
import { attachDocument } from "../files/documents";
import { signDocumentLink } from "../files/signed-links";
import type { FileStore } from "../files/store";
import { parseListParams, queryRows } from "../lib/list";
import type { QueryValue } from "../lib/query-string";
import type { Scope } from "../lib/scope";
import type { Mailer } from "../mail/mailer";
import { policyListQuery, policyListSpec, policyRowJson, type PolicyListRow } from "../routes/policies/policies.list";

export const EXPORT_POLICIES_JOB = "export-policies";

/** What the request stored: the filters and sort as sent and the caller's scope at that moment. */
export interface PolicyExportParams {
  filter: QueryValue;
  /** The grid's sort (its default, newest change first, when absent): the file lists rows in the grid's order. */
  sort?: QueryValue;
  scope: Scope;
  role: Role;
}

const BATCH = 1000;
const LINK_TTL = 7 * 86400;
/** The running process touches the export this often; one silent for STALE_SECONDS was left by a dead process. */
export const HEARTBEAT_SECONDS = 10;
export const STALE_SECONDS = 45;

/** The columns of the browse grid (document 2 section 2), in its order, with the text the grid shows in them. */
const COLUMNS: Array<[string, (r: ReturnType<typeof policyRowJson>) => unknown]> = [
  ["Number", (r) => r.number],
  ["Status", (r) => policyCells.status(r.status)],
  ["T Code", (r) => r.tcode],
  ["Community", (r) => r.primary_insurable?.parent_community?.title],
  ["Building", (r) => r.primary_insurable?.parent_building?.title],
  ["Unit", (r) => r.primary_insurable?.title],
  ["Account", (r) => r.account?.title],
  ["Agency", (r) => r.agency?.title],
  ["Effective Date", (r) => policyCells.date(r.effective_date)],
  ["Expiration Date", (r) => policyCells.date(r.expiration_date)],
  ["Customer", (r) => r.primary_user?.full_name],
  ["Email", (r) => r.primary_user?.email],
  ["Policy Type", (r) => r.policy_type_title],
  ["Billing Strategy", (r) => policyCells.billingStrategy(r.billing_strategy)],
  ["Updated At", (r) => policyCells.updatedAt(String(r.updated_at), REPORT_TIME_ZONE)],
  ["In System", (r) => policyCells.inSystem(Boolean(r.policy_in_system))],
];

function csvLines(rows: PolicyListRow[]): string {
  const data = rows.map((row) => {
    const json = policyRowJson(row);
    return COLUMNS.map(([, pick]) => pick(json) ?? "");
  });
  return Papa.unparse(data, { header: false }) + "\r\n";
}

/**
 * Writes every policy matching the stored filters to a CSV in the file store, in the grid's order, 1,000 rows at a
 * time (no OFFSET, so the last batch costs what the first does), records progress, then mails the requester.
 */
export interface ExportDeps {
  db: Db;
  files: FileStore;
  mailer: Mailer;
  filesSecret: string;
  publicUrl: string;
  /**
   * From `from` rows on, one set-based query read through a server-side cursor instead of 1,000 ids at a time: a
   * million rows fetched one by one cost ten index lookups each in random order, where hash joins read each table
   * once (233 s against about 60 s at a million). PostgreSQL only (`progressOnPool`: progress is written on another
   * connection while the cursor's transaction is open); the embedded database has one connection, which the
   * cursor's transaction would hold for the whole export.
   */
  cursor?: { from: number; progressOnPool: boolean };
}

/** Exports this large read through a cursor on PostgreSQL (ExportDeps.cursor). */
export const CURSOR_FROM = 50_000;

export async function runPolicyExport(deps: ExportDeps, exportId: number) {
  const { db } = deps;
  const [job] = await claimExport(db, exportId);
  // Finished, or being written by a live process (its heartbeat is fresh): a duplicate delivery does nothing.
  if (!job) return;
  const params = JSON.parse(job.params) as PolicyExportParams;
  const heartbeat = setInterval(() => {
    db.update(exportsTable).set({ heartbeat_at: new Date() }).where(eq(exportsTable.id, exportId)).catch(() => undefined);
  }, HEARTBEAT_SECONDS * 1000);
  heartbeat.unref();
  try {
    await writeExport(deps, exportId, job.staff_id, params);
  } finally {
    clearInterval(heartbeat);
  }
}

/** The ids' rows, 1,000 at a time by primary key; the next batch is read while this one is written. */
async function readByIds(db: Db, list: ReturnType<typeof policyListQuery>, whereSql: SQL, ids: number[], consume: (rows: PolicyListRow[]) => Promise<void>) {
  // Rows deleted or changed out of the filter since the ids were read are left out.
  const fetchBatch = (start: number) => {
    const batch = `{${ids.slice(start, start + BATCH).join(",")}}`;
    const rows = queryRows<PolicyListRow>(
      db,
      sql`SELECT ${list.select} FROM ${list.from}
            JOIN unnest(${batch}::int[]) WITH ORDINALITY AS wanted(id, pos) ON po.id = wanted.id
           WHERE true ${whereSql} ORDER BY wanted.pos`,
    );
    // Awaited below; this only keeps a failure while it waits from counting as unhandled.
    rows.catch(() => undefined);
    return rows;
  };
  let next = ids.length ? fetchBatch(0) : null;
  for (let start = 0; next; start += BATCH) {
    const rows = await next;
    next = start + BATCH < ids.length ? fetchBatch(start + BATCH) : null;
    await consume(rows);
  }
}

/** `query`'s rows through a server-side cursor, 1,000 at a time (the cursor lives in a transaction). */
async function readThroughCursor(db: Db, query: SQL, consume: (rows: PolicyListRow[], tx: Db) => Promise<void>) {
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    await tx.execute(sql`DECLARE export_rows NO SCROLL CURSOR FOR ${query}`);
    for (;;) {
      const rows = await queryRows<PolicyListRow>(tx, sql.raw(`FETCH ${BATCH} FROM export_rows`));
      if (rows.length === 0) break;
      await consume(rows, tx);
    }
  });
}

/**
 * The grid's row (policyListQuery) as the export needs it, set-based: each related table joined once (hash joins over
 * whole tables) instead of looked up per row. Keep in step with policyListQuery's select: the equality test in
 * export-recovery.test.ts writes one export both ways and compares the files.
 */
const EXPORT_SELECT = sql`po.id, po.number, po.status, po.policy_in_system, po.policy_type_id, pt.title AS policy_type_title,
  po.effective_date, po.expiration_date, po.updated_at, po.created_at, po.out_of_system_carrier_title, quote.billing_strategy,
  CASE WHEN ac.id IS NULL THEN NULL ELSE json_build_object('id', ac.id, 'title', ac.title) END AS account,
  CASE WHEN ag.id IS NULL THEN NULL ELSE json_build_object('id', ag.id, 'title', ag.title) END AS agency,
  NULL::json AS carrier, holder.primary_user, place.primary_insurable, NULL::json AS latest_submitted_revision`;
const EXPORT_FROM = sql`policies po
  JOIN policy_types pt ON pt.id = po.policy_type_id
  LEFT JOIN accounts ac ON ac.id = po.account_id
  LEFT JOIN agencies ag ON ag.id = po.agency_id
  LEFT JOIN (SELECT DISTINCT ON (q.policy_id) q.policy_id, q.billing_strategy FROM policy_quotes q ORDER BY q.policy_id, q.id DESC) quote
         ON quote.policy_id = po.id
  LEFT JOIN (SELECT DISTINCT ON (pu.policy_id) pu.policy_id,
                    json_build_object('id', u.id, 'email', u.email, 'full_name', p.full_name, 'tcode', tc.external_id) AS primary_user
               FROM policy_users pu JOIN users u ON u.id = pu.user_id
               LEFT JOIN profiles p ON p.profileable_type = 'User' AND p.profileable_id = u.id
               LEFT JOIN (SELECT DISTINCT ON (ip.profileable_id) ip.profileable_id, ip.external_id FROM integration_profiles ip
                           WHERE ip.profileable_type = 'User' ORDER BY ip.profileable_id, ip.id) tc ON tc.profileable_id = u.id
              ORDER BY pu.policy_id, pu."primary" DESC, pu.id) holder
         ON holder.policy_id = po.id
  LEFT JOIN (SELECT DISTINCT ON (pi.policy_id) pi.policy_id,
                    json_build_object('id', unit.id, 'title', unit.title,
                      'parent_building', CASE WHEN parent.insurable_type_id = 7 THEN json_build_object('id', parent.id, 'title', parent.title) END,
                      'parent_community', CASE WHEN parent.insurable_type_id = 7 THEN CASE WHEN c.id IS NOT NULL THEN json_build_object('id', c.id, 'title', c.title) END
                                                WHEN parent.id IS NOT NULL THEN json_build_object('id', parent.id, 'title', parent.title) END) AS primary_insurable
               FROM policy_insurables pi JOIN insurables unit ON unit.id = pi.insurable_id
               LEFT JOIN insurables parent ON parent.id = unit.insurable_id
               LEFT JOIN insurables c ON c.id = parent.insurable_id
              ORDER BY pi.policy_id, pi."primary" DESC, pi.id) place
         ON place.policy_id = po.id`;

/**
 * Takes the export for this process: one queued, failed (a retry) or left running by a process whose heartbeat
 * stopped. The row lock makes two deliveries of one export race for it; one wins.
 */
export function claimExport(db: Db, exportId: number) {
  return queryRows<{ id: number; staff_id: number; params: string }>(
    db,
    sql`UPDATE exports SET status = 'running', heartbeat_at = now(), attempts = attempts + 1, row_count = 0, error = NULL, finished_at = NULL
         WHERE id = ${exportId}
           AND (status IN ('queued', 'failed')
                OR (status = 'running' AND (heartbeat_at IS NULL OR heartbeat_at < now() - make_interval(secs => ${STALE_SECONDS}))))
     RETURNING id, staff_id, params`,
  );
}

async function writeExport(deps: ExportDeps, exportId: number, staffId: number, params: PolicyExportParams) {
  const { db } = deps;
  const list = policyListQuery(params.scope, params.role);
  const { where, orderBy } = parseListParams({ filter: params.filter, sort: params.sort }, policyListSpec);
  const conditions = [...list.where, ...where];
  const whereSql = conditions.length ? sql`AND ${sql.join(conditions, sql` AND `)}` : sql``;
  const out = new PassThrough();
  try {
    const [{ total }] = await queryRows<{ total: number }>(db, sql`SELECT count(*)::int AS total FROM ${list.countFrom ?? list.from} WHERE true ${whereSql}`);
    const throughCursor = deps.cursor !== undefined && total >= deps.cursor.from;
    // Otherwise the matching ids in the grid's order, as one array (never the rows), then the rows 1,000 ids at a
    // time by primary key.
    const ids = throughCursor
      ? []
      : (await queryRows<{ ids: number[] }>(db, sql`SELECT coalesce(array_agg(po.id ORDER BY ${orderBy}), '{}') AS ids FROM ${list.from} WHERE true ${whereSql}`))[0].ids;
    await db.update(exportsTable).set({ total_rows: throughCursor ? total : ids.length, heartbeat_at: new Date() }).where(eq(exportsTable.id, exportId));
    // The store writes under a temporary name and renames once the stream ends: never a partial file under the key.
    const stored = attachDocument(db, deps.files, { type: "Export", id: exportId }, {
      filename: `policies-${new Date().toISOString().slice(0, 10)}-${exportId}.csv`,
      contentType: "text/csv",
      body: out,
    });
    // A failure below destroys the stream, which fails this too: the failure is reported once, from the loop.
    stored.catch(() => undefined);
    out.write(Papa.unparse([COLUMNS.map(([title]) => title)]) + "\r\n");
    let written = 0;
    const consume = async (rows: PolicyListRow[], progress: Db) => {
      // Respect back-pressure: wait for the store to take the batch before reading the next one.
      if (rows.length && !out.write(csvLines(rows))) await new Promise((resolve) => out.once("drain", resolve));
      written += rows.length;
      await progress.update(exportsTable).set({ row_count: written, heartbeat_at: new Date() }).where(eq(exportsTable.id, exportId));
    };
    if (throughCursor) {
      await readThroughCursor(db, sql`SELECT ${EXPORT_SELECT} FROM ${EXPORT_FROM} WHERE true ${whereSql} ORDER BY ${orderBy}`, (rows, tx) =>
        consume(rows, deps.cursor!.progressOnPool ? db : tx),
      );
    } else {
      await readByIds(db, list, whereSql, ids, (rows) => consume(rows, db));
    }
    out.end();
    const document = await stored;
    await db
      .update(exportsTable)
      .set({ status: "ready", row_count: written, document_id: document.id, finished_at: new Date() })
      .where(eq(exportsTable.id, exportId));
    const [requester] = await db.select({ email: staff.email }).from(staff).where(eq(staff.id, staffId));
    if (requester) {
      const link = `${deps.publicUrl}${signDocumentLink(document.id, deps.filesSecret, LINK_TTL)}`;
      await deps.mailer.send({
        to: requester.email,
        subject: "Your policies export is ready",
        text: `Your export of ${written} policies is ready. Download it within 7 days: ${link}\n\nIt is also listed under Exports on the Policies page.`,
        template: "policies_export",
        related: { type: "Export", id: exportId },
      });
    }
  } catch (error) {
    out.destroy(error instanceof Error ? error : new Error(String(error)));
    const message = error instanceof Error ? error.message : String(error);
    await db.update(exportsTable).set({ status: "failed", error: message, finished_at: new Date() }).where(eq(exportsTable.id, exportId));
    throw error;
  }
}
