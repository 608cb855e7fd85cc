import { type SQL, sql } from "drizzle-orm";
import { REPORT_TIME_ZONE } from "../../../src/domain/constants";
import { LEAD_TAGS, type LeadStat, conversionRate, defaultStatsWindow, statsBucket, statsBucketKeys } from "../../../src/domain/leads";
import type { Db } from "../../db/client";
import { ValidationError } from "../../lib/errors";
import { parseListParams, queryRows } from "../../lib/list";
import type { QueryObject, QueryValue } from "../../lib/query-string";
import { type Scope, scopeConditions } from "../../lib/scope";
import { dayEnd, dayStart, leadListSpec } from "./leads.list";
import { leadScopeCondition } from "./leads.rows";

/**
 * The leads dashboard's statistics (reference 4.9) over a window of Los Angeles days (default the last 7), read
 * from the lead events in the window:
 * - site_visits: events; visitors: leads with an event (converted or not);
 * - customers: those visitors who converted; leads: the others;
 * - applications: visitors who went past the landing page; not_finished_applications: visitors who reached payment
 *   and did not convert; conversions: customers per 100 visitors.
 * Totals count each lead once over the whole window; `stats_by` per day, or per month when the window spans two
 * months or more.
 */
export type StatsValues = Record<LeadStat, number>;

export interface LeadStats extends StatsValues {
  start: string;
  end: string;
  bucket: "day" | "month";
  stats_by: Record<string, StatsValues>;
}

/** Longest window the dashboard answers (ten years of monthly buckets). */
const MAX_WINDOW_DAYS = 3700;

export interface StatsWindow {
  start: string;
  end: string;
}

/** The window from `filter[last_visit][start|end]` (dates), defaulting to the last 7 days; the rest are lead filters. */
export function splitStatsFilter(filter: QueryValue | undefined, now = new Date()): { window: StatsWindow; leadFilter: QueryObject } {
  const leadFilter: QueryObject = filter && typeof filter === "object" && !Array.isArray(filter) ? { ...filter } : {};
  const range = leadFilter.last_visit;
  delete leadFilter.last_visit;
  const fallback = defaultStatsWindow(now);
  const pick = (key: "start" | "end") => {
    if (!range || typeof range !== "object" || Array.isArray(range)) return fallback[key];
    const v = range[key];
    return typeof v === "string" && v ? v : fallback[key];
  };
  const window = { start: pick("start"), end: pick("end") };
  // Validate both dates through the list's own date filter (422 with the field named).
  parseListParams({ filter: { last_visit: window } }, leadListSpec);
  if (window.end < window.start) throw new ValidationError({ "filter.last_visit.end": "End date must be later than Start date" });
  const days = (Date.parse(window.end) - Date.parse(window.start)) / 86_400_000;
  if (days > MAX_WINDOW_DAYS) throw new ValidationError({ "filter.last_visit.start": `must be at most ${MAX_WINDOW_DAYS} days before the end date` });
  return { window, leadFilter };
}

const zero = (): StatsValues => ({ leads: 0, site_visits: 0, applications: 0, not_finished_applications: 0, customers: 0, conversions: 0, visitors: 0 });

interface StatsRow {
  bucket: string | null;
  site_visits: number;
  visitors: number;
  customers: number;
  applications: number;
  not_finished: number;
}

function values(row: StatsRow | undefined): StatsValues {
  if (!row) return zero();
  const visitors = Number(row.visitors);
  const customers = Number(row.customers);
  return {
    leads: visitors - customers,
    site_visits: Number(row.site_visits),
    applications: Number(row.applications),
    not_finished_applications: Number(row.not_finished),
    customers,
    conversions: conversionRate(customers, visitors),
    visitors,
  };
}

/**
 * The conditions on the events (alias `e`) and their leads (`l`, `tu`, `lp`) of one window, scope and filters. An
 * event carries its lead's agency (the lead-event call writes both from the same agency_id, and a lead never changes
 * agency), so an agency tree is also asked of the events: the planner then reads the tree's events of the window
 * from lead_events (agency_id, created_at) instead of every event of the window.
 */
