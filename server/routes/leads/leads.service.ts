import { type SQL, sql } from "drizzle-orm";
import { daysBefore, reportToday } from "../../../src/domain/leads";
import type { Db } from "../../db/client";
import { NotFoundError } from "../../lib/errors";
import { type Author, recordHistory } from "../../lib/history";
import { type ListInput, flattenFilter, parseListParams, queryRows, runList } from "../../lib/list";
import type { QueryObject, QueryValue } from "../../lib/query-string";
import { type Scope, scopeConditions } from "../../lib/scope";
import { leadListQuery, leadListSpec } from "./leads.list";
import { leadEventsChanged } from "./leads.stats";
import { LEAD_FROM, LEAD_SELECT, type LeadRow, leadJson, leadScopeCondition } from "./leads.rows";

/** How far back the list looks when no last-visit range is given: the last month (reference 4.9). */
export const LIST_DEFAULT_DAYS = 30;

/**
 * The filters the list applies: the caller's, plus the reference's defaults (4.9): leads not converted unless a
 * status is asked for, last visited within the last month unless a range is given.
 */
export function withListDefaults(filter: QueryValue | undefined, now = new Date()): QueryObject {
  const given = flattenFilter(filter).map(([key]) => key);
  const out: QueryObject = filter && typeof filter === "object" && !Array.isArray(filter) ? { ...filter } : {};
  if (!given.includes("last_visit")) out.last_visit = { start: daysBefore(reportToday(now), LIST_DEFAULT_DAYS) };
  return out;
}

export function statusDefault(filter: QueryObject): SQL[] {
  return flattenFilter(filter).some(([key]) => key === "status") ? [] : [sql`l.status <> 'converted'`];
}

export async function listLeads(db: Db, scope: Scope, input: ListInput, defaultPer?: number) {
  const filter = withListDefaults(input.filter);
  const params = parseListParams({ ...input, filter }, leadListSpec, { defaultPer });
  const result = await runList<LeadRow>(db, leadListQuery(scope, statusDefault(filter), filter), params);
  return { ...result, rows: result.rows.map(leadJson) };
}

async function findLeadRow(db: Db, scope: Scope, id: number): Promise<LeadRow> {
  const where = sql.join([sql`l.id = ${id}`, ...leadScopeCondition(scope)], sql` AND `);
  const [row] = await queryRows<LeadRow>(db, sql`SELECT ${LEAD_SELECT} FROM ${LEAD_FROM} WHERE ${where}`);
  if (!row) throw new NotFoundError("Lead");
  return row;
}

const iso = (v: string | Date | null) => (v === null ? null : new Date(v).toISOString());

/** Events shown on a lead's page: the latest ones (a lead rarely has more). */
export const LEAD_EVENTS_SHOWN = 200;

/**
 * One lead (reference 4.9: show adds status, archived, site visits and the tracking URL): its profile, address,
 * events (each page visited, product, premium), the policy it converted into and the staff's changes.
 */
