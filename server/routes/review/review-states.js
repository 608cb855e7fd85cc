import { sql } from "drizzle-orm";
import { claimHolderJson } from "../../lib/claims";
import { queryRows } from "../../lib/list";
import { alreadyDecidedMessage, outcomeOfRevision, outcomeOfStatus } from "../external/review-state";
import { policyScopeCondition } from "../policies/policies.scope";
/**
 * Where queue items stand now (issue 10): the console asks about the items that left its page when it refreshes, to
 * mark the ones someone else decided, by whom and when. Policy support keeps seeing an item it reviewed after the
 * decision took it out of review (a cancelled proof), so its scope here is every external policy.
 */
export async function queueItemStates(db, caller, ids) {
    if (ids.length === 0)
        return [];
    const scope = caller.user.role === "policy_support" ? [sql `po.policy_in_system = false`] : policyScopeCondition(caller.scope, caller.user.role);
    const rows = await queryRows(db, sql `SELECT po.id, po.status,
          EXISTS (SELECT 1 FROM policy_revisions r WHERE r.policy_id = po.id AND r.status = 'submitted') AS has_updates,
          ${claimHolderJson("Policy", sql `po.id`)} AS claimed_by,
          (SELECT json_build_object('by', h.author, 'at', h.created_at) FROM histories h
            WHERE h.recordable_type = 'Policy' AND h.recordable_id = po.id AND h.data ? 'status'
            ORDER BY h.created_at DESC, h.id DESC LIMIT 1) AS status_change,
          (SELECT json_build_object('by', coalesce(p.full_name, s.email), 'at', r.decided_at, 'status', r.status)
             FROM policy_revisions r JOIN staffs s ON s.id = r.decided_by_id
             LEFT JOIN profiles p ON p.profileable_type = 'Staff' AND p.profileable_id = s.id
            WHERE r.policy_id = po.id AND r.status <> 'submitted' AND r.decided_at IS NOT NULL
            ORDER BY r.decided_at DESC LIMIT 1) AS revision_decision
        FROM policies po
        WHERE po.id IN (${sql.join(ids.map((id) => sql `${id}`), sql `, `)}) ${sql.join(scope.map((c) => sql ` AND ${c}`), sql ``)}`);
    return rows.map((row) => {
        const pending = row.status === "EXTERNAL_UNVERIFIED" || row.has_updates;
        let decided = null;
        if (!pending) {
            const statusAt = row.status_change ? Date.parse(row.status_change.at) : -Infinity;
            const revisionAt = row.revision_decision ? Date.parse(row.revision_decision.at) : -Infinity;
            if (row.revision_decision && revisionAt >= statusAt) {
                decided = { outcome: outcomeOfRevision(row.revision_decision.status), by: row.revision_decision.by, at: new Date(revisionAt).toISOString() };
            }
            else if (row.status_change) {
                decided = { outcome: outcomeOfStatus(row.status), by: row.status_change.by, at: new Date(statusAt).toISOString() };
            }
        }
        return { id: row.id, pending, claimed_by: row.claimed_by, decided: decided ? { ...decided, message: alreadyDecidedMessage(decided) } : null };
    });
}
