import { type SQL, sql } from "drizzle-orm";
import { REPORT_TIME_ZONE } from "../../../src/domain/constants";
import { LEAD_TAGS, type LeadStat, conversionRate, defaultStatsWindow, statsBucket, statsBucketKeys } from "../../../src/domain/leads";
import type { Db } from "../../db/client";
import { ValidationError } from "../../lib/errors";
import { flattenFilter, parseListParams, queryRows } from "../../lib/list";
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
  /** Of the window's leads (not converted), those archived: the grid lists them only with its Archived toggle on. */
  archived_leads: number;
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
  archived_leads: number;
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
  // An account's events are those of its leads (events carry no account): found by lead, not among the window's all.
  const eventScope =
    scope.kind === "agencies"
      ? scopeConditions(scope, { account: () => sql`true`, agencies: (ids) => sql`e.agency_id IN (${ids})` })
      : scope.kind === "account"
        ? [sql`e.lead_id IN (SELECT l.id FROM leads l WHERE ${sql.join(leadScopeCondition(scope), sql` AND `)})`]
        : [];
  return [sql`e.created_at >= ${dayStart(window.start)}`, sql`e.created_at < ${dayEnd(window.end)}`, ...eventScope, ...leadScopeCondition(scope), ...params.where];
}

const EVENTS_FROM = sql`lead_events e JOIN leads l ON l.id = e.lead_id
  LEFT JOIN tracking_urls tu ON tu.id = l.tracking_url_id
  LEFT JOIN profiles lp ON lp.profileable_type = 'Lead' AND lp.profileable_id = l.id`;

/** Aggregates over `ev` (one row per event: lead_id, tag, status). */
const AGGREGATES = sql`count(*)::int AS site_visits,
  count(DISTINCT ev.lead_id)::int AS visitors,
  count(DISTINCT ev.lead_id) FILTER (WHERE ev.status = 'converted')::int AS customers,
  count(DISTINCT ev.lead_id) FILTER (WHERE ev.status <> 'converted' AND ev.archived)::int AS archived_leads,
  count(DISTINCT ev.lead_id) FILTER (WHERE ev.tag IS NOT NULL AND ev.tag <> ${LEAD_TAGS.landing})::int AS applications,
  count(DISTINCT ev.lead_id) FILTER (WHERE ev.tag = ${LEAD_TAGS.payment} AND ev.status <> 'converted')::int AS not_finished`;

const NULL_TOKEN = "_NULL_";

/** The ids of an equality filter (`f=v`, `f[]=v…`), [] when it asks nothing, or null when it is not one (null, ranges…). */
function equalityIds(raw: QueryValue): number[] | null {
  if (raw === "") return [];
  const list = Array.isArray(raw) ? raw : [raw];
  const ids = list.map((v) => (typeof v === "string" || typeof v === "number") && v !== NULL_TOKEN && v !== "" ? Number(v) : NaN);
  return ids.every((id) => Number.isInteger(id) && id > 0) ? ids : null;
}

function equalityBools(raw: QueryValue): boolean[] | null {
  if (raw === "") return [];
  const list: unknown[] = Array.isArray(raw) ? raw : [raw];
  const out = list.map((v) => (v === true || v === "true" || v === "1" ? true : v === false || v === "false" || v === "0" ? false : null));
  return out.every((v) => v !== null) ? (out as boolean[]) : null;
}

const intersect = (a: number[] | undefined, b: number[]) => (a ? a.filter((id) => b.includes(id)) : [...new Set(b)]);
const inList = (column: SQL, ids: number[]) => (ids.length ? sql`${column} IN (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})` : sql`false`);

type GroupColumn = "account_id" | "tracking_url_id" | "policy_type_id";
const GROUP_COLUMNS: GroupColumn[] = ["account_id", "tracking_url_id", "policy_type_id"];

