import { type SQL, sql } from "drizzle-orm";
import type { ListQuery } from "../../lib/list";
import { type Scope, scopeConditions } from "../../lib/scope";

/** The Lead of document 2 section 3, as the policy's Leads tab lists it. */
export interface LeadRow {
  id: number;
  email: string;
  first_name: string | null;
  last_name: string | null;
  agency_name: string | null;
  created_at: string | Date;
  last_visit: string | Date | null;
  last_visited_page: string | null;
  site_visits: number;
  premium_total: number | string | null;
  interested_product: string | null;
  billing_strategy: string | null;
  archived: boolean;
  status: string;
}

/** The leads a caller sees (alias `l`): their account's, or their agency tree's. */
export function leadScopeCondition(scope: Scope): SQL[] {
  return scopeConditions(scope, { account: (id) => sql`l.account_id = ${id}`, agencies: (ids) => sql`l.agency_id IN (${ids})` });
}

/**
 * Leads of a policy: the one that bought it and those of its customers (reference section 4.4 answers the primary
 * user's lead; the tab lists every customer's, since a co-insured may have come through a campaign too).
 * Campaign fields come with tracking URLs (administration issue); until then they are null.
 */
export function leadListQuery(policyId: number, scope: Scope): ListQuery {
  return {
    select: sql`l.id, l.email, lp.first_name, lp.last_name, ag.title AS agency_name, l.created_at, l.last_visit, l.last_visited_page,
      l.lead_events_cx AS site_visits, l.premium_total, l.archived, l.status,
      (SELECT pt.title FROM lead_events le JOIN policy_types pt ON pt.id = le.policy_type_id
        WHERE le.lead_id = l.id ORDER BY le.id DESC LIMIT 1) AS interested_product,
      (SELECT q.billing_strategy FROM policy_quotes q WHERE q.policy_id = l.policy_id ORDER BY q.id DESC LIMIT 1) AS billing_strategy`,
    from: sql`leads l
      LEFT JOIN profiles lp ON lp.profileable_type = 'Lead' AND lp.profileable_id = l.id
      LEFT JOIN agencies ag ON ag.id = l.agency_id`,
    // A co-insured may also be a lead of another agency: only the caller's own leads are listed (issue 9, hole 2).
    where: [sql`(l.policy_id = ${policyId} OR l.user_id IN (SELECT pu.user_id FROM policy_users pu WHERE pu.policy_id = ${policyId}))`, ...leadScopeCondition(scope)],
    id: sql`l.id`,
  };
}

const iso = (v: string | Date | null) => (v === null ? null : new Date(v).toISOString());

export function leadJson(row: LeadRow) {
  return {
    ...row,
    created_at: iso(row.created_at),
    last_visit: iso(row.last_visit),
    site_visits: Number(row.site_visits),
    premium_total: row.premium_total === null ? null : Number(row.premium_total),
    primary_campaign_name: null,
    primary_campaign_source: null,
    primary_campaign_medium: null,
  };
}
