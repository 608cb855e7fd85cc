import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { sendStoredFile } from "../../files/files.routes";
import { recordAuditEvent, staffAuthor } from "../../lib/history";
import { ValidationError } from "../../lib/errors";
import { date, id, idParams, text } from "../../lib/input";
import { filterTypes, listInput } from "../../lib/list-input";
import { sendList } from "../../lib/list";
import type { QueryObject } from "../../lib/query-string";
import { bordereauListSpec } from "./bordereau.list";
import { BUILD_REPORT_JOB } from "../../jobs/build-report";
import type { ReportOwner } from "../../reporting/compliance";
import { requireCaller } from "../../plugins/auth";
import { assertOwnerInScope, findBordereau, findReport, listBordereaux, listReports, reportDocument, reportJson, requestBordereau, requestReport } from "./reports.service";

/** The reference's answer to a report request that is mailed (reference 4.9, the leads CSV). */
export const REPORT_SENT_MESSAGE = "Report were sent";

const OWNERS = [
  ["accounts", "Account"],
  ["agencies", "Agency"],
  ["insurables", "Insurable"],
] as const;

const DEFAULT_PER = 20;
const MAX_PER = 100;

/** A 1-based page number or page size from the list query; anything but a positive integer is a 422. */
function pageValue(raw: unknown, fallback: number, max: number, field: string): number {
  if (raw === undefined || raw === "") return fallback;
  const value = typeof raw === "number" ? raw : /^\d{1,6}$/.test(String(raw)) ? Number(raw) : NaN;
  if (!Number.isInteger(value) || value < 1) throw new ValidationError({ [field]: "must be a positive whole number" });
  return Math.min(value, max);
}

const fileParams = z.object({ id, reportId: text(40) });
const generateQuery = z.object({ type: z.enum(["compliance"]).optional() }).strict();
const bordereauBody = z.object({ from: date, to: date, carrier_id: id.nullable().optional() }).strict();
const bordereauListQuery = listInput(filterTypes(bordereauListSpec));
const bordereauFileParams = z.object({ reportId: text(40) });

/**
 * Reports (issue 13 section 1, issue 14 section 2; document 3 section 7; reference 4.1 `…/reports`,
 * `…/reports/:id.(csv|xlsx)`, `generate?type=`): an account's, agency's or property's compliance reports, listed,
 * asked for (built by a background job) and downloaded; and the bordereau, mailed.
 */
export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const [base, type] of OWNERS) {
    const owner = (ownerId: number): ReportOwner => ({ type, id: ownerId });

    app.get(
      `/${base}/:id/reports`,
      { config: { access: { resource: "reports", action: "list" } }, schema: { params: idParams, querystring: listInput({}) } },
      async (request, reply) => {
        const caller = requireCaller(request);
        // Another tenant's owner is a 404 whatever the page asked for.
        await assertOwnerInScope(app.db, caller.scope, owner(request.params.id));
        const pagination = (request.query.pagination ?? {}) as { page?: unknown; per?: unknown };
        const page = pageValue(pagination.page, 1, 100_000, "pagination.page");
        const per = pageValue(pagination.per, DEFAULT_PER, MAX_PER, "pagination.per");
        const { total, rows } = await listReports(app.db, caller.scope, owner(request.params.id), page, per);
        reply.header("total-entries", String(total));
        reply.header("total-pages", String(Math.max(1, Math.ceil(total / per))));
        reply.header("current-page", String(page));
        return rows;
      },
    );

    app.post(
      `/${base}/:id/reports/generate`,
      { config: { access: { resource: "reports", action: "create" } }, schema: { params: idParams, querystring: generateQuery } },
      async (request, reply) => {
        const caller = requireCaller(request);
        const row = await requestReport(app.db, caller.scope, owner(request.params.id), caller.user.id);
        await recordAuditEvent(app.db, { type: "Report", id: row.id, action: "export", author: staffAuthor(caller.user), process: "console", details: { kind: "compliance", owner: `${type} ${request.params.id}` } });
        await app.jobs.send(BUILD_REPORT_JOB, { reportId: row.id });
        return reply.code(201).send(reportJson(row));
      },
    );

    app.get(`/${base}/:id/reports/:reportId`, { config: { access: { resource: "reports", action: "show" } }, schema: { params: fileParams } }, async (request, reply) => {
      const caller = requireCaller(request);
      const { row, format } = await findReport(app.db, caller.scope, owner(request.params.id), request.params.reportId);
      if (format === "json") return reportJson(row);
      const document = await reportDocument(app.db, row, format);
      await recordAuditEvent(app.db, { type: "Document", id: document.id, action: "download", author: staffAuthor(caller.user), process: "console", details: { file: document.filename } });
      return sendStoredFile(app, reply, document, "attachment");
    });
  }

  app.post("/reports/bordereau_reports", { config: { access: { resource: "bordereau_reports", action: "create" } }, schema: { body: bordereauBody } }, async (request) => {
    const caller = requireCaller(request);
    const row = await requestBordereau(app.db, request.body, caller.user.id);
    await recordAuditEvent(app.db, { type: "Report", id: row.id, action: "export", author: staffAuthor(caller.user), process: "console", details: { kind: "bordereau", ...request.body } });
    await app.jobs.send(BUILD_REPORT_JOB, { reportId: row.id });
    return { message: REPORT_SENT_MESSAGE, report_id: row.id };
  });

  // The bordereau requests (issue 13): status, period, carrier, who asked, when the mail went out, the XLSX.
  app.get("/reports/bordereau_reports", { config: { access: { resource: "bordereau_reports", action: "list" } }, schema: { querystring: bordereauListQuery } }, async (request, reply) => {
    const caller = requireCaller(request);
    const query = request.query as QueryObject;
    return sendList(reply, await listBordereaux(app.db, caller.scope, caller.user.id, { sort: query.sort, pagination: query.pagination, filter: query.filter }));
  });

  app.get(
    "/reports/bordereau_reports/:reportId",
    { config: { access: { resource: "bordereau_reports", action: "show" } }, schema: { params: bordereauFileParams } },
    async (request, reply) => {
      const caller = requireCaller(request);
      const found = await findBordereau(app.db, caller.scope, caller.user.id, request.params.reportId);
      if (found.json) return found.json;
      await recordAuditEvent(app.db, { type: "Document", id: found.document.id, action: "download", author: staffAuthor(caller.user), process: "console", details: { file: found.document.filename } });
      return sendStoredFile(app, reply, found.document, "attachment");
    },
  );
};
