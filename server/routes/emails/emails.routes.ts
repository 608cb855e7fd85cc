import { type SQL, sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { sendStoredFile } from "../../files/files.routes";
import { NotFoundError } from "../../lib/errors";
import { SEARCH_MAX, id, idParams, text } from "../../lib/input";
import { type ListSpec, parseListParams, queryRows, runList, sendList } from "../../lib/list";
import { filterTypes, listInput } from "../../lib/list-input";
import type { QueryObject } from "../../lib/query-string";
import { type Caller, requireCaller } from "../../plugins/auth";
import { likePattern } from "../lookups/lookups.scope";
import { leaseScopeCondition } from "../leases/leases.list";
import { policyScopeCondition } from "../policies/policies.scope";

export const emailListSpec: ListSpec = {
  filters: {
    to: { type: "text", column: sql`e.to` },
    subject: { type: "text", column: sql`e.subject` },
    template: { type: "text", column: sql`e.template` },
    status: { type: "text", column: sql`e.status` },
    related_type: { type: "text", column: sql`e.related_type` },
    related_id: { type: "int", column: sql`e.related_id` },
    created_at: { type: "timestamp", column: sql`e.created_at` },
  },
  sorts: { created_at: sql`e.created_at`, to: sql`e.to`, subject: sql`e.subject`, template: sql`e.template`, status: sql`e.status` },
  defaultSort: { column: "created_at", direction: "desc" },
  tieBreaker: sql`e.id`,
};

const whereAll = (conditions: SQL[]) => (conditions.length ? sql`WHERE ${sql.join(conditions, sql` AND `)}` : sql``);

/**
 * Super admins see every mail; others the mails about policies and leases in their scope (a lease's: the compliance
 * reminders) and the ones sent to themselves.
 */
function emailScope(caller: Caller): SQL[] {
  if (caller.user.role === "super_admin") return [];
  const policies = policyScopeCondition(caller.scope, caller.user.role);
  return [
    sql`(e.to = ${caller.user.email}
      OR (e.related_type = 'Policy' AND e.related_id IN (SELECT po.id FROM policies po ${whereAll(policies)}))
      OR (e.related_type = 'Lease' AND e.related_id IN (SELECT l.id FROM leases l ${whereAll(leaseScopeCondition(caller.scope))})))`,
  ];
}

/**
 * Email History (document 3 section 2; DESIGN.md section 2): every mail the platform recorded, newest first, and one
 * mail with its text. `search` matches the address, subject or text.
 */
export const emailRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/sent_emails",
    { config: { access: { resource: "email-history", action: "list" } }, schema: { querystring: listInput(filterTypes(emailListSpec), { search: text(SEARCH_MAX).optional() }) } },
    async (request, reply) => {
      const caller = requireCaller(request);
      const query = request.query as QueryObject;
      const params = parseListParams({ sort: query.sort, pagination: query.pagination, filter: query.filter as never }, emailListSpec);
      const where = emailScope(caller);
      const search = typeof query.search === "string" ? query.search.trim() : "";
      if (search) where.push(sql`(lower(e.to) LIKE ${likePattern(search)} OR lower(e.subject) LIKE ${likePattern(search)} OR lower(e.text) LIKE ${likePattern(search)})`);
      const result = await runList(
        app.db,
        { select: sql`e.id, e.to, e.subject, e.text, e.template, e.related_type, e.related_id, e.status, e.created_at`, from: sql`sent_emails e`, where, id: sql`e.id` },
        params,
      );
      return sendList(reply, result);
    },
  );

  app.get("/sent_emails/:id", { config: { access: { resource: "email-history", action: "show" } }, schema: { params: idParams } }, async (request) => {
    const caller = requireCaller(request);
    const where = [sql`e.id = ${request.params.id}`, ...emailScope(caller)];
    const [row] = await queryRows<Record<string, unknown>>(
      app.db,
      sql`SELECT e.id, e.to, e.subject, e.text, e.html, e.template, e.related_type, e.related_id, e.status, e.error, e.created_at
          FROM sent_emails e WHERE ${sql.join(where, sql` AND `)}`,
    );
    if (!row) throw new NotFoundError("Email");
    const attachments = await queryRows<{ id: number; filename: string; content_type: string; byte_size: number | string }>(
      app.db,
      sql`SELECT d.id, d.filename, d.content_type, d.byte_size FROM documents d WHERE d.attachable_type = 'SentEmail' AND d.attachable_id = ${request.params.id} ORDER BY d.id`,
    );
    return { ...row, attachments: attachments.map((a) => ({ ...a, byte_size: Number(a.byte_size) })) };
  });

  // An attachment as sent: only through its mail, so the mail's scope is the attachment's (another tenant's is a 404).
  app.get(
    "/sent_emails/:id/attachments/:attachmentId",
    { config: { access: { resource: "email-history", action: "show" } }, schema: { params: z.object({ id, attachmentId: id }) } },
    async (request, reply) => {
      const caller = requireCaller(request);
      const where = [sql`e.id = ${request.params.id}`, ...emailScope(caller)];
      const [file] = await queryRows<{ filename: string; content_type: string; byte_size: number; storage_key: string }>(
        app.db,
        sql`SELECT d.filename, d.content_type, d.byte_size, d.storage_key FROM sent_emails e
            JOIN documents d ON d.attachable_type = 'SentEmail' AND d.attachable_id = e.id AND d.id = ${request.params.attachmentId}
            WHERE ${sql.join(where, sql` AND `)}`,
      );
      if (!file) throw new NotFoundError({ message: "Attachment not found" });
      return sendStoredFile(app, reply, file, "attachment");
    },
  );
};