function statsConditions(scope: Scope, window: StatsWindow, leadFilter: QueryObject): SQL[] {
  const params = parseListParams({ filter: leadFilter }, leadListSpec);
  const eventScope = scope.kind === "agencies" ? scopeConditions(scope, { account: () => sql`true`, agencies: (ids) => sql`e.agency_id IN (${ids})` }) : [];
  return [sql`e.created_at >= ${dayStart(window.start)}`, sql`e.created_at < ${dayEnd(window.end)}`, ...eventScope, ...leadScopeCondition(scope), ...params.where];
}

const EVENTS_FROM = sql`lead_events e JOIN leads l ON l.id = e.lead_id
  LEFT JOIN tracking_urls tu ON tu.id = l.tracking_url_id
  LEFT JOIN profiles lp ON lp.profileable_type = 'Lead' AND lp.profileable_id = l.id`;

/** Aggregates over `ev` (one row per event: lead_id, tag, status). */
const AGGREGATES = sql`count(*)::int AS site_visits,
  count(DISTINCT ev.lead_id)::int AS visitors,
  count(DISTINCT ev.lead_id) FILTER (WHERE ev.status = 'converted')::int AS customers,
  count(DISTINCT ev.lead_id) FILTER (WHERE ev.tag IS NOT NULL AND ev.tag <> ${LEAD_TAGS.landing})::int AS applications,
  count(DISTINCT ev.lead_id) FILTER (WHERE ev.tag = ${LEAD_TAGS.payment} AND ev.status <> 'converted')::int AS not_finished`;

/**
 * The agencies whose rows of lead_day_stats answer a scope and filter (0: the whole platform), or null when the rows
 * cannot: an account's scope (its leads are not kept apart; its events are few), or a filter on anything but the
 * agency (campaign, product, status, name…). Then the window's events are read (`statsFromEvents`).
 */
function dayStatsAgencies(scope: Scope, leadFilter: QueryObject): number[] | null {
  if (Object.keys(leadFilter).some((key) => key !== "agency_id")) return null;
  const raw = leadFilter.agency_id;
  const picked = raw === undefined ? undefined : (Array.isArray(raw) ? raw : [raw]).map(Number);
  if (picked && (picked.length === 0 || picked.some((id) => !Number.isInteger(id) || id <= 0))) return null;
  if (scope.kind === "all") return picked ?? [0];
  if (scope.kind === "agencies") return picked ? scope.agencyIds.filter((id) => picked.includes(id)) : scope.agencyIds;
  return null;
}

/**
 * The statistics from lead_day_stats (migration 0042): per day and series, the leads of that day with their previous
 * day of the series. Within a bucket or the window a lead counts once, on its first day there: the row whose previous
 * day is before the bucket's (or window's) start. Site visits are the events of the days.
 */
async function statsFromDays(db: Db, agencies: number[], window: StatsWindow, bucket: "day" | "month"): Promise<StatsRow[]> {
  if (!agencies.length) return [];
  const firstIn = (since: SQL) => ({
    visitors: sql`sum(leads) FILTER (WHERE series = 'v' AND prev_day < ${since})`,
    customers: sql`sum(leads) FILTER (WHERE series = 'v' AND converted AND prev_day < ${since})`,
    applications: sql`sum(leads) FILTER (WHERE series = 'a' AND prev_day < ${since})`,
    not_finished: sql`sum(leads) FILTER (WHERE series = 'p' AND NOT converted AND prev_day < ${since})`,
  });
  const aggregates = (since: SQL) => {
    const f = firstIn(since);
    return sql`coalesce(sum(events) FILTER (WHERE series = 'v'), 0)::int AS site_visits, coalesce(${f.visitors}, 0)::int AS visitors,
      coalesce(${f.customers}, 0)::int AS customers, coalesce(${f.applications}, 0)::int AS applications, coalesce(${f.not_finished}, 0)::int AS not_finished`;
  };
  const start = sql`${window.start}::date`;
  return queryRows<StatsRow>(
    db,
    sql`WITH d AS (
          SELECT to_char(date_trunc(${bucket}, day::timestamp), 'YYYY-MM-DD') AS bucket, greatest(date_trunc(${bucket}, day::timestamp)::date, ${start}) AS since,
            series, converted, prev_day, leads, events
          FROM lead_day_stats
          WHERE agency_id IN (${sql.join(agencies.map((id) => sql`${id}`), sql`, `)}) AND day >= ${start} AND day <= ${window.end}::date)
        SELECT bucket, ${aggregates(sql`since`)} FROM d GROUP BY bucket
        UNION ALL
        SELECT NULL, ${aggregates(start)} FROM d`,
  );
}

