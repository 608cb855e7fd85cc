import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { recordAuditEvent, staffAuthor } from "../../lib/history";
import { type ListSpec, parseListParams, runList, sendList } from "../../lib/list";
import { filterTypes, listInput } from "../../lib/list-input";
import type { QueryObject } from "../../lib/query-string";
import { requireCaller } from "../../plugins/auth";
import { type AuditRow, auditCsv } from "./audit.csv";
import { auditListQuery, auditListSpec } from "./audit.list";

/** The most rows one export writes: the audit log is read in periods, never exported whole. */
export const AUDIT_EXPORT_MAX = 50_000;

const access = (action: string) => ({ access: { resource: "audit", action } });

const params = (query: QueryObject, spec: ListSpec, per?: number) =>
  parseListParams({ sort: query.sort, pagination: per ? { page: "1", per: String(per) } : query.pagination, filter: query.filter as never }, spec, per ? { maxPer: per } : {});

/**
 * The audit log (issue 17 section 4), super admins only (the permission table names no other role): the history rows
 * of every record and the audit events (sign-ins, failed sign-ins, exports, downloads), read and exported, never
 * changed. No route writes, edits or deletes a row here, and the table refuses UPDATE and DELETE (migration 0022).
 */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/audit_events", { config: access("list"), schema: { querystring: listInput(filterTypes(auditListSpec)) } }, async (request, reply) => {
    const result = await runList(app.db, auditListQuery(), params(request.query as QueryObject, auditListSpec));
    return sendList(reply, result);
  });

  app.get(
    "/audit_events/export",
    { config: access("export"), schema: { querystring: listInput(filterTypes(auditListSpec), { format: z.literal("csv").optional() }) } },
    async (request, reply) => {
      const caller = requireCaller(request);
      const query = request.query as QueryObject;
      const result = await runList<AuditRow>(app.db, auditListQuery(), params(query, auditListSpec, AUDIT_EXPORT_MAX));
      await recordAuditEvent(app.db, { type: "AuditLog", id: null, action: "export", author: staffAuthor(caller.user), process: "console", details: { kind: "audit", filter: query.filter ?? {}, rows: result.rows.length } });
      return reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", 'attachment; filename="audit-log.csv"')
        .send(auditCsv(result.rows));
    },
  );
};
