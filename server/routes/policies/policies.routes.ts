import { desc, eq, sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { documents, exports as exportsTable } from "../../db/schema";
import { signDocumentLink } from "../../files/signed-links";
import { EXPORT_POLICIES_JOB, type PolicyExportParams } from "../../jobs/export-policies";
import { id, text } from "../../lib/input";
import { notFoundMessage } from "../../lib/errors";
import { defineBulkAction, runBulk } from "../../lib/bulk";
import { listEnvelope, parseListParams, runList, sendList } from "../../lib/list";
import { bulkInput, filterTypes, listInput } from "../../lib/list-input";
import type { QueryObject, QueryValue } from "../../lib/query-string";
import { requireCaller } from "../../plugins/auth";
import { recordAuditEvent, staffAuthor } from "../../lib/history";
import { deleteExternalPolicy } from "./policies.delete";
import { policyListQuery, policyListSpec, policyRowJson, type PolicyListRow } from "./policies.list";
import { resendPolicyDocuments } from "./policy-resend";

const policyFilters = filterTypes(policyListSpec);
const listQuery = listInput(policyFilters, { short: text(10).optional(), format: text(10).optional() });
const listBody = listInput(policyFilters).default({});
const exportQuery = listInput(policyFilters);
const list = { resource: "policies", action: "list" };

/**
 * The grid's bulk Resend Documents (issue 17 section 5): each policy as the policy page's Resend Documents mails it
 * (its primary customer, its documents, once in 5 minutes), so a policy without a customer or documents, mailed a
 * moment ago or external (the page offers Resend Documents on in-system policies only) fails alone with its reason.
 * Rows are named by their number, as the grid shows them.
 */
const resendDocuments = defineBulkAction({
  name: "policies.resend_documents",
  label: sql`po.number`,
  each: (app, actor, id) => resendPolicyDocuments(app, actor, id, { inSystemOnly: true }),
});

export const EXPORT_NOTICE = "Export is in process, we'll email you once it's processed";

/** GET query / JSON body → the list input; `filter` absent or empty is no filter. */
function listParamsOf(source: QueryObject) {
  return { sort: source.sort, pagination: source.pagination, filter: source.filter as QueryValue | undefined };
}

/**
 * Policy lists (document 2 section 7, readings C-25): the dialects of one list, and the CSV export. The dashboard index
 * is the Policy Review queue (readings C-28): review/review.routes.ts.
 */
export const policyListRoutes: FastifyPluginAsyncZod = async (app) => {
  const fetchPage = async (caller: ReturnType<typeof requireCaller>, input: ReturnType<typeof listParamsOf>, defaultPer = 50) => {
    const params = parseListParams(input, policyListSpec, { defaultPer });
    return runList<PolicyListRow>(app.db, policyListQuery(caller.scope, caller.user.role), params);
  };

  app.get("/policies", { config: { access: list }, schema: { querystring: listQuery } }, async (request, reply) => {
    const caller = requireCaller(request);
    const query = request.query as QueryObject;
    const result = await fetchPage(caller, listParamsOf(query));
    if (query.short === "true") return sendList(reply, result, result.rows.map((r) => ({ id: r.id, number: r.number, status: r.status })));
    const rows = result.rows.map(policyRowJson);
    // The "policies service index" dialect (document 2 section 7): {data, meta.total}.
    if (query.format === "data") return listEnvelope(result, rows, reply);
    return sendList(reply, result, rows);
  });

  app.post("/policies/list", { config: { access: list }, schema: { body: listBody } }, async (request, reply) => {
    const caller = requireCaller(request);
    const result = await fetchPage(caller, listParamsOf(request.body as QueryObject));
    return listEnvelope(result, result.rows.map(policyRowJson), reply);
  });

  app.get("/policies/export", { config: { access: { resource: "policies", action: "export_csv" } }, schema: { querystring: exportQuery } }, async (request) => {
    const caller = requireCaller(request);
    const query = request.query as QueryObject;
    // Refuse a bad filter now, not in the background job.
    parseListParams({ filter: query.filter, sort: query.sort }, policyListSpec);
    const params: PolicyExportParams = { filter: query.filter ?? {}, sort: query.sort, scope: caller.scope, role: caller.user.role };
    const [row] = await app.db
      .insert(exportsTable)
      .values({ kind: "policies", staff_id: caller.user.id, params: JSON.stringify(params) })
      .returning({ id: exportsTable.id });
    await recordAuditEvent(app.db, { type: "Export", id: row.id, action: "export", author: staffAuthor(caller.user), process: "console", details: { kind: "policies", filter: query.filter ?? {} } });
    await app.jobs.send(EXPORT_POLICIES_JOB, { exportId: row.id });
    return { success: true, message: EXPORT_NOTICE, export_id: row.id };
  });

  // Picked ids or every policy matching the grid's filter, read through the grid's own scoped query (lib/bulk.ts).
  app.post(
    "/policies/bulk_resend_documents",
    { config: { access: { resource: "policies", action: "resend_documents" } }, schema: { body: bulkInput(policyFilters) } },
    async (request, reply) => {
      const caller = requireCaller(request);
      return runBulk(app, reply, caller, resendDocuments, { query: policyListQuery(caller.scope, caller.user.role), spec: policyListSpec, selection: request.body, missing: notFoundMessage("Policy") });
    },
  );

  // The grid's row menu (document 2 section 2): only external policies (proofs of coverage) can be deleted.
  app.post(
    "/policies/external/delete",
    { config: { access: { resource: "policies", action: "delete" } }, schema: { body: z.object({ policy: z.object({ id }) }) } },
    async (request) => {
      const caller = requireCaller(request);
      await deleteExternalPolicy(app, caller, request.body.policy.id);
      return { success: true, message: "Policy deleted" };
    },
  );

  app.get("/exports", { config: { access: { resource: "policies", action: "export_csv" } } }, async (request) => {
    const caller = requireCaller(request);
    const rows = await app.db
      .select({ export: exportsTable, document: { id: documents.id } })
      .from(exportsTable)
      .leftJoin(documents, eq(documents.id, exportsTable.document_id))
      .where(eq(exportsTable.staff_id, caller.user.id))
      .orderBy(desc(exportsTable.id))
      .limit(20);
    return rows.map(({ export: e, document }) => ({
      id: e.id,
      kind: e.kind,
      status: e.status,
      row_count: e.row_count,
      total_rows: e.total_rows,
      error: e.error,
      created_at: e.created_at,
      finished_at: e.finished_at,
      download_url: document?.id ? signDocumentLink(document.id, app.env.FILES_SECRET) : null,
    }));
  });
};
