import { sql } from "drizzle-orm";
import type { ListQuery } from "../../lib/list";
import type { Scope } from "../../lib/scope";
import { LEAD_FROM, LEAD_SELECT, leadScopeCondition } from "../leads/leads.rows";

export { leadJson, type LeadRow } from "../leads/leads.rows";

/**
 * Leads of a policy: the one that bought it and those of its customers (reference section 4.4 answers the primary
 * user's lead; the tab lists every customer's, since a co-insured may have come through a campaign too).
 */
export function leadListQuery(policyId: number, scope: Scope): ListQuery {
  return {
    select: LEAD_SELECT,
    from: LEAD_FROM,
    // A co-insured may also be a lead of another agency: only the caller's own leads are listed (issue 9, hole 2).
    where: [sql`(l.policy_id = ${policyId} OR l.user_id IN (SELECT pu.user_id FROM policy_users pu WHERE pu.policy_id = ${policyId}))`, ...leadScopeCondition(scope)],
    id: sql`l.id`,
  };
}
