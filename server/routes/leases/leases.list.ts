import { type SQL, sql } from "drizzle-orm";
import type { FilterDef, ListQuery, ListSpec } from "../../lib/list";
import { type Scope, scopeConditions, underCommunities } from "../../lib/scope";

const idList = (value: unknown) => sql.join((Array.isArray(value) ? value : [value]).map((v) => sql`${v}`), sql`, `);

/** Leases of units under a community, directly or through a building. */
const community: FilterDef = {
  type: "int",
  column: sql`u.insurable_id`,
  build: (_op, value) => sql`(u.insurable_id IN (${idList(value)}) OR b.insurable_id IN (${idList(value)}))`,
};

const tenant = (column: SQL): FilterDef => ({
  type: "text",
  column,
  build: (op, value) => {
    const test = op === "like" ? sql`lower(${column}) LIKE ${`%${String(value).toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`}` : sql`lower(${column}) = lower(${value})`;
    return sql`EXISTS (SELECT 1 FROM lease_users lu JOIN users us ON us.id = lu.user_id LEFT JOIN profiles pr ON pr.profileable_type = 'User' AND pr.profileable_id = us.id
      WHERE lu.lease_id = l.id AND ${test})`;
  },
});

/** The leases grid (document 3: leases): unit, community, status, dates, tenants; page size 20. */
export const leaseListSpec: ListSpec = {
  filters: {
    id: { type: "int", column: sql`l.id` },
    reference: { type: "text", column: sql`l.reference` },
    status: { type: "text", column: sql`l.status` },
    insurable_id: { type: "int", column: sql`l.insurable_id` },
    community_id: community,
    account_id: { type: "int", column: sql`l.account_id` },
    start_date: { type: "date", column: sql`l.start_date` },
    end_date: { type: "date", column: sql`l.end_date` },
    covered: { type: "bool", column: sql`l.covered` },
    "unit.title": { type: "text", column: sql`u.title` },
    "tenant.email": tenant(sql`us.email`),
    "tenant.full_name": tenant(sql`pr.full_name`),
  },
  sorts: {
    id: sql`l.id`,
    start_date: sql`l.start_date`,
    end_date: sql`l.end_date`,
    status: sql`l.status`,
    created_at: sql`l.created_at`,
    "unit.title": sql`u.title`,
    "community.title": sql`c.title`,
  },
  defaultSort: { column: "start_date", direction: "desc" },
  tieBreaker: sql`l.id`,
};

/** Staff see their account's leases, agents their agencies' accounts' (reference section 5 gap 10: never unscoped). */
export function leaseScopeCondition(scope: Scope): SQL[] {
  return scopeConditions(scope, {
    account: (id) => sql`l.account_id = ${id}`,
    agencies: (ids) => sql`l.account_id IN (SELECT id FROM accounts WHERE agency_id IN (${ids}))`,
    community: (ids) => underCommunities(sql`l.insurable_id`, ids),
  });
}

const FROM = sql`leases l JOIN insurables u ON u.id = l.insurable_id
  LEFT JOIN insurables b ON b.id = u.insurable_id AND b.insurable_type_id = 7
  LEFT JOIN insurables c ON c.id = CASE WHEN b.id IS NOT NULL THEN b.insurable_id ELSE u.insurable_id END
  LEFT JOIN accounts a ON a.id = l.account_id`;

export const LEASE_SELECT = sql`l.id, l.reference, l.status, l.start_date, l.end_date, l.sign_date, l.month_to_month, l.covered, l.lease_type_id,
  l.insurable_id, l.account_id, l.excluded_from_compliance, l.created_at, l.updated_at,
  json_build_object('id', u.id, 'title', u.title, 'insurable_type_id', u.insurable_type_id) AS unit,
  CASE WHEN b.id IS NULL THEN NULL ELSE json_build_object('id', b.id, 'title', b.title) END AS building,
  CASE WHEN c.id IS NULL THEN NULL ELSE json_build_object('id', c.id, 'title', c.title) END AS community,
  a.title AS account_title,
  (SELECT coalesce(json_agg(json_build_object('id', lu.id, 'user_id', us.id, 'email', us.email, 'full_name', pr.full_name, 'first_name', pr.first_name,
      'last_name', pr.last_name, 'birth_date', pr.birth_date, 'primary', lu."primary", 'lessee', lu.lessee, 'moved_in_at', lu.moved_in_at, 'moved_out_at', lu.moved_out_at)
      ORDER BY lu."primary" DESC, lu.id), '[]'::json)
     FROM lease_users lu JOIN users us ON us.id = lu.user_id LEFT JOIN profiles pr ON pr.profileable_type = 'User' AND pr.profileable_id = us.id
    WHERE lu.lease_id = l.id) AS lease_users`;

export function leaseListQuery(scope: Scope, extra: SQL[] = []): ListQuery {
  return { select: LEASE_SELECT, from: FROM, where: [...leaseScopeCondition(scope), ...extra], id: sql`l.id` };
}
