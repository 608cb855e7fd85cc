import { and, desc, eq, sql } from "drizzle-orm";
import { reportToday } from "../../../src/domain/leads";
import type { Db } from "../../db/client";
import { carriers, documents, reports } from "../../db/schema";
import { NotFoundError, ValidationError } from "../../lib/errors";
import { type ListInput, parseListParams, queryRows, runList } from "../../lib/list";
import { bordereauListQuery, bordereauListSpec } from "./bordereau.list";
import type { Scope } from "../../lib/scope";
import type { ReportOwner } from "../../reporting/compliance";
import { assertAccountInScope } from "../accounts/accounts.service";
import { agencyScope } from "../agencies/agencies.list";
import { insurableScopeCondition } from "../lookups/lookups.scope";

type ReportRow = typeof reports.$inferSelect;

/** 404 for an owner that does not exist or lies outside the caller's scope (never reveal it exists). */
export async function assertOwnerInScope(db: Db, scope: Scope, owner: ReportOwner): Promise<void> {
  if (owner.type === "Account") return assertAccountInScope(db, scope, owner.id);
  if (owner.type === "Agency") {
    const rows = await queryRows(db, sql`SELECT ag.id FROM agencies ag WHERE ag.id = ${owner.id} ${sql.join(agencyScope(scope).map((c) => sql` AND ${c}`), sql``)}`);
    if (!rows.length) throw new NotFoundError("Agency");
    return;
  }
  const rows = await queryRows(db, sql`SELECT i.id FROM insurables i WHERE i.id = ${owner.id} ${sql.join(insurableScopeCondition(scope).map((c) => sql` AND ${c}`), sql``)}`);
  if (!rows.length) throw new NotFoundError("Insurable");
}

/** A report as the Reports tab lists it; `formats` are the files it can download now. */
export function reportJson(row: ReportRow) {
  const ready = row.status === "ready";
  const { communities: _communities, lines: _lines, ...summary } = (row.summary ?? {}) as Record<string, unknown>;
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    progress: row.progress,
    created_at: row.created_at.toISOString(),
    finished_at: row.finished_at?.toISOString() ?? null,
    period: { from: row.period_from, to: row.period_to },
    formats: ready ? [...(row.csv_document_id ? ["csv"] : []), ...(row.xlsx_document_id ? ["xlsx"] : [])] : [],
    summary: ready ? summary : null,
    error: row.status === "failed" ? "The report could not be built; generate it again." : null,
  };
}

const ownerIs = (owner: ReportOwner) => and(eq(reports.owner_type, owner.type), eq(reports.owner_id, owner.id), eq(reports.kind, "compliance"));

/** The owner's compliance reports, newest first, a page at a time. */
export async function listReports(db: Db, scope: Scope, owner: ReportOwner, page: number, per: number) {
  await assertOwnerInScope(db, scope, owner);
  const [{ total }] = await db.select({ total: sql<number>`count(*)::int` }).from(reports).where(ownerIs(owner));
  const rows = await db
    .select()
    .from(reports)
    .where(ownerIs(owner))
    .orderBy(desc(reports.created_at), desc(reports.id))
    .limit(per)
    .offset((page - 1) * per);
  return { total, rows: rows.map(reportJson) };
}

/** Asks for a compliance report of the owner as of today (Los Angeles); the job builds it (BUILD_REPORT_JOB). */
export async function requestReport(db: Db, scope: Scope, owner: ReportOwner, staffId: number, now = new Date()) {
  await assertOwnerInScope(db, scope, owner);
  const today = reportToday(now);
  const [row] = await db
    .insert(reports)
    .values({ kind: "compliance", owner_type: owner.type, owner_id: owner.id, staff_id: staffId, period_from: today, period_to: today })
    .returning();
  return row;
}

/** `12.csv` → {id 12, format csv}; `12` and `12.json` name the report itself (reference 4.1); anything else is a 422. */
export function parseReportFile(file: string): { id: number; format: "json" | "csv" | "xlsx" } {
  const match = /^([1-9]\d{0,9})(?:\.(json|csv|xlsx))?$/.exec(file);
  const id = match ? Number(match[1]) : NaN;
  if (!match || id > 2_147_483_647) throw new ValidationError({ reportId: "Give the report's id and a format, csv or xlsx (12.csv)" });
  return { id, format: (match[2] ?? "json") as "json" | "csv" | "xlsx" };
}