/**
 * The rows of lead_day_stats (alias `s`, migrations 0042 and 0046) that hold exactly the leads of a scope and
 * filters, each once, or null when no group does: then the window's events are read (`statsFromEvents`). The
 * platform's or an agency's rows answer the platform, an agency tree and an agency filter; an account's rows a
 * staff member (their account) and an account filter; a tracking URL's rows a tracking URL or campaign filter (the
 * URLs whose campaign fields match, as long as a lead without a URL would not match); a product's rows one product.
 * The groups carry the lead's agency, so an agency tree or filter narrows each of them; the archived filter picks
 * the rows of (un)archived leads. Two groups at once (an account and a campaign, two products: a lead with both would
 * count twice), a staff member with a campaign or product filter, and every other filter (status, name, email, dates…)
 * read the events, which a staff member's account bounds.
 */
export async function dayStatsGroup(db: Db, scope: Scope, leadFilter: QueryObject, opts: { perTrackingUrl?: boolean } = {}): Promise<SQL | null> {
  let agencies: number[] | undefined;
  let group: GroupColumn | undefined;
  const conditions: SQL[] = [];
  const campaign: QueryObject = {};
  let archived: boolean[] | undefined;
  const useGroup = (column: GroupColumn) => {
    if (group && group !== column) return false;
    group = column;
    return true;
  };
  for (const [key, raw] of flattenFilter(leadFilter)) {
    if (key.startsWith("tracking_url.campaign_")) {
      campaign[key.slice("tracking_url.".length)] = raw;
      continue;
    }
    if (key === "archived") {
      const values = equalityBools(raw);
      if (values === null) return null;
      if (values.length) archived = [...new Set([...(archived ?? values).filter((v) => values.includes(v))])];
      continue;
    }
    const ids = equalityIds(raw);
    if (ids === null) return null;
    if (!ids.length) continue;
    if (key === "agency_id") agencies = intersect(agencies, ids);
    else if (key === "account_id" || key === "tracking_url_id" || key === "lead_events.policy_type_id") {
      const column: GroupColumn = key === "lead_events.policy_type_id" ? "policy_type_id" : key;
      // A lead with two of the products is in both products' rows.
      if (column === "policy_type_id" && new Set(ids).size > 1) return null;
      if (!useGroup(column)) return null;
      conditions.push(inList(sql`s.${sql.raw(column)}`, ids));
    } else return null;
  }
  const campaignWhere = Object.keys(campaign).length ? parseListParams({ filter: { tracking_url: campaign } }, leadListSpec).where : [];
  if (campaignWhere.length) {
    const matches = sql.join(campaignWhere, sql` AND `);
    // A lead without a tracking URL has none of its rows: the filter must leave such leads out, as their NULL fields do.
    const [nullRow] = await queryRows<{ matches: boolean | null }>(
      db,
      sql`SELECT (${matches}) AS matches FROM (SELECT NULL::text AS campaign_source, NULL::text AS campaign_medium, NULL::text AS campaign_name) tu`,
    );
    if (nullRow?.matches) return null;
    if (!useGroup("tracking_url_id")) return null;
    conditions.push(sql`s.tracking_url_id IN (SELECT tu.id FROM tracking_urls tu WHERE ${matches})`);
  }
  if (scope.kind === "none") return null;
  if (scope.kind === "agencies") agencies = intersect(agencies, scope.agencyIds);
  if (scope.kind === "account") {
    if (!useGroup("account_id")) return null;
    conditions.push(sql`s.account_id = ${scope.accountId}`);
  }
  if (opts.perTrackingUrl && !useGroup("tracking_url_id")) return null;
  const where = GROUP_COLUMNS.filter((column) => column !== group).map((column) => sql`s.${sql.raw(column)} = 0`);
  if (group) where.push(sql`s.${sql.raw(group)} <> 0`, ...conditions);
  if (agencies) where.push(inList(sql`s.agency_id`, agencies));
  else if (!group) where.push(sql`s.agency_id = 0`);
  if (archived && archived.length === 1) where.push(sql`s.archived = ${archived[0]}`);
  else if (archived && archived.length === 0) where.push(sql`false`);
  return sql.join(where, sql` AND `);
}

