import { Readable } from "node:stream";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { carriers, reports, staff } from "../db/schema";
import { attachDocument } from "../files/documents";
import { signDocumentLink } from "../files/signed-links";
import type { FileStore } from "../files/store";
import { queryRows } from "../lib/list";
import type { Mailer } from "../mail/mailer";
import { bordereauRows, bordereauXlsx } from "../reporting/bordereau";
import { complianceCsv, complianceFigures, complianceXlsx, type ReportOwner } from "../reporting/compliance";
import { HEARTBEAT_SECONDS, STALE_SECONDS } from "./export-policies";

export const BUILD_REPORT_JOB = "build-report";

export const CSV_TYPE = "text/csv";
export const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const LINK_TTL = 7 * 86400;

export interface ReportDeps {
  db: Db;
  files: FileStore;
  mailer: Mailer;
  filesSecret: string;
  publicUrl: string;
}

type ReportRow = typeof reports.$inferSelect;

/**
 * Takes a report for this process, as exports are taken (claimExport): a queued or failed one, or one whose
 * process stopped touching it; none when it is finished or a live process is writing it (a duplicate delivery).
 */
export function claimReport(db: Db, reportId: number) {
  return queryRows<ReportRow>(
    db,
    sql`UPDATE reports SET status = 'running', heartbeat_at = now(), attempts = attempts + 1, progress = 0, error = NULL, finished_at = NULL
         WHERE id = ${reportId}
           AND (status IN ('queued', 'failed')
                OR (status = 'running' AND (heartbeat_at IS NULL OR heartbeat_at < now() - make_interval(secs => ${STALE_SECONDS}))))
     RETURNING *`,
  );
}

/** The title the files carry: the account's, agency's or property's. */
async function ownerTitle(db: Db, owner: ReportOwner): Promise<string> {
  const table = owner.type === "Account" ? sql`accounts` : owner.type === "Agency" ? sql`agencies` : sql`insurables`;
  const [row] = await queryRows<{ title: string }>(db, sql`SELECT title FROM ${table} WHERE id = ${owner.id}`);
  return row?.title ?? "";
}

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "").slice(0, 60) || "report";

/** The file name a download answers with: `compliance-<owner>-<as of>-<id>.csv`. */
export function reportFileName(report: Pick<ReportRow, "id" | "kind" | "period_from" | "period_to">, title: string, format: "csv" | "xlsx"): string {
  const period = report.kind === "bordereau" ? `${report.period_from}-to-${report.period_to}` : report.period_to;
  return `${report.kind}-${slug(title)}-${period}-${report.id}.${format}`;
}

/**
 * Builds a claimed report: the compliance figures into a CSV and an XLSX, or the bordereau into an XLSX mailed to
 * whoever asked (Email History records it). Progress is written at each step so the Reports tab can show it.
 */
export async function runReport(deps: ReportDeps, reportId: number): Promise<void> {
  const { db } = deps;
  const [report] = await claimReport(db, reportId);
  if (!report) return;
  const heartbeat = setInterval(() => {
    db.update(reports).set({ heartbeat_at: new Date() }).where(eq(reports.id, reportId)).catch(() => undefined);
  }, HEARTBEAT_SECONDS * 1000);
  heartbeat.unref();
  const step = (progress: number) => db.update(reports).set({ progress, heartbeat_at: new Date() }).where(eq(reports.id, reportId));
  try {
    if (report.kind === "compliance") await writeComplianceReport(deps, report, step);
    else await buildBordereau(deps, report, step);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await db.update(reports).set({ status: "failed", error: message.slice(0, 1000), finished_at: new Date() }).where(eq(reports.id, reportId));
    throw error;
  } finally {
    clearInterval(heartbeat);
  }
}

const store = (deps: Pick<ReportDeps, "db" | "files">, report: ReportRow, filename: string, contentType: string, body: Buffer | string) =>
  attachDocument(deps.db, deps.files, { type: "Report", id: report.id }, { filename, contentType, body: Readable.from([Buffer.from(body)]) });

/**
 * A compliance report's figures and its two files, marked ready. The demo seed uses it too, so the demo's reports
 * are the ones a user would get; without a file store (API tests' demo) only the figures are kept.
 */
export async function writeComplianceReport(deps: Pick<ReportDeps, "db"> & { files?: FileStore }, report: ReportRow, step: (progress: number) => Promise<unknown> = async () => undefined) {
  const owner = { type: report.owner_type, id: report.owner_id! } as ReportOwner;
  const title = await ownerTitle(deps.db, owner);
  await step(10);
  const summary = await complianceFigures(deps.db, owner, report.period_to);
  await step(50);
  const files = deps.files;
  const csv = files ? await store({ db: deps.db, files }, report, reportFileName(report, title, "csv"), CSV_TYPE, complianceCsv(summary)) : null;
  await step(75);
  const xlsx = files ? await store({ db: deps.db, files }, report, reportFileName(report, title, "xlsx"), XLSX_TYPE, await complianceXlsx(summary, title)) : null;
  await deps.db
    .update(reports)
    .set({ status: "ready", progress: 100, summary: summary as unknown as Record<string, unknown>, csv_document_id: csv?.id ?? null, xlsx_document_id: xlsx?.id ?? null, finished_at: new Date() })
    .where(eq(reports.id, report.id));
}

async function buildBordereau(deps: ReportDeps, report: ReportRow, step: (progress: number) => Promise<unknown>) {
  const { db } = deps;
  const params = JSON.parse(report.params) as { carrier_id?: number | null };
  const [carrier] = params.carrier_id ? await db.select({ title: carriers.title }).from(carriers).where(eq(carriers.id, params.carrier_id)) : [];
  await step(10);
  const rows = await bordereauRows(db, { from: report.period_from, to: report.period_to, carrierId: params.carrier_id });
  await step(50);
  const xlsx = await store(deps, report, reportFileName(report, carrier?.title ?? "all-carriers", "xlsx"), XLSX_TYPE, await bordereauXlsx(rows, { from: report.period_from, to: report.period_to, carrier: carrier?.title }));
  const summary = { rows: rows.length, policies: rows.reduce((s, r) => s + r.policies, 0), premium: rows.reduce((s, r) => s + r.premium, 0), lines: rows };
  await db.update(reports).set({ status: "ready", progress: 100, summary, xlsx_document_id: xlsx.id, finished_at: new Date() }).where(eq(reports.id, report.id));
  const [requester] = await db.select({ email: staff.email }).from(staff).where(eq(staff.id, report.staff_id));
  if (requester) {
    const link = `${deps.publicUrl}${signDocumentLink(xlsx.id, deps.filesSecret, LINK_TTL)}`;
    await deps.mailer.send({
      to: requester.email,
      subject: `Bordereau report ${report.period_from} – ${report.period_to}`,
      text: `The bordereau report (${carrier?.title ?? "all carriers"}, ${report.period_from} to ${report.period_to}) is ready: ${summary.policies} policies, premium written $${(summary.premium / 100).toFixed(2)}. Download it within 7 days: ${link}`,
      template: "bordereau_report",
      related: { type: "Report", id: report.id },
      attachments: [{ documentId: xlsx.id }],
    });
  }
}