/**
 * The statistics of one window, scope and filters: from lead_day_stats where its rows answer them (the platform, an
 * agency tree, an agency filter), else from the window's events.
 */
export async function computeLeadStats(db: Db, scope: Scope, window: StatsWindow, leadFilter: QueryObject): Promise<LeadStats> {
  const bucket = statsBucket(window.start, window.end);
  // The filters are validated alike on both paths (422 with the field named).
  parseListParams({ filter: leadFilter }, leadListSpec);
  const agencies = dayStatsAgencies(scope, leadFilter);
  const rows = agencies ? await statsFromDays(db, agencies, window, bucket) : await statsFromEvents(db, scope, window, leadFilter);
  return assembleStats(rows, window, bucket);
}

/** The same statistics always read from the window's events (the tests compare both ways). */
export async function leadStatsFromEvents(db: Db, scope: Scope, window: StatsWindow, leadFilter: QueryObject): Promise<LeadStats> {
  return assembleStats(await statsFromEvents(db, scope, window, leadFilter), window, statsBucket(window.start, window.end));
}

function assembleStats(rows: StatsRow[], window: StatsWindow, bucket: "day" | "month"): LeadStats {
  const byBucket = new Map(rows.filter((r) => r.bucket !== null).map((r) => [r.bucket as string, r]));
  const stats_by = Object.fromEntries(statsBucketKeys(window.start, window.end).map((key) => [key, values(byBucket.get(key))]));
  return { ...values(rows.find((r) => r.bucket === null)), start: window.start, end: window.end, bucket, stats_by };
}

/**
 * Each lead's events of the window per bucket, from the events alone (index-only on lead_events (agency_id,
 * created_at, lead_id, tag) or (created_at, lead_id, tag)); only then their leads (status, scope, filters), each
 * looked up once instead of once per event. Per bucket a lead counts once (one row); over the window once, by
 * grouping its buckets again.
 */