/** Aggregates over lead_day_stats rows (`d`): a lead counts on its first day since `since` in the window. */
function dayAggregates(since: SQL) {
  const first = sql`prev_day < ${since}`;
  return sql`coalesce(sum(events) FILTER (WHERE series = 'v'), 0)::int AS site_visits,
    coalesce(sum(leads) FILTER (WHERE series = 'v' AND ${first}), 0)::int AS visitors,
    coalesce(sum(leads) FILTER (WHERE series = 'v' AND converted AND ${first}), 0)::int AS customers,
    coalesce(sum(leads) FILTER (WHERE series = 'v' AND NOT converted AND archived AND ${first}), 0)::int AS archived_leads,
    coalesce(sum(leads) FILTER (WHERE series = 'a' AND ${first}), 0)::int AS applications,
    coalesce(sum(leads) FILTER (WHERE series = 'p' AND NOT converted AND ${first}), 0)::int AS not_finished`;
}

/**
 * The statistics from lead_day_stats: per day and series, the leads of that day with their previous day of the
 * series. Within a bucket or the window a lead counts once, on its first day there: the row whose previous day is
 * before the bucket's (or window's) start. Site visits are the events of the days.
 */
async function statsFromDays(db: Db, where: SQL, window: StatsWindow, bucket: "day" | "month"): Promise<StatsRow[]> {
  const start = sql`${window.start}::date`;
  return queryRows<StatsRow>(
    db,
    sql`WITH d AS (
          SELECT to_char(date_trunc(${bucket}, s.day::timestamp), 'YYYY-MM-DD') AS bucket, greatest(date_trunc(${bucket}, s.day::timestamp)::date, ${start}) AS since,
            s.series, s.converted, s.archived, s.prev_day, s.leads, s.events
          FROM lead_day_stats s
          WHERE ${where} AND s.day >= ${start} AND s.day <= ${window.end}::date)
        SELECT bucket, ${dayAggregates(sql`since`)} FROM d GROUP BY bucket
        UNION ALL
        SELECT NULL, ${dayAggregates(start)} FROM d`,
  );
}

/**
 * The statistics of one window, scope and filters: from lead_day_stats where its rows answer them, else from the
 * window's events.
 */
export async function computeLeadStats(db: Db, scope: Scope, window: StatsWindow, leadFilter: QueryObject): Promise<LeadStats> {
  const bucket = statsBucket(window.start, window.end);
  // The filters are validated alike on both paths (422 with the field named).
  parseListParams({ filter: leadFilter }, leadListSpec);
  const group = await dayStatsGroup(db, scope, leadFilter);
  const rows = group ? await statsFromDays(db, group, window, bucket) : await statsFromEvents(db, scope, window, leadFilter);
  return assembleStats(rows, window, bucket);
}

/** The same statistics always read from the window's events (the tests compare both ways). */
export async function leadStatsFromEvents(db: Db, scope: Scope, window: StatsWindow, leadFilter: QueryObject): Promise<LeadStats> {
  return assembleStats(await statsFromEvents(db, scope, window, leadFilter), window, statsBucket(window.start, window.end));
}

function assembleStats(rows: StatsRow[], window: StatsWindow, bucket: "day" | "month"): LeadStats {
  const byBucket = new Map(rows.filter((r) => r.bucket !== null).map((r) => [r.bucket as string, r]));
  const stats_by = Object.fromEntries(statsBucketKeys(window.start, window.end).map((key) => [key, values(byBucket.get(key))]));
  const total = rows.find((r) => r.bucket === null);
  return { ...values(total), archived_leads: Number(total?.archived_leads ?? 0), start: window.start, end: window.end, bucket, stats_by };
}

