import { sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { idParams } from "../../lib/input";
import { type ListSpec, parseListParams, runList, sendList } from "../../lib/list";
import { filterTypes, listInput } from "../../lib/list-input";
import type { QueryObject } from "../../lib/query-string";
import { requireCaller } from "../../plugins/auth";
import { leadJson, leadListQuery, type LeadRow } from "./policy-leads";
import { loadPolicyDetail, findPolicyRow } from "./policy-detail";
import { resendPolicyDocuments } from "./policy-resend";
import { policyUpdateBody, updatePolicy } from "./policy-update";


const historySpec: ListSpec = {
  filters: { created_at: { type: "timestamp", column: sql`h.created_at` }, action: { type: "text", column: sql`h.action` } },
  sorts: { created_at: sql`h.created_at` },
  defaultSort: { column: "created_at", direction: "desc" },
  tieBreaker: sql`h.id`,
};

const leadSpec: ListSpec = {
  filters: { archived: { type: "bool", column: sql`l.archived` } },
  sorts: { created_at: sql`l.created_at`, last_visit: sql`l.last_visit`, email: sql`l.email` },
  defaultSort: { column: "created_at", direction: "desc" },
  tieBreaker: sql`l.id`,
};

/** One policy (document 2 sections 2 and 7; docs/API.md "One policy"): show, edit, history, leads, resend. */
export const policyDetailRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/policies/:id", { config: { access: { resource: "policies", action: "show" } }, schema: { params: idParams } }, async (request) => {
    return loadPolicyDetail(app, requireCaller(request), request.params.id);
  });

  app.put(
    "/policies/:id",
    { config: { access: { resource: "policies", action: "edit" } }, schema: { params: idParams, body: policyUpdateBody } },
    async (request) => {
      const caller = requireCaller(request);
      await updatePolicy(app, caller, request.params.id, request.body);
      return loadPolicyDetail(app, caller, request.params.id);
    },
  );

  // One row per change with who made it and through which process; system_data never shows (document 2 section 2).
  app.get(
    "/policies/:id/history",
    { config: { access: { resource: "policies", action: "show" } }, schema: { params: idParams, querystring: listInput(filterTypes(historySpec)) } },
    async (request, reply) => {
      const caller = requireCaller(request);
      await findPolicyRow(app, caller, request.params.id);
      const query = request.query as QueryObject;
      const params = parseListParams({ pagination: query.pagination, sort: query.sort, filter: query.filter as never }, historySpec, { defaultPer: 100 });
      const result = await runList<Record<string, unknown>>(
        app.db,
        {
          select: sql`h.id, h.created_at, h.action, h.author, h.process, (h.data - 'system_data') AS data`,
          from: sql`histories h`,
          where: [sql`h.recordable_type = 'Policy'`, sql`h.recordable_id = ${request.params.id}`, sql`((h.data - 'system_data') <> '{}'::jsonb OR h.action <> 'update')`],
          id: sql`h.id`,
        },
        params,
      );
      return sendList(reply, result);
    },
  );

  app.get(
    "/policies/:id/get_leads",
    { config: { access: { resource: "policies.leads", action: "list" } }, schema: { params: idParams, querystring: listInput(filterTypes(leadSpec)) } },
    async (request, reply) => {
      const caller = requireCaller(request);
      await findPolicyRow(app, caller, request.params.id);
      const query = request.query as QueryObject;
      const params = parseListParams({ pagination: query.pagination, sort: query.sort, filter: query.filter as never }, leadSpec, { defaultPer: 20 });
      const result = await runList<LeadRow>(app.db, leadListQuery(request.params.id, caller.scope), params);
      return sendList(reply, result, result.rows.map(leadJson));
    },
  );

  // A GET that sends mail, as the console calls it (readings C-36); limited per policy so a double click mails once.
  app.get(
    "/policies/:id/resend_policy_documents",
    { config: { access: { resource: "policies", action: "resend_documents" } }, schema: { params: idParams } },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return resendPolicyDocuments(app, requireCaller(request), request.params.id);
    },
  );
};