async function statsFromEvents(db: Db, scope: Scope, window: StatsWindow, leadFilter: QueryObject): Promise<StatsRow[]> {
  const bucket = statsBucket(window.start, window.end);
  const params = parseListParams({ filter: leadFilter }, leadListSpec);
  // Events carry their lead's agency, not its account: an account's events are those of its leads (by lead_id).
  const eventScope =
    scope.kind === "agencies"
      ? scopeConditions(scope, { account: () => sql`true`, agencies: (ids) => sql`e.agency_id IN (${ids})` })
      : scope.kind === "account"
        ? [sql`e.lead_id IN (SELECT l.id FROM leads l WHERE ${sql.join(leadScopeCondition(scope), sql` AND `)})`]
        : [];
  const eventWhere = [sql`e.created_at >= ${dayStart(window.start)}`, sql`e.created_at < ${dayEnd(window.end)}`, ...eventScope];
  const leadWhere = [...leadScopeCondition(scope), ...params.where];
  // Campaign and name filters name the lead's tracking URL and profile; without filters only the lead is read.
  const leadFrom = params.where.length ? sql`leads l LEFT JOIN tracking_urls tu ON tu.id = l.tracking_url_id LEFT JOIN profiles lp ON lp.profileable_type = 'Lead' AND lp.profileable_id = l.id` : sql`leads l`;
  const bucketExpr = sql`to_char(date_trunc(${bucket}, e.created_at AT TIME ZONE ${REPORT_TIME_ZONE}), 'YYYY-MM-DD')`;
  return queryRows<StatsRow>(
    db,
    sql`WITH per_bucket AS (
          SELECT ${bucketExpr} AS bucket, e.lead_id, count(*) AS events,
            bool_or(e.tag IS NOT NULL AND e.tag <> ${LEAD_TAGS.landing}) AS applied, bool_or(e.tag = ${LEAD_TAGS.payment}) AS paid
          FROM lead_events e WHERE ${sql.join(eventWhere, sql` AND `)}
          GROUP BY 1, 2),
        ev AS (
          SELECT b.bucket, b.lead_id, b.events, b.applied, b.paid, l.status = 'converted' AS converted, l.status <> 'converted' AS open
          FROM per_bucket b JOIN ${leadFrom} ON l.id = b.lead_id
          ${leadWhere.length ? sql`WHERE ${sql.join(leadWhere, sql` AND `)}` : sql``}),
        per_lead AS (
          SELECT NULL::text AS bucket, sum(events) AS events, bool_or(applied) AS applied, bool_or(paid) AS paid, bool_or(converted) AS converted, bool_or(open) AS open
          FROM ev GROUP BY lead_id)
        SELECT bucket, sum(events)::int AS site_visits, count(*)::int AS visitors, count(*) FILTER (WHERE converted)::int AS customers,
          count(*) FILTER (WHERE applied)::int AS applications, count(*) FILTER (WHERE paid AND open)::int AS not_finished
        FROM (SELECT bucket, events, applied, paid, converted, open FROM ev UNION ALL SELECT * FROM per_lead) x
        GROUP BY bucket`,
  );
}

/** The same statistics per tracking URL (`leads_dashboard_tracking_url`), busiest first. */
export async function trackingUrlStats(db: Db, scope: Scope, window: StatsWindow, leadFilter: QueryObject) {
  const where = [...statsConditions(scope, window, leadFilter), sql`l.tracking_url_id IS NOT NULL`];
  const rows = await queryRows<StatsRow & { tracking_url_id: number; landing_page: string; campaign_name: string; campaign_source: string | null; campaign_medium: string | null }>(
    db,
    sql`SELECT tu.landing_page, tu.campaign_name, tu.campaign_source, tu.campaign_medium, s.*
        FROM (SELECT ev.tracking_url_id, ${AGGREGATES}
              FROM (SELECT l.tracking_url_id, e.lead_id, e.tag, l.status FROM ${EVENTS_FROM} WHERE ${sql.join(where, sql` AND `)}) ev
              GROUP BY ev.tracking_url_id) s
        JOIN tracking_urls tu ON tu.id = s.tracking_url_id
        ORDER BY s.visitors DESC, s.tracking_url_id LIMIT 100`,
  );
  return rows.map((r) => ({
    tracking_url_id: r.tracking_url_id,
    landing_page: r.landing_page,
    campaign_name: r.campaign_name,
    campaign_source: r.campaign_source,
    campaign_medium: r.campaign_medium,
    ...values(r),
  }));
}

/**
 * Statistics are kept 5 minutes per scope, window and filters (reference 4.9), and dropped as soon as a lead event
 * arrives in this process (`leadEventsChanged`). Another API process's events show within the 5 minutes.
 */
export const STATS_TTL_MS = 5 * 60_000;
const cache = new Map<string, { at: number; version: number; value: unknown }>();
let version = 0;
const CACHE_MAX = 500;

export function leadEventsChanged() {
  version++;
  cache.clear();
}

export async function cachedStats<T>(key: unknown, compute: () => Promise<T>, now = Date.now()): Promise<T> {
  const k = JSON.stringify(key);
  const hit = cache.get(k);
  if (hit && hit.version === version && now - hit.at < STATS_TTL_MS) return hit.value as T;
  const at = now;
  const seen = version;
  const value = await compute();
  if (seen === version) {
    if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value as string);
    cache.set(k, { at, version: seen, value });
  }
  return value;
}