/**
 * Each lead's events of the window per bucket. Without lead filters, from the events alone (index-only on
 * lead_events (agency_id, created_at, lead_id, tag) or (created_at, lead_id, tag)); only then their leads (status,
 * scope), each looked up once instead of once per event. With lead filters (status, name, email…), the matching leads
 * first, and only their events: grouping every event of the window before filtering took ~15 s at 5,000,000 leads
 * (issue 12). Per bucket a lead counts once (one row); over the window once, by grouping its buckets again.
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
  const bucketExpr = sql`to_char(date_trunc(${bucket}, e.created_at AT TIME ZONE ${REPORT_TIME_ZONE}), 'YYYY-MM-DD')`;
  const eventAggregates = sql`count(*) AS events, bool_or(e.tag IS NOT NULL AND e.tag <> ${LEAD_TAGS.landing}) AS applied, bool_or(e.tag = ${LEAD_TAGS.payment}) AS paid`;
  // Campaign and name filters name the lead's tracking URL and profile (each at most one per lead).
  const ev = params.where.length
    ? sql`SELECT ${bucketExpr} AS bucket, e.lead_id, ${eventAggregates},
          bool_or(l.status = 'converted') AS converted, bool_or(l.status <> 'converted') AS open, bool_or(l.archived) AS archived
        FROM lead_events e JOIN (
          SELECT l.id, l.status, l.archived FROM leads l LEFT JOIN tracking_urls tu ON tu.id = l.tracking_url_id
            LEFT JOIN profiles lp ON lp.profileable_type = 'Lead' AND lp.profileable_id = l.id
          WHERE ${sql.join(leadWhere, sql` AND `)}) l ON l.id = e.lead_id
        WHERE ${sql.join(eventWhere, sql` AND `)}
        GROUP BY 1, 2`
    : sql`SELECT b.bucket, b.lead_id, b.events, b.applied, b.paid, l.status = 'converted' AS converted, l.status <> 'converted' AS open, l.archived
        FROM (SELECT ${bucketExpr} AS bucket, e.lead_id, ${eventAggregates}
              FROM lead_events e WHERE ${sql.join(eventWhere, sql` AND `)}
              GROUP BY 1, 2) b
        JOIN leads l ON l.id = b.lead_id
        ${leadWhere.length ? sql`WHERE ${sql.join(leadWhere, sql` AND `)}` : sql``}`;
  return queryRows<StatsRow>(
    db,
    sql`WITH ev AS (${ev}),
        per_lead AS (
          SELECT NULL::text AS bucket, sum(events) AS events, bool_or(applied) AS applied, bool_or(paid) AS paid, bool_or(converted) AS converted, bool_or(open) AS open,
            bool_or(archived) AS archived
          FROM ev GROUP BY lead_id)
        SELECT bucket, sum(events)::int AS site_visits, count(*)::int AS visitors, count(*) FILTER (WHERE converted)::int AS customers,
          count(*) FILTER (WHERE open AND archived)::int AS archived_leads,
          count(*) FILTER (WHERE applied)::int AS applications, count(*) FILTER (WHERE paid AND open)::int AS not_finished
        FROM (SELECT bucket, events, applied, paid, converted, open, archived FROM ev UNION ALL SELECT * FROM per_lead) x
        GROUP BY bucket`,
  );
}

interface TrackingUrlRow extends StatsRow {
  tracking_url_id: number;
  landing_page: string;
  campaign_name: string;
  campaign_source: string | null;
  campaign_medium: string | null;
}

/** Per tracking URL, busiest first: at most this many. */
const TRACKING_URLS_SHOWN = 100;

/**
 * The same statistics per tracking URL (`leads_dashboard_tracking_url`), busiest first: from the tracking URLs' rows
 * of lead_day_stats where they answer the scope and filters, else from the window's events.
 */
