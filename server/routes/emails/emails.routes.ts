import { sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { SEARCH_MAX, text } from "../../lib/input";
import { type ListSpec, parseListParams, runList, sendList } from "../../lib/list";
import { filterTypes, listInput } from "../../lib/list-input";
import type { QueryObject } from "../../lib/query-string";
import { requireCaller } from "../../plugins/auth";
import { likePattern } from "../lookups/lookups.scope";
import { policyScopeCondition } from "../policies/policies.scope";

const spec: ListSpec = {
  filters: {
    to: { type: "text", column: sql`e.to` },
    template: { type: "text", column: sql`e.template` },
    related_type: { type: "text", column: sql`e.related_type` },
    related_id: { type: "int", column: sql`e.related_id` },
    created_at: { type: "timestamp", column: sql`e.created_at` },
  },
  sorts: { created_at: sql`e.created_at`, to: sql`e.to` },
  defaultSort: { column: "created_at", direction: "desc" },
  tieBreaker: sql`e.id`,
};

/**
 * Email History's list (document 3): every mail the platform recorded. Super admins see all; others see the mails
 * about policies in their scope and the ones sent to themselves. `search` matches the address, subject or text.
 */
export const emailRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/sent_emails", { config: { access: { resource: "email-history", action: "list" } }, schema: { querystring: listInput(filterTypes(spec), { search: text(SEARCH_MAX).optional() }) } }, async (request, reply) => {
    const caller = requireCaller(request);
    const query = request.query as QueryObject;
    const params = parseListParams({ sort: query.sort, pagination: query.pagination, filter: query.filter as never }, spec);
    const where = [];
    if (caller.user.role !== "super_admin") {
      const scope = policyScopeCondition(caller.scope, caller.user.role);
      where.push(sql`(e.to = ${caller.user.email} OR (e.related_type = 'Policy' AND e.related_id IN (SELECT po.id FROM policies po ${scope.length ? sql`WHERE ${sql.join(scope, sql` AND `)}` : sql``})))`);
    }
    const search = typeof query.search === "string" ? query.search.trim() : "";
    if (search) where.push(sql`(lower(e.to) LIKE ${likePattern(search)} OR lower(e.subject) LIKE ${likePattern(search)} OR lower(e.text) LIKE ${likePattern(search)})`);
    const result = await runList(app.db, { select: sql`e.id, e.to, e.subject, e.text, e.template, e.related_type, e.related_id, e.status, e.created_at`, from: sql`sent_emails e`, where, id: sql`e.id` }, params);
    return sendList(reply, result);
  });
};