export async function showLead(db: Db, scope: Scope, id: number) {
  const row = await findLeadRow(db, scope, id);
  const [profile] = await queryRows<Record<string, unknown>>(
    db,
    sql`SELECT first_name, last_name, full_name, contact_email, contact_phone, birth_date FROM profiles WHERE profileable_type = 'Lead' AND profileable_id = ${id}`,
  );
  const [address] = await queryRows<Record<string, unknown>>(
    db,
    sql`SELECT street_number, street_name, street_two, city, state, zip_code, "full" FROM addresses WHERE addressable_type = 'Lead' AND addressable_id = ${id} ORDER BY id LIMIT 1`,
  );
  const [trackingUrl] = row.tracking_url_id
    ? await queryRows<Record<string, unknown>>(
        db,
        sql`SELECT id, landing_page, campaign_name, campaign_source, campaign_medium, campaign_term, campaign_content, archived FROM tracking_urls WHERE id = ${row.tracking_url_id}`,
      )
    : [];
  const events = await queryRows<{ id: number; created_at: string | Date; tag: string | null; policy_type_id: number | null; product: string | null; data: unknown }>(
    db,
    sql`SELECT e.id, e.created_at, e.tag, e.policy_type_id, pt.title AS product, e.data
        FROM lead_events e LEFT JOIN policy_types pt ON pt.id = e.policy_type_id
        WHERE e.lead_id = ${id} ORDER BY e.created_at DESC, e.id DESC LIMIT ${LEAD_EVENTS_SHOWN}`,
  );
  // The converted policy is named only when it is in the caller's scope too.
  const policyScope = scopeConditions(scope, { account: (a) => sql`po.account_id = ${a}`, agencies: (ids) => sql`po.agency_id IN (${ids})` });
  const [policy] = row.policy_id
    ? await queryRows<Record<string, unknown>>(
        db,
        sql`SELECT po.id, po.number, po.status, po.policy_type_id FROM policies po WHERE ${sql.join([sql`po.id = ${row.policy_id}`, ...policyScope], sql` AND `)}`,
      )
    : [];
  const histories = await queryRows<{ id: number; author: string | null; action: string; process: string | null; data: unknown; created_at: string | Date }>(
    db,
    sql`SELECT id, author, action, process, data, created_at FROM histories WHERE recordable_type = 'Lead' AND recordable_id = ${id} ORDER BY created_at DESC, id DESC LIMIT 100`,
  );
  return {
    ...leadJson(row),
    profile_attributes: profile ?? null,
    address_attributes: address ?? null,
    tracking_url: trackingUrl ?? null,
    policy: policy ?? null,
    lead_events: events.map((e) => {
      const data = (e.data && typeof e.data === "object" ? e.data : {}) as Record<string, unknown>;
      const premium = data.premium_total ?? data.premium;
      return {
        id: e.id,
        created_at: iso(e.created_at),
        tag: e.tag,
        policy_type_id: e.policy_type_id,
        product: e.product,
        page: (data.last_visited_page ?? data.page ?? null) as string | null,
        premium_total: typeof premium === "number" ? premium : null,
      };
    }),
    histories: histories.map((h) => ({ ...h, created_at: iso(h.created_at) })),
  };
}

/** Archive or unarchive (document 3 section 4), recorded in the lead's history (reference 4.9). */
export async function setLeadArchived(db: Db, scope: Scope, id: number, archived: boolean, author: Author) {
  const row = await findLeadRow(db, scope, id);
  if (row.archived !== archived) {
    await db.transaction(async (tx) => {
      await tx.execute(sql`UPDATE leads SET archived = ${archived}, updated_at = now() WHERE id = ${id}`);
      await recordHistory(tx, {
        type: "Lead",
        id,
        action: "update",
        author,
        process: "console",
        changes: { archived: { previous_value: row.archived, new_value: archived } },
      });
    });
    // The dashboard's tiles say how many of their leads are archived: their cached numbers are stale now.
    leadEventsChanged(db);
  }
  return leadJson(await findLeadRow(db, scope, id));
}

/** Tracking URLs (alias `tu`) a caller sees: their agency tree's, or their account's agency's. */
export function trackingUrlScope(scope: Scope): SQL[] {
  return scopeConditions(scope, {
    account: (id) => sql`tu.agency_id = (SELECT a.agency_id FROM accounts a WHERE a.id = ${id})`,
    agencies: (ids) => sql`tu.agency_id IN (${ids})`,
  });
}

/** `get_filters` (reference 4.9): the campaign sources, names and media of the caller's tracking URLs. */
export async function leadFilterOptions(db: Db, scope: Scope) {
  const where = [sql`tu.deleted_at IS NULL`, ...trackingUrlScope(scope)];
  const [row] = await queryRows<{ campaign_source: string[] | null; campaign_name: string[] | null; campaign_medium: string[] | null }>(
    db,
    sql`SELECT array_agg(DISTINCT tu.campaign_source ORDER BY tu.campaign_source) FILTER (WHERE tu.campaign_source IS NOT NULL) AS campaign_source,
               array_agg(DISTINCT tu.campaign_name ORDER BY tu.campaign_name) FILTER (WHERE tu.campaign_name IS NOT NULL) AS campaign_name,
               array_agg(DISTINCT tu.campaign_medium ORDER BY tu.campaign_medium) FILTER (WHERE tu.campaign_medium IS NOT NULL) AS campaign_medium
        FROM tracking_urls tu WHERE ${sql.join(where, sql` AND `)}`,
  );
  return { campaign_source: row?.campaign_source ?? [], campaign_name: row?.campaign_name ?? [], campaign_medium: row?.campaign_medium ?? [] };
}

/** `leads/filters/get_products`: the products a lead may be interested in (the non-master policy types). */
export async function leadProducts(db: Db) {
  return queryRows<{ id: number; title: string }>(db, sql`SELECT id, title FROM policy_types WHERE master = false AND enabled = true ORDER BY id`);
}
