import { sql } from "drizzle-orm";
import { z } from "zod";
import { signDocumentLink } from "../../files/signed-links";
import { claimItem, releaseClaim } from "../../lib/claims";
import { listEnvelope, parseListParams, queryRows, sendList } from "../../lib/list";
import { assistReview } from "../../review/assist";
import { requireCaller } from "../../plugins/auth";
import { searchCondition } from "../../lib/search";
import { likePattern } from "../lookups/lookups.scope";
import { findExternal } from "../external/external.service";
import { policyListSpec } from "../policies/policies.list";
import { queueOrder, queuePage } from "./review-queue";
import { queueItemStates } from "./review-states";
import { id, idParams } from "../../lib/input";
import { filterTypes, listInput } from "../../lib/list-input";
// The dashboard index's own filters (document 2 section 7), as the policies list reads them.
const DASHBOARD_FILTERS = ["users.email", "users.profile.full_name", "primary_insurable.insurable_id", "updated_at", "updated_at_start_date", "updated_at_end_date"];
const spec = {
    filters: {
        account_id: { type: "int", column: sql `po.account_id` },
        agency_id: { type: "int", column: sql `po.agency_id` },
        status: { type: "text", column: sql `po.status` },
        created_at: { type: "timestamp", column: sql `po.created_at` },
        ...Object.fromEntries(DASHBOARD_FILTERS.map((key) => [key, policyListSpec.filters[key]])),
    },
    // Checked here; the queue's own order (review-queue.ts) reads a revision's age from its submission.
    sorts: { created_at: sql `po.created_at`, updated_at: sql `po.updated_at`, number: sql `po.number` },
    // Oldest first: the queue is worked from the back (issue 4, Policy Review).
    defaultSort: { column: "created_at", direction: "asc" },
    tieBreaker: sql `po.id`,
};
/**
 * Policy Review (`/dashboard/policy-support`, super admins and policy support): proofs of coverage awaiting review and
 * pending updates, oldest first, each with its certificate and who is reviewing it. The console lists through
 * `POST /policy-support/policies_dashboard_index` (readings C-28: bare array and total-entries); `review_queue/list` is
 * the same list as `{data, meta}`. Opening an item claims it, a heartbeat renews the claim, moving on releases it.
 */
export const reviewRoutes = async (app) => {
    const access = (action) => ({ access: { resource: "policy-support", action } });
    const listBody = { body: listInput({ ...filterTypes(spec), search: "text", kind: "text" }).default({}) };
    // Reviewers see every proof under review: the queue needs no scope beyond who may call it.
    async function listQueue(body) {
        const { search: rawSearch, kind, ...filter } = (body.filter ?? {});
        const params = parseListParams({ sort: body.sort, pagination: body.pagination, filter: filter }, spec, { defaultPer: 50 });
        const where = [...params.where];
        const search = typeof rawSearch === "string" ? rawSearch.trim() : "";
        if (search) {
            // The number or a customer's name: one condition on the policy's search text (its trigram index; lib/search.ts).
            // A term it cannot answer takes one set of matches, each side on its own index.
            const pattern = likePattern(search);
            where.push(searchCondition(sql `po.search`, ["number", "full_name"], search) ??
                sql `po.id IN (SELECT n.id FROM policies n WHERE lower(n.number) LIKE ${pattern}
            UNION SELECT pu.policy_id FROM policy_users pu JOIN profiles p ON p.profileable_type = 'User' AND p.profileable_id = pu.user_id
            WHERE lower(p.full_name) LIKE ${pattern})`);
        }
        // Proofs awaiting review and policies with pending updates (readings C-28); `kind` narrows to one, a status filter
        // replaces what makes a proof wait.
        const kinds = kind === "proof" || kind === "revision" ? [kind] : ["proof", "revision"];
        const awaiting = filter.status ? sql `true` : sql `po.status = 'EXTERNAL_UNVERIFIED'`;
        const result = await queuePage(app.db, { where, awaiting, kinds, order: queueOrder(body.sort), page: params.page, per: params.per, narrowed: Boolean(search), whole: !search && !filter.status });
        const rows = result.rows.map(({ document, ...row }) => ({
            ...row,
            kind: row.revision ? "revision" : "proof",
            latest_submitted_revision: row.revision ? { id: row.revision.id } : null,
            document: document ? { ...document, url: signDocumentLink(document.id, app.env.FILES_SECRET) } : null,
        }));
        return { result: { ...result, page: params.page, per: params.per }, rows };
    }
    app.post("/review_queue/list", { config: access("list"), schema: listBody }, async (request) => {
        requireCaller(request);
        const { result, rows } = await listQueue(request.body);
        return listEnvelope(result, rows);
    });
    app.post("/policies_dashboard_index", { config: { access: { resource: "policies", action: "list_dashboard" } }, schema: listBody }, async (request, reply) => {
        requireCaller(request);
        const { result, rows } = await listQueue(request.body);
        return sendList(reply, result, rows);
    });
    // Where the items that left the console's page stand: decided by whom and when, or taken by someone.
    app.post("/review_queue/states", { config: access("list"), schema: { body: z.object({ ids: z.array(id).max(200) }) } }, async (request) => queueItemStates(app.db, requireCaller(request), [...new Set(request.body.ids)]));
    // Assisted review of a proof: its first certificate read, with the decline reasons the evidence supports.
    app.get("/review_queue/:id/extract", { config: access("list"), schema: { params: idParams } }, async (request) => {
        const caller = requireCaller(request);
        const policy = await findExternal(app.db, caller, request.params.id);
        const [doc] = await queryRows(app.db, sql `SELECT d.storage_key FROM documents d WHERE d.content_type = 'application/pdf' AND ((d.attachable_type = 'Policy' AND d.attachable_id = ${policy.id})
            OR (d.attachable_type = 'PolicyRevision' AND d.attachable_id IN (SELECT r.id FROM policy_revisions r WHERE r.policy_id = ${policy.id} AND r.status = 'submitted')))
          ORDER BY (d.attachable_type = 'PolicyRevision') DESC, d.id LIMIT 1`);
        if (!doc)
            return { text_found: false, fields: null, suggested_reasons: [] };
        return assistReview(app, doc.storage_key, { policyId: policy.id, accountId: policy.account_id });
    });
    // Opening an item claims it, and the open item's heartbeat renews the claim; someone else's live claim answers 409
    // with their name. The answer carries the token that releases the claim when the tab closes.
    app.post("/review_queue/claims", { config: access("edit"), schema: { body: z.object({ kind: z.enum(["proof", "revision"]).default("proof"), id }) } }, async (request) => {
        const caller = requireCaller(request);
        await findExternal(app.db, caller, request.body.id);
        return claimItem(app.db, "Policy", request.body.id, caller.user.id, { secret: app.env.FILES_SECRET });
    });
    // Moving on (J/K, closing, leaving the page) releases the reviewer's own claim; another's is left alone.
    app.delete("/review_queue/claims/:id", { config: access("edit"), schema: { params: idParams } }, async (request, reply) => {
        const caller = requireCaller(request);
        await releaseClaim(app.db, "Policy", request.params.id, caller.user.id);
        reply.code(204);
        return null;
    });
};
