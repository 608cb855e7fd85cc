import { type SQL, sql } from "drizzle-orm";
import type { FilterDef, FilterOp, ListQuery, ListSpec } from "../../lib/list";
import type { Scope } from "../../lib/scope";
import { insurableScopeCondition } from "../lookups/lookups.scope";

const idList = (value: unknown) => sql.join((Array.isArray(value) ? value : [value]).map((v) => sql`${v}`), sql`, `);

/** Units and buildings under a community, directly or through a building (`filter[community_id]`). */
const underCommunity: FilterDef = {
  type: "int",
  column: sql`i.insurable_id`,
  build: (_op: FilterOp, value: unknown) => sql`(i.insurable_id IN (${idList(value)}) OR p.insurable_id IN (${idList(value)}))`,
};

/**
 * The properties grids (document 3: insurable/communities, buildings, units; page size 20): filters account, agency,
 * state and city (of the property's own address, else its building's or community's), covered, occupied, type and
 * parent (the lookups "by type ids" of document 3 section 7 are this list with `insurable_type_id[]` + `insurable_id`).
 */
export const insurableListSpec: ListSpec = {
  filters: {
    id: { type: "int", column: sql`i.id` },
    title: { type: "text", column: sql`i.title` },
    insurable_type_id: { type: "int", column: sql`i.insurable_type_id` },
    insurable_id: { type: "int", column: sql`i.insurable_id` },
    community_id: underCommunity,
    account_id: { type: "int", column: sql`i.account_id` },
    agency_id: { type: "int", column: sql`i.agency_id` },
    "account.title": { type: "text", column: sql`a.title` },
    "parent.title": { type: "text", column: sql`p.title` },
    "address.state": { type: "text", column: sql`addr.state` },
    "address.city": { type: "text", column: sql`addr.city` },
    "address.zip_code": { type: "text", column: sql`addr.zip_code` },
    "address.full": { type: "text", column: sql`addr.full` },
    covered: { type: "bool", column: sql`i.covered` },
    occupied: { type: "bool", column: sql`i.occupied` },
    enabled: { type: "bool", column: sql`i.enabled` },
    created_at: { type: "timestamp", column: sql`i.created_at` },
  },
  sorts: {
    id: sql`i.id`,
    // Case-insensitive, along insurables_title_order_idx (and an agency's, insurables_agency_title_idx): page 1 of
    // 500,000 units reads 20 index entries, not all of them.
    title: sql`lower(i.title)`,
    created_at: sql`i.created_at`,
    updated_at: sql`i.updated_at`,
    insurable_type_id: sql`i.insurable_type_id`,
    "account.title": sql`a.title`,
    "parent.title": sql`p.title`,
    "address.city": sql`addr.city`,
    "address.state": sql`addr.state`,
    covered: sql`i.covered`,
    occupied: sql`i.occupied`,
  },
  defaultSort: { column: "title", direction: "asc" },
  tieBreaker: sql`i.id`,
};

/** The nearest address: the property's own, else its parent's, else its grandparent's (units live at their community's). */
const FROM = sql`insurables i
  LEFT JOIN accounts a ON a.id = i.account_id
  LEFT JOIN insurables p ON p.id = i.insurable_id
  LEFT JOIN LATERAL (
    SELECT ad.street_number, ad.street_name, ad.street_two, ad.city, ad.state, ad.county, ad.zip_code, ad.full FROM addresses ad
    WHERE ad.addressable_type = 'Insurable' AND ad.addressable_id IN (i.id, i.insurable_id, p.insurable_id)
    ORDER BY (ad.addressable_id = i.id) DESC, (ad.addressable_id = i.insurable_id) DESC, ad."primary" DESC, ad.id LIMIT 1
  ) addr ON true`;

export const INSURABLE_SELECT = sql`i.id, i.title, i.insurable_type_id, i.insurable_id, i.account_id, i.agency_id, i.enabled, i.covered, i.occupied,
  i.category, i.preferred_ho4, i.additional_interest, i.additional_interest_name, i.minimum_liability, i.special_status, i.created_at, i.updated_at,
  a.title AS account_title, p.title AS parent_title, p.insurable_type_id AS parent_type_id,
  CASE WHEN addr.full IS NULL AND addr.city IS NULL THEN NULL ELSE json_build_object('street_number', addr.street_number, 'street_name', addr.street_name,
    'street_two', addr.street_two, 'city', addr.city, 'state', addr.state, 'county', addr.county, 'zip_code', addr.zip_code, 'full', addr.full) END AS address,
  CASE WHEN i.insurable_type_id IN (1, 2, 3) THEN (SELECT count(*)::int FROM insurables b WHERE b.insurable_id = i.id AND b.insurable_type_id = 7) ELSE 0 END AS buildings_count,
  CASE WHEN i.insurable_type_id IN (1, 2, 3) THEN (SELECT count(*)::int FROM insurables u WHERE u.insurable_id = i.id AND u.insurable_type_id IN (4, 5))
       + (SELECT count(*)::int FROM insurables b JOIN insurables u ON u.insurable_id = b.id WHERE b.insurable_id = i.id AND b.insurable_type_id = 7 AND u.insurable_type_id IN (4, 5))
     WHEN i.insurable_type_id = 7 THEN (SELECT count(*)::int FROM insurables u WHERE u.insurable_id = i.id AND u.insurable_type_id IN (4, 5)) ELSE 0 END AS units_count`;

/** Filters that read the joined account, parent or address; without them a total counts `insurables` alone. */
const JOINED_FILTERS = ["account.title", "parent.title", "address.state", "address.city", "address.zip_code", "address.full", "community_id"];

/** Sorts that read the joined account, parent or address. */
const JOINED_SORTS = ["account.title", "parent.title", "address.city", "address.state"];

/**
 * The list's query; given the filter asked for, its total is counted on `insurables` alone when no filter reads a
 * join (the address lookup per row would otherwise run for every counted row: 10,000 of them on a big portfolio).
 * Given the sort too (`page`), the page's ids are found the same way when neither reads a join: the address lookup
 * (a lateral join the planner cannot drop) then runs for the page's 20 rows, not for every row ordered (all 5,000
 * communities of a million-policy portfolio, for top_available).
 */
export function insurableListQuery(scope: Scope, extra: SQL[] = [], filter?: unknown, page?: { sort?: unknown }): ListQuery {
  const keys = filter && typeof filter === "object" ? Object.keys(filter) : [];
  const joined = keys.some((key) => JOINED_FILTERS.includes(key) || key === "account" || key === "parent" || key === "address");
  const sortInput = page?.sort && typeof page.sort === "object" ? (page.sort as { column?: unknown }).column : undefined;
  const sorts = (Array.isArray(sortInput) ? sortInput : [sortInput]).map(String);
  const plainPage = page !== undefined && !joined && !sorts.some((c) => JOINED_SORTS.includes(c));
  return {
    select: INSURABLE_SELECT,
    from: FROM,
    ...(joined ? {} : { countFrom: sql`insurables i` }),
    ...(plainPage ? { pageFrom: sql`insurables i` } : {}),
    where: [...insurableScopeCondition(scope), ...extra],
    id: sql`i.id`,
    // An agency tree's first pages agency by agency, each along insurables_agency_title_idx (list.ts, Partitioned pages),
    // a title search too: the index carries the title.
    ...(scope.kind === "agencies" ? { partition: { column: sql`i.agency_id`, values: scope.agencyIds, searches: true } } : {}),
  };
}
