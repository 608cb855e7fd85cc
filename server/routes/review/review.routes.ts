import { sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { signDocumentLink } from "../../files/signed-links";
import { claimItem } from "../../lib/claims";
import { type ListSpec, listEnvelope, parseListParams, queryRows, runList } from "../../lib/list";
import { assistReview } from "../../review/assist";
import type { QueryObject } from "../../lib/query-string";
import { requireCaller } from "../../plugins/auth";
import { likePattern } from "../lookups/lookups.scope";
import { findExternal } from "../external/external.service";

const spec: ListSpec = {
  filters: {
    account_id: { type: "int", column: sql`po.account_id` },
    agency_id: { type: "int", column: sql`po.agency_id` },
    status: { type: "text", column: sql`po.status` },
    created_at: { type: "timestamp", column: sql`po.created_at` },
  },
  sorts: { created_at: sql`po.created_at`, updated_at: sql`po.updated_at`, number: sql`po.number` },
  // Oldest first: the queue is worked from the back (issue 4, Policy Review).
  defaultSort: { column: "created_at", direction: "asc" },
  tieBreaker: sql`po.id`,
};

interface QueueRow {
  id: number;
  number: string;
  status: string;
  created_at: string;
  account: { id: number; title: string } | null;
  agency: { id: number; title: string } | null;
  customer: string | null;
  document_id: number | null;
  document_name: string | null;
  claimed_by: { id: number; name: string; expires_at: string } | null;
}

/**
 * Policy Review (`/dashboard/policy-support`, super admins and policy support): proofs of coverage awaiting review,
 * oldest first, each with its first certificate and who is reviewing it; opening one claims it for a few minutes.
 */
export const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const access = (action: string) => ({ access: { resource: "policy-support", action } });

  app.post("/review_queue/list", { config: access("list"), schema: { body: z.record(z.string(), z.any()).default({}) } }, async (request) => {
    requireCaller(request);
    const body = request.body as QueryObject;
    const { search: rawSearch, ...filter } = (body.filter ?? {}) as QueryObject;
    const params = parseListParams({ sort: body.sort, pagination: body.pagination, filter: { status: "EXTERNAL_UNVERIFIED", ...filter } as QueryObject }, spec, { defaultPer: 50 });
    const where = [sql`po.policy_in_system = false`];
    const search = typeof rawSearch === "string" ? rawSearch.trim() : "";
    if (search) {
      where.push(sql`(lower(po.number) LIKE ${likePattern(search)} OR po.id IN (SELECT pu.policy_id FROM policy_users pu
        JOIN profiles p ON p.profileable_type = 'User' AND p.profileable_id = pu.user_id WHERE lower(p.full_name) LIKE ${likePattern(search)}))`);
    }
    const result = await runList<QueueRow>(
      app.db,
      {
        select: sql`po.id, po.number, po.status, po.created_at,
          CASE WHEN ac.id IS NULL THEN NULL ELSE json_build_object('id', ac.id, 'title', ac.title) END AS account,
          CASE WHEN ag.id IS NULL THEN NULL ELSE json_build_object('id', ag.id, 'title', ag.title) END AS agency,
          (SELECT coalesce(p.full_name, u.email) FROM policy_users pu JOIN users u ON u.id = pu.user_id
             LEFT JOIN profiles p ON p.profileable_type = 'User' AND p.profileable_id = u.id
           WHERE pu.policy_id = po.id ORDER BY pu."primary" DESC, pu.id LIMIT 1) AS customer,
          (SELECT d.id FROM documents d WHERE d.attachable_type = 'Policy' AND d.attachable_id = po.id ORDER BY d.id LIMIT 1) AS document_id,
          (SELECT d.filename FROM documents d WHERE d.attachable_type = 'Policy' AND d.attachable_id = po.id ORDER BY d.id LIMIT 1) AS document_name,
          (SELECT json_build_object('id', s.id, 'name', coalesce(p.full_name, s.email), 'expires_at', c.expires_at)
             FROM review_claims c JOIN staffs s ON s.id = c.staff_id LEFT JOIN profiles p ON p.profileable_type = 'Staff' AND p.profileable_id = s.id
            WHERE c.item_type = 'Policy' AND c.item_id = po.id AND c.expires_at > now()) AS claimed_by`,
        from: sql`policies po LEFT JOIN accounts ac ON ac.id = po.account_id LEFT JOIN agencies ag ON ag.id = po.agency_id`,
        where,
        id: sql`po.id`,
      },
      params,
    );
    const rows = result.rows.map(({ document_id, document_name, ...row }) => ({
      ...row,
      kind: "proof" as const,
      document: document_id ? { id: document_id, filename: document_name, url: signDocumentLink(document_id, app.env.FILES_SECRET) } : null,
    }));
    return listEnvelope(result, rows);
  });

  // Assisted review of a proof: its first certificate read, with the decline reasons the evidence supports.
  app.get("/review_queue/:id/extract", { config: access("list"), schema: { params: z.object({ id: z.coerce.number().int().positive() }) } }, async (request) => {
    const caller = requireCaller(request);
    const policy = await findExternal(app.db, caller, request.params.id);
    const [doc] = await queryRows<{ storage_key: string }>(
      app.db,
      sql`SELECT storage_key FROM documents WHERE attachable_type = 'Policy' AND attachable_id = ${policy.id} AND content_type = 'application/pdf' ORDER BY id LIMIT 1`,
    );
    if (!doc) return { text_found: false, fields: null, suggested_reasons: [] };
    return assistReview(app, doc.storage_key, { policyId: policy.id, accountId: policy.account_id });
  });

  // Opening an item claims it (or renews the caller's claim); someone else's live claim answers 409 with their name.
  app.post(
    "/review_queue/claims",
    { config: access("edit"), schema: { body: z.object({ kind: z.enum(["proof"]).default("proof"), id: z.coerce.number().int().positive() }) } },
    async (request) => {
      const caller = requireCaller(request);
      await findExternal(app.db, caller, request.body.id);
      return claimItem(app.db, "Policy", request.body.id, caller.user.id);
    },
  );
};
