import { sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { signDocumentLink } from "../../files/signed-links";
import { claimHolderJson, claimItem, type ClaimHolder } from "../../lib/claims";
import { type ListSpec, listEnvelope, parseListParams, queryRows, runList } from "../../lib/list";
import { assistReview } from "../../review/assist";
import type { QueryObject } from "../../lib/query-string";
import { requireCaller } from "../../plugins/auth";
import { likePattern } from "../lookups/lookups.scope";
import { findExternal } from "../external/external.service";

// Pending revisions, one row per policy (`pr`): a small set joined by hash, so neither the filter nor the order needs a
// lookup per candidate policy (a correlated subquery here cost a second on 100,000 proofs).
const PENDING_REVISIONS = sql`(SELECT r.policy_id, min(r.created_at) AS since FROM policy_revisions r WHERE r.status = 'submitted' GROUP BY r.policy_id) pr`;
const HAS_PENDING_REVISION = sql`pr.policy_id IS NOT NULL`;
// A revision's own certificate when it brought one, else the policy's first.
const QUEUE_DOCUMENT = sql`(SELECT d FROM documents d WHERE (d.attachable_type = 'Policy' AND d.attachable_id = po.id)
    OR (d.attachable_type = 'PolicyRevision' AND d.attachable_id = (SELECT max(r.id) FROM policy_revisions r WHERE r.policy_id = po.id AND r.status = 'submitted'))
  ORDER BY (d.attachable_type = 'PolicyRevision') DESC, d.id LIMIT 1)`;

const spec: ListSpec = {
  filters: {
    account_id: { type: "int", column: sql`po.account_id` },
    agency_id: { type: "int", column: sql`po.agency_id` },
    status: { type: "text", column: sql`po.status` },
    created_at: { type: "timestamp", column: sql`po.created_at` },
  },
  // A pending revision waits since it was submitted, a proof since it was uploaded.
  sorts: { created_at: sql`coalesce(pr.since, po.created_at)`, updated_at: sql`po.updated_at`, number: sql`po.number` },
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
  document: { id: number; filename: string } | null;
  revision: { id: number; created_at: string } | null;
  claimed_by: ClaimHolder | null;
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
    const { search: rawSearch, kind, ...filter } = (body.filter ?? {}) as QueryObject;
    const params = parseListParams({ sort: body.sort, pagination: body.pagination, filter: filter as QueryObject }, spec, { defaultPer: 50 });
    const where = [sql`po.policy_in_system = false`];
    // Proofs awaiting review and policies with pending updates (readings C-28); `kind` narrows to one, a status filter replaces the first.
    const awaiting = filter.status ? sql`true` : sql`po.status = 'EXTERNAL_UNVERIFIED'`;
    if (kind === "revision") where.push(HAS_PENDING_REVISION);
    else if (kind === "proof") where.push(awaiting);
    else where.push(sql`(${awaiting} OR ${HAS_PENDING_REVISION})`);
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
          (SELECT json_build_object('id', (q.d).id, 'filename', (q.d).filename) FROM (SELECT ${QUEUE_DOCUMENT} AS d) q WHERE q.d IS NOT NULL) AS document,
          (SELECT json_build_object('id', r.id, 'created_at', r.created_at) FROM policy_revisions r
            WHERE r.policy_id = po.id AND r.status = 'submitted' ORDER BY r.id DESC LIMIT 1) AS revision,
          ${claimHolderJson("Policy", sql`po.id`)} AS claimed_by`,
        from: sql`policies po LEFT JOIN accounts ac ON ac.id = po.account_id LEFT JOIN agencies ag ON ag.id = po.agency_id
          LEFT JOIN ${PENDING_REVISIONS} ON pr.policy_id = po.id`,
        where,
        id: sql`po.id`,
      },
      params,
    );
    const rows = result.rows.map(({ document, ...row }) => ({
      ...row,
      kind: row.revision ? ("revision" as const) : ("proof" as const),
      document: document ? { ...document, url: signDocumentLink(document.id, app.env.FILES_SECRET) } : null,
    }));
    return listEnvelope(result, rows);
  });

  // Assisted review of a proof: its first certificate read, with the decline reasons the evidence supports.
  app.get("/review_queue/:id/extract", { config: access("list"), schema: { params: z.object({ id: z.coerce.number().int().positive() }) } }, async (request) => {
    const caller = requireCaller(request);
    const policy = await findExternal(app.db, caller, request.params.id);
    const [doc] = await queryRows<{ storage_key: string }>(
      app.db,
      sql`SELECT d.storage_key FROM documents d WHERE d.content_type = 'application/pdf' AND ((d.attachable_type = 'Policy' AND d.attachable_id = ${policy.id})
            OR (d.attachable_type = 'PolicyRevision' AND d.attachable_id IN (SELECT r.id FROM policy_revisions r WHERE r.policy_id = ${policy.id} AND r.status = 'submitted')))
          ORDER BY (d.attachable_type = 'PolicyRevision') DESC, d.id LIMIT 1`,
    );
    if (!doc) return { text_found: false, fields: null, suggested_reasons: [] };
    return assistReview(app, doc.storage_key, { policyId: policy.id, accountId: policy.account_id });
  });

  // Opening an item claims it (or renews the caller's claim); someone else's live claim answers 409 with their name.
  app.post(
    "/review_queue/claims",
    { config: access("edit"), schema: { body: z.object({ kind: z.enum(["proof", "revision"]).default("proof"), id: z.coerce.number().int().positive() }) } },
    async (request) => {
      const caller = requireCaller(request);
      await findExternal(app.db, caller, request.body.id);
      return claimItem(app.db, "Policy", request.body.id, caller.user.id);
    },
  );
};
