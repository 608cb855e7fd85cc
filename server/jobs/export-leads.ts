import { PassThrough } from "node:stream";
import { eq, sql } from "drizzle-orm";
import Papa from "papaparse";
import { REPORT_TIME_ZONE } from "../../src/domain/constants";
import type { Db } from "../db/client";
import { exports as exportsTable, staff } from "../db/schema";
import { attachDocument } from "../files/documents";
import { signDocumentLink } from "../files/signed-links";
import type { FileStore } from "../files/store";
import { parseListParams, queryRows } from "../lib/list";
import type { QueryValue } from "../lib/query-string";
import type { Scope } from "../lib/scope";
import type { Mailer } from "../mail/mailer";
import { leadListQuery, leadListSpec } from "../routes/leads/leads.list";
import { type LeadRow, leadJson } from "../routes/leads/leads.rows";
import { statusDefault, withListDefaults } from "../routes/leads/leads.service";
import { HEARTBEAT_SECONDS, claimExport } from "./export-policies";

export const EXPORT_LEADS_JOB = "export-leads";

/** What the request stored: the grid's filters and sort and the caller's scope at that moment. */
export interface LeadExportParams {
  filter: QueryValue;
  sort?: QueryValue;
  scope: Scope;
}

const BATCH = 1000;
const LINK_TTL = 7 * 86400;

const day = (iso: string | null) => (iso ? new Intl.DateTimeFormat("en-US", { timeZone: REPORT_TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date(iso)) : "");
const dollars = (cents: number | null) => (cents === null ? "" : (cents / 100).toFixed(2));

/** The columns of the leads grid (reference 4.9 row), dates as Los Angeles days, money in dollars. */
const COLUMNS: Array<[string, (r: ReturnType<typeof leadJson>) => unknown]> = [
  ["Email", (r) => r.email],
  ["First Name", (r) => r.first_name],
  ["Last Name", (r) => r.last_name],
  ["Agency", (r) => r.agency_name],
  ["Account", (r) => r.account_title],
  ["Status", (r) => r.status],
  ["Created At", (r) => day(r.created_at)],
  ["Last Visit", (r) => day(r.last_visit)],
  ["Last Visited Page", (r) => r.last_visited_page],
  ["Site Visits", (r) => r.site_visits],
  ["Campaign Name", (r) => r.primary_campaign_name],
  ["Campaign Source", (r) => r.primary_campaign_source],
  ["Campaign Medium", (r) => r.primary_campaign_medium],
  ["Premium", (r) => dollars(r.premium_total)],
  ["Billing Strategy", (r) => r.billing_strategy],
  ["Interested Product", (r) => r.interested_product],
  ["Archived", (r) => (r.archived ? "Yes" : "No")],
];

type Deps = { db: Db; files: FileStore; mailer: Mailer; filesSecret: string; publicUrl: string };

/**
 * The leads CSV (reference 4.9: `input_file=text/csv` mails the file): every lead of the stored filters and scope,
 * in the grid's order, 1,000 at a time, progress recorded, then a mail with the download link. Same claim and
 * heartbeat as the policies export, so a crashed process's export is taken up again.
 */
export async function runLeadExport(deps: Deps, exportId: number) {
  const { db } = deps;
  const [job] = await claimExport(db, exportId);
  if (!job) return;
  const params = JSON.parse(job.params) as LeadExportParams;
  const heartbeat = setInterval(() => {
    db.update(exportsTable).set({ heartbeat_at: new Date() }).where(eq(exportsTable.id, exportId)).catch(() => undefined);
  }, HEARTBEAT_SECONDS * 1000);
  heartbeat.unref();
  const out = new PassThrough();
  try {
    const filter = withListDefaults(params.filter);
    const list = leadListQuery(params.scope, statusDefault(filter));
    const { where, orderBy } = parseListParams({ filter, sort: params.sort }, leadListSpec);
    const conditions = [...list.where, ...where];
    const whereSql = conditions.length ? sql`AND ${sql.join(conditions, sql` AND `)}` : sql``;
    const [{ ids }] = await queryRows<{ ids: number[] }>(db, sql`SELECT coalesce(array_agg(l.id ORDER BY ${orderBy}), '{}') AS ids FROM ${list.from} WHERE true ${whereSql}`);
    await db.update(exportsTable).set({ total_rows: ids.length, heartbeat_at: new Date() }).where(eq(exportsTable.id, exportId));
    const stored = attachDocument(db, deps.files, { type: "Export", id: exportId }, {
      filename: `leads-${new Date().toISOString().slice(0, 10)}-${exportId}.csv`,
      contentType: "text/csv",
      body: out,
    });
    stored.catch(() => undefined);
    out.write(Papa.unparse([COLUMNS.map(([title]) => title)]) + "\r\n");
    let written = 0;
    for (let start = 0; start < ids.length; start += BATCH) {
      const batch = `{${ids.slice(start, start + BATCH).join(",")}}`;
      const rows = await queryRows<LeadRow>(
        db,
        sql`SELECT ${list.select} FROM ${list.from} JOIN unnest(${batch}::int[]) WITH ORDINALITY AS wanted(id, pos) ON l.id = wanted.id
             WHERE true ${whereSql} ORDER BY wanted.pos`,
      );
      const lines = Papa.unparse(rows.map((row) => COLUMNS.map(([, pick]) => pick(leadJson(row)) ?? "")), { header: false }) + "\r\n";
      if (rows.length && !out.write(lines)) await new Promise((resolve) => out.once("drain", resolve));
      written += rows.length;
      await db.update(exportsTable).set({ row_count: written, heartbeat_at: new Date() }).where(eq(exportsTable.id, exportId));
    }
    out.end();
    const document = await stored;
    await db.update(exportsTable).set({ status: "ready", row_count: written, document_id: document.id, finished_at: new Date() }).where(eq(exportsTable.id, exportId));
    const [requester] = await db.select({ email: staff.email }).from(staff).where(eq(staff.id, job.staff_id));
    if (requester) {
      const link = `${deps.publicUrl}${signDocumentLink(document.id, deps.filesSecret, LINK_TTL)}`;
      await deps.mailer.send({
        to: requester.email,
        subject: "Your leads export is ready",
        text: `Your export of ${written} leads is ready. Download it within 7 days: ${link}`,
        template: "leads_export",
        related: { type: "Export", id: exportId },
      });
    }
  } catch (error) {
    out.destroy(error instanceof Error ? error : new Error(String(error)));
    const message = error instanceof Error ? error.message : String(error);
    await db.update(exportsTable).set({ status: "failed", error: message, finished_at: new Date() }).where(eq(exportsTable.id, exportId));
    throw error;
  } finally {
    clearInterval(heartbeat);
  }
}