export async function trackingUrlStats(db: Db, scope: Scope, window: StatsWindow, leadFilter: QueryObject) {
  parseListParams({ filter: leadFilter }, leadListSpec);
  const group = await dayStatsGroup(db, scope, leadFilter, { perTrackingUrl: true });
  if (!group) return trackingUrlStatsFromEvents(db, scope, window, leadFilter);
  const start = sql`${window.start}::date`;
  const rows = await queryRows<TrackingUrlRow>(
    db,
    sql`SELECT tu.landing_page, tu.campaign_name, tu.campaign_source, tu.campaign_medium, x.*
        FROM (SELECT s.tracking_url_id, ${dayAggregates(start)}
              FROM lead_day_stats s WHERE ${group} AND s.day >= ${start} AND s.day <= ${window.end}::date
              GROUP BY s.tracking_url_id) x
        JOIN tracking_urls tu ON tu.id = x.tracking_url_id
        WHERE x.visitors > 0 OR x.site_visits > 0
        ORDER BY x.visitors DESC, x.tracking_url_id LIMIT ${TRACKING_URLS_SHOWN}`,
  );
  return rows.map(trackingUrlJson);
}

/** The same statistics per tracking URL always read from the window's events (the tests compare both ways). */
export async function trackingUrlStatsFromEvents(db: Db, scope: Scope, window: StatsWindow, leadFilter: QueryObject) {
  const where = [...statsConditions(scope, window, leadFilter), sql`l.tracking_url_id IS NOT NULL`];
  const rows = await queryRows<TrackingUrlRow>(
    db,
    sql`SELECT tu.landing_page, tu.campaign_name, tu.campaign_source, tu.campaign_medium, s.*
        FROM (SELECT ev.tracking_url_id, ${AGGREGATES}
              FROM (SELECT l.tracking_url_id, e.lead_id, e.tag, l.status, l.archived FROM ${EVENTS_FROM} WHERE ${sql.join(where, sql` AND `)}) ev
              GROUP BY ev.tracking_url_id) s
        JOIN tracking_urls tu ON tu.id = s.tracking_url_id
        ORDER BY s.visitors DESC, s.tracking_url_id LIMIT ${TRACKING_URLS_SHOWN}`,
  );
  return rows.map(trackingUrlJson);
}

const trackingUrlJson = (r: TrackingUrlRow) => ({
  tracking_url_id: r.tracking_url_id,
  landing_page: r.landing_page,
  campaign_name: r.campaign_name,
  campaign_source: r.campaign_source,
  campaign_medium: r.campaign_medium,
  ...values(r),
  archived_leads: Number(r.archived_leads),
});

/**
 * Statistics are kept 5 minutes per scope, window and filters (reference 4.9), and dropped as soon as a lead event
 * arrives in this process (`leadEventsChanged`). Another API process's events show within the 5 minutes. The cache
 * belongs to its database: a process serving two (the API tests do) never answers one's figures from the other.
 */
export const STATS_TTL_MS = 5 * 60_000;
const CACHE_MAX = 500;
type StatsCache = { version: number; entries: Map<string, { at: number; version: number; value: unknown }> };
const caches = new WeakMap<Db, StatsCache>();

function statsCache(db: Db): StatsCache {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = { version: 0, entries: new Map() }));
  return cache;
}

export function leadEventsChanged(db: Db) {
  const cache = statsCache(db);
  cache.version++;
  cache.entries.clear();
}

export async function cachedStats<T>(db: Db, key: unknown, compute: () => Promise<T>, now = Date.now()): Promise<T> {
  const cache = statsCache(db);
  const k = JSON.stringify(key);
  const hit = cache.entries.get(k);
  if (hit && hit.version === cache.version && now - hit.at < STATS_TTL_MS) return hit.value as T;
  const at = now;
  const seen = cache.version;
  const value = await compute();
  if (seen === cache.version) {
    if (cache.entries.size >= CACHE_MAX) cache.entries.delete(cache.entries.keys().next().value as string);
    cache.entries.set(k, { at, version: seen, value });
  }
  return value;
}

