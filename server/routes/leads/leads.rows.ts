import { type SQL, sql } from "drizzle-orm";
import { type Scope, scopeConditions } from "../../lib/scope";

/** The Lead row of reference 4.9 (document 3 section 3), as the leads grid and a policy's Leads tab list it. */
export interface LeadRow {
  id: number;
  email: string;
  first_name: string | null;
  last_name: string | null;
  agency_id: number | null;
  agency_name: string | null;
  account_id: number | null;
  account_title: string | null;
  branding_profile_id: number | null;
  created_at: string | Date;
  last_visit: string | Date | null;
  last_visited_page: string | null;
  site_visits: number;
  premium_total: number | string | null;
  interested_product: string | null;
  billing_strategy: string | null;
  primary_campaign_name: string | null;
  primary_campaign_source: string | null;
  primary_campaign_medium: string | null;
  tracking_url_id: number | null;
  policy_id: number | null;
  archived: boolean;
  status: string;
}

/** The leads a caller sees (alias `l`): their account's, or their agency tree's. */
export function leadScopeCondition(scope: Scope): SQL[] {
  return scopeConditions(scope, { account: (id) => sql`l.account_id = ${id}`, agencies: (ids) => sql`l.agency_id IN (${ids})` });
}

/** Columns of a LeadRow over LEAD_FROM. The interested product is the one of the lead's latest event. */
export const LEAD_SELECT = sql`l.id, l.email, lp.first_name, lp.last_name, l.agency_id, ag.title AS agency_name, l.account_id,
  ac.title AS account_title, l.branding_profile_id, l.created_at, l.last_visit, l.last_visited_page,
  l.lead_events_cx AS site_visits, l.premium_total, l.archived, l.status, l.tracking_url_id, l.policy_id,
  tu.campaign_name AS primary_campaign_name, tu.campaign_source AS primary_campaign_source, tu.campaign_medium AS primary_campaign_medium,
  (SELECT pt.title FROM lead_events le JOIN policy_types pt ON pt.id = le.policy_type_id
    WHERE le.lead_id = l.id ORDER BY le.id DESC LIMIT 1) AS interested_product,
  (SELECT q.billing_strategy FROM policy_quotes q WHERE q.policy_id = l.policy_id ORDER BY q.id DESC LIMIT 1) AS billing_strategy`;

export const LEAD_FROM = sql`leads l
  LEFT JOIN profiles lp ON lp.profileable_type = 'Lead' AND lp.profileable_id = l.id
  LEFT JOIN agencies ag ON ag.id = l.agency_id
  LEFT JOIN accounts ac ON ac.id = l.account_id
  LEFT JOIN tracking_urls tu ON tu.id = l.tracking_url_id`;

const iso = (v: string | Date | null) => (v === null ? null : new Date(v).toISOString());

export function leadJson(row: LeadRow) {
  return {
    ...row,
    created_at: iso(row.created_at),
    last_visit: iso(row.last_visit),
    site_visits: Number(row.site_visits),
    premium_total: row.premium_total === null ? null : Number(row.premium_total),
  };
}
