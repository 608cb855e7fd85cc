import { type SQL, sql } from "drizzle-orm";
import { REPORT_TIME_ZONE } from "../../../src/domain/constants";
import { type FilterDef, type FilterOp, type ListQuery, type ListSpec, flattenFilter } from "../../lib/list";
import type { QueryValue } from "../../lib/query-string";
import type { Scope } from "../../lib/scope";
import { LEAD_FROM, LEAD_SELECT, leadScopeCondition } from "./leads.rows";

const values = (value: unknown) => sql.join((Array.isArray(value) ? value : [value]).map((v) => sql`${v}`), sql`, `);

/** The start of a Los Angeles day as a timestamp: report dates are LA days (DESIGN.md section 3). */
export const dayStart = (day: unknown) => sql`(${day}::date::timestamp AT TIME ZONE ${REPORT_TIME_ZONE})`;
export const dayEnd = (day: unknown) => sql`((${day}::date + 1)::timestamp AT TIME ZONE ${REPORT_TIME_ZONE})`;

/** A timestamp column filtered by LA calendar days: `start`/`end` include their whole day. */
export function laDays(column: SQL): FilterDef {
  return {
    type: "date",
    column,
    build: (op: FilterOp, value: unknown) => {
      switch (op) {
        case "start":
          return sql`${column} >= ${dayStart(value)}`;
        case "end":
          return sql`${column} < ${dayEnd(value)}`;
        case "after":
          return sql`${column} >= ${dayEnd(value)}`;
        case "before":
          return sql`${column} < ${dayStart(value)}`;
        case "null":
          return sql`${column} IS NULL`;
        default:
          return sql`(${column} >= ${dayStart(value)} AND ${column} < ${dayEnd(value)})`;
      }
    },
  };
}

const anyOf = (column: SQL) => (op: FilterOp, value: unknown) =>
  op === "like"
    ? sql`lower(${column}) LIKE ${`%${String(value).toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`
    : op === "null"
      ? sql`${column} IS NULL`
      : sql`${column} IN (${values(value)})`;

/** The campaign fields of the lead's tracking URL (`tracking_url[campaign_source][]=…`, reference 4.9). */
const campaign = (field: "campaign_source" | "campaign_medium" | "campaign_name"): FilterDef => ({
  type: "text",
  column: sql`tu.${sql.raw(field)}`,
  build: anyOf(sql`tu.${sql.raw(field)}`),
});

/** The interested product: a lead with an event for one of these policy types. */
const productFilter: FilterDef = {
  type: "int",
  column: sql`le.policy_type_id`,
  build: (_op, value) => sql`EXISTS (SELECT 1 FROM lead_events le WHERE le.lead_id = l.id AND le.policy_type_id IN (${values(value)}))`,
};

/**
 * The leads grid (document 3 sections 2 and 7; reference 4.9): `POST /leads/list`, `GET /leads`, the CSV export and
 * the stats read these filters. Report dates are Los Angeles days.
 */
export const leadListSpec: ListSpec = {
  filters: {
    id: { type: "int", column: sql`l.id` },
    email: { type: "text", column: sql`l.email` },
    "profile.full_name": { type: "text", column: sql`lp.full_name` },
    status: { type: "text", column: sql`l.status` },
    archived: { type: "bool", column: sql`l.archived` },
    agency_id: { type: "int", column: sql`l.agency_id` },
    account_id: { type: "int", column: sql`l.account_id` },
    branding_profile_id: { type: "int", column: sql`l.branding_profile_id` },
    tracking_url_id: { type: "int", column: sql`l.tracking_url_id` },
    last_visit: laDays(sql`l.last_visit`),
    created_at: laDays(sql`l.created_at`),
    "lead_events.policy_type_id": productFilter,
    "tracking_url.campaign_source": campaign("campaign_source"),
    "tracking_url.campaign_medium": campaign("campaign_medium"),
    "tracking_url.campaign_name": campaign("campaign_name"),
  },
  sorts: {
    id: sql`l.id`,
    email: sql`l.email`,
    created_at: sql`l.created_at`,
    last_visit: sql`l.last_visit`,
    last_visited_page: sql`l.last_visited_page`,
    site_visits: sql`l.lead_events_cx`,
    premium_total: sql`l.premium_total`,
    agency_name: sql`ag.title`,
  },
  defaultSort: { column: "last_visit", direction: "desc" },
  tieBreaker: sql`l.id`,
};

const LEAD_COUNT_FROM = sql`leads l LEFT JOIN profiles lp ON lp.profileable_type = 'Lead' AND lp.profileable_id = l.id LEFT JOIN tracking_urls tu ON tu.id = l.tracking_url_id LEFT JOIN agencies ag ON ag.id = l.agency_id`;

/** Filters that name a joined table (`lp`, `tu`); the others name only `l`. */
const JOINED_FILTERS = ["profile.full_name", "tracking_url.campaign_source", "tracking_url.campaign_medium", "tracking_url.campaign_name"];

/**
 * The leads list's query; `fixed` narrows it further. Given the request's filter, a list whose filters name only `l`
 * is counted over `leads l` alone: a LEFT JOIN the planner removes still keeps its columns needed (PostgreSQL 15), so
 * the count read the table instead of leads_visit_order_idx alone (150,000 rows for a week's 10,001 at 1M policies).
 */
export function leadListQuery(scope: Scope, fixed: SQL[] = [], filter?: QueryValue): ListQuery {
  const joined = filter === undefined || flattenFilter(filter).some(([key]) => JOINED_FILTERS.includes(key));
  return {
    select: LEAD_SELECT,
    from: LEAD_FROM,
    where: [...leadScopeCondition(scope), ...fixed],
    countFrom: joined ? LEAD_COUNT_FROM : sql`leads l`,
    // Every alias the filters and sorts name is in it: the page's ids are found without the account join.
    pageFrom: LEAD_COUNT_FROM,
    id: sql`l.id`,
    // An agent's first pages are read agency by agency on leads_agency_visit_idx and merged (server/lib/list.ts).
    ...(scope.kind === "agencies" ? { partition: { column: sql`l.agency_id`, values: scope.agencyIds } } : {}),
  };
}