/** One report of this owner: its JSON, or the stored file of a ready one (see reportDocument). */
export async function findReport(db: Db, scope: Scope, owner: ReportOwner, file: string) {
  await assertOwnerInScope(db, scope, owner);
  const { id, format } = parseReportFile(file);
  const [row] = await db.select().from(reports).where(and(eq(reports.id, id), ownerIs(owner)));
  if (!row) throw new NotFoundError("Report");
  return { row, format };
}

/** The stored file of a ready report of this owner; 404 for another owner's report, one not ready, or a format it lacks. */
export async function reportDocument(db: Db, row: ReportRow, format: "csv" | "xlsx") {
  const documentId = row?.status === "ready" ? (format === "csv" ? row.csv_document_id : row.xlsx_document_id) : null;
  if (!documentId) throw new NotFoundError("Report");
  const [document] = await db.select().from(documents).where(eq(documents.id, documentId));
  if (!document) throw new NotFoundError("Report");
  return document;
}

/** The longest period a bordereau covers: a year (a leap year's 366 days). */
export const BORDEREAU_MAX_DAYS = 366;

const dayNumber = (day: string) => Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))) / 86_400_000;

/** Records a bordereau request after checking its period and carrier; the job builds the XLSX and mails it. */
export async function requestBordereau(db: Db, input: { from: string; to: string; carrier_id?: number | null }, staffId: number) {
  if (dayNumber(input.to) < dayNumber(input.from)) throw new ValidationError({ to: "must be on or after the start of the period" });
  if (dayNumber(input.to) - dayNumber(input.from) + 1 > BORDEREAU_MAX_DAYS) throw new ValidationError({ to: "The period can't be longer than 12 months" });
  if (input.carrier_id) {
    const [carrier] = await db.select({ id: carriers.id }).from(carriers).where(eq(carriers.id, input.carrier_id));
    if (!carrier) throw new ValidationError({ carrier_id: "Select carrier from the drop-down list" });
  }
  const [row] = await db
    .insert(reports)
    .values({ kind: "bordereau", owner_type: "System", staff_id: staffId, period_from: input.from, period_to: input.to, params: JSON.stringify({ carrier_id: input.carrier_id ?? null }) })
    .returning();
  return row;
}

interface BordereauListRow {
  id: number;
  status: ReportRow["status"];
  progress: number;
  period_from: string;
  period_to: string;
  created_at: Date | string;
  finished_at: Date | string | null;
  xlsx_document_id: number | null;
  summary: { policies?: number; premium?: number } | null;
  carrier: { id: number; title: string } | null;
  requested_by: { id: number; email: string; full_name: string | null } | null;
  mail: { id: number; status: string; to: string; created_at: string } | null;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** A bordereau request as its list shows it: the XLSX once built, and the mail that sent it (Email History). */
export function bordereauJson(row: BordereauListRow) {
  const ready = row.status === "ready";
  return {
    id: row.id,
    status: row.status,
    progress: row.progress,
    period: { from: row.period_from, to: row.period_to },
    carrier: row.carrier,
    requested_by: row.requested_by,
    created_at: iso(row.created_at),
    finished_at: iso(row.finished_at),
    sent_at: row.mail ? iso(row.mail.created_at) : null,
    mail: row.mail ? { id: row.mail.id, status: row.mail.status, to: row.mail.to } : null,
    formats: ready && row.xlsx_document_id ? ["xlsx"] : [],
    summary: ready && row.summary ? { policies: row.summary.policies ?? 0, premium: row.summary.premium ?? 0 } : null,
    error: row.status === "failed" ? "The report could not be built; generate it again." : null,
  };
}

/** GET /reports/bordereau_reports: the bordereau requests, newest first, with the list contract's filters and sorts. */
export async function listBordereaux(db: Db, scope: Scope, staffId: number, input: ListInput) {
  const result = await runList<BordereauListRow>(db, bordereauListQuery(scope, staffId), parseListParams(input, bordereauListSpec));
  return { ...result, rows: result.rows.map(bordereauJson) };
}

/** One bordereau request (`12`, `12.json`) or its XLSX (`12.xlsx`); 404 outside the caller's scope or without the file. */
export async function findBordereau(db: Db, scope: Scope, staffId: number, file: string) {
  const { id, format } = parseReportFile(file);
  const query = bordereauListQuery(scope, staffId);
  const [row] = await queryRows<BordereauListRow>(db, sql`SELECT ${query.select} FROM ${query.from} WHERE r.id = ${id} AND ${sql.join(query.where, sql` AND `)}`);
  if (!row) throw new NotFoundError("Report");
  if (format === "json") return { json: bordereauJson(row) };
  const [report] = await db.select().from(reports).where(eq(reports.id, id));
  return { document: await reportDocument(db, report, format) };
}
