import { type SQL, sql } from "drizzle-orm";
import type { FilterDef, FilterOp, ListQuery, ListSpec } from "../../lib/list";
import { type Scope, scopeConditions } from "../../lib/scope";
import { searchedFilter } from "../../lib/search";
import { isoTimestamp } from "../../lib/timestamps";

/** The customers list (document 3: users/browse): its filters, sorts and scope, for GET /users and POST /users/list. */
const likeOrIn = (column: SQL) => (op: FilterOp, value: unknown) =>
  op === "like"
    ? sql`lower(${column}) LIKE ${`%${String(value).toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`
    : op === "in"
      ? sql`${column} IN (${sql.join((value as unknown[]).map((v) => sql`${v}`), sql`, `)})`
      : sql`${column} = ${value}`;

const tCode: FilterDef = {
  type: "text",
  column: sql`ip.external_id`,
  build: (op, value) =>
    sql`EXISTS (SELECT 1 FROM integration_profiles ip WHERE ip.profileable_type = 'User' AND ip.profileable_id = u.id AND ${likeOrIn(sql`ip.external_id`)(op, value)})`,
};

const policyNumber: FilterDef = {
  type: "text",
  column: sql`po.number`,
  build: (op, value) =>
    sql`EXISTS (SELECT 1 FROM policy_users pu JOIN policies po ON po.id = pu.policy_id WHERE pu.user_id = u.id AND ${likeOrIn(sql`po.number`)(op, value)})`,
};

const idList = (value: unknown) => sql.join((Array.isArray(value) ? value : [value]).map((v) => sql`${v}`), sql`, `);

const accountIds: FilterDef = {
  type: "int",
  column: sql`au.account_id`,
  build: (_op, value) => sql`EXISTS (SELECT 1 FROM account_users au WHERE au.user_id = u.id AND au.account_id IN (${idList(value)}))`,
};

/** A community's residents: users with a lease or a policy on a unit under it (directly or through a building). */
const communityIds: FilterDef = {
  type: "int",
  column: sql`c.id`,
  build: (_op, value) => sql`(
    EXISTS (SELECT 1 FROM lease_users lu JOIN leases l ON l.id = lu.lease_id JOIN insurables unit ON unit.id = l.insurable_id
            LEFT JOIN insurables parent ON parent.id = unit.insurable_id
            WHERE lu.user_id = u.id AND (unit.insurable_id IN (${idList(value)}) OR parent.insurable_id IN (${idList(value)})))
    OR EXISTS (SELECT 1 FROM policy_users pu JOIN policy_insurables pi ON pi.policy_id = pu.policy_id JOIN insurables unit ON unit.id = pi.insurable_id
            LEFT JOIN insurables parent ON parent.id = unit.insurable_id
            WHERE pu.user_id = u.id AND (unit.insurable_id IN (${idList(value)}) OR parent.insurable_id IN (${idList(value)}))))`,
};

// The search types (document 3: full_name, email, login_email, contact_email, contact_phone, tcode, t_code, number)
// read the customer's search text (lib/search.ts); equalities and the other filters compare their columns.
const SEARCH = sql`u.search`;

export const userListSpec: ListSpec = {
  filters: {
    id: { type: "int", column: sql`u.id` },
    email: searchedFilter({ type: "text", column: sql`u.email` }, SEARCH, "email"),
    login_email: searchedFilter({ type: "text", column: sql`u.email` }, SEARCH, "email"),
    "profile.full_name": searchedFilter({ type: "text", column: sql`p.full_name` }, SEARCH, "full_name"),
    "profile.first_name": { type: "text", column: sql`p.first_name` },
    "profile.last_name": { type: "text", column: sql`p.last_name` },
    "profile.contact_email": searchedFilter({ type: "text", column: sql`p.contact_email` }, SEARCH, "contact_email"),
    "profile.contact_phone": searchedFilter({ type: "text", column: sql`p.contact_phone` }, SEARCH, "contact_phone"),
    t_code: searchedFilter(tCode, SEARCH, "t_code"),
    tcode: searchedFilter(tCode, SEARCH, "t_code"),
    number: searchedFilter(policyNumber, SEARCH, "number"),
    "accounts.id": accountIds,
    account_id: accountIds,
    "insurables.id": communityIds,
    community_id: communityIds,
    has_current_leases: { type: "bool", column: sql`u.has_current_leases`, dimension: "has_current_leases" },
    has_existing_policies: { type: "bool", column: sql`u.has_existing_policies`, dimension: "has_existing_policies" },
    enabled: { type: "bool", column: sql`u.enabled`, dimension: "enabled" },
    created_at: { type: "timestamp", column: sql`u.created_at` },
    updated_at: { type: "timestamp", column: sql`u.updated_at` },
  },
  sorts: {
    id: sql`u.id`,
    email: sql`u.email`,
    created_at: sql`u.created_at`,
    updated_at: sql`u.updated_at`,
    "profile.full_name": sql`p.full_name`,
    full_name: sql`p.full_name`,
  },
  defaultSort: { column: "created_at", direction: "desc" },
  tieBreaker: sql`u.id`,
  keyset: ["id", "email", "created_at", "updated_at"],
  // The super admin's totals (no scope) from user_counts; a scope reaches users through accounts (capped count).
  counting: {
    counters: [{ table: "user_counts", dimensions: { enabled: "enabled", has_existing_policies: "has_existing_policies", has_current_leases: "has_current_leases" } }],
  },
};

export function userScopeCondition(scope: Scope): SQL[] {
  return scopeConditions(scope, {
    account: (id) => sql`EXISTS (SELECT 1 FROM account_users au WHERE au.user_id = u.id AND au.account_id = ${id})`,
    agencies: (ids) => sql`EXISTS (SELECT 1 FROM account_users au JOIN accounts a ON a.id = au.account_id WHERE au.user_id = u.id AND a.agency_id IN (${ids}))`,
  });
}

/** Accounts (alias `a`) the caller sees: a customer's other tenants are never named (issue 9, hole 2). */
function accountScope(scope: Scope): SQL {
  const conditions = scopeConditions(scope, { account: (id) => sql`a.id = ${id}`, agencies: (ids) => sql`a.agency_id IN (${ids})` });
  return conditions.length ? sql`AND ${sql.join(conditions, sql` AND `)}` : sql``;
}

/**
 * The scope's customers from their account links alone (id and creation date, migration 0049; a customer linked to
 * two accounts of a tree is listed once): the unfiltered list in its default order is paged and counted from
 * account_users_account_created_idx without reading a users row that is not shown (list.ts, ListQuery.narrow).
 */
function linkedCustomers(scope: Scope): ListQuery["narrow"] {
  const linked = scopeConditions(scope, {
    account: (id) => sql`au.account_id = ${id}`,
    agencies: (ids) => sql`au.account_id IN (SELECT a.id FROM accounts a WHERE a.agency_id IN (${ids}))`,
  });
  return {
    from: sql`(SELECT DISTINCT au.user_id AS id, au.user_created_at AS created_at FROM account_users au WHERE ${sql.join(linked, sql` AND `)}) u`,
    sorts: ["created_at", "id"],
  };
}

/** The customers list's query; `fixed` narrows it further (one customer, for its page). */
export function userListQuery(scope: Scope, fixed: SQL[] = []): ListQuery {
  return {
    select: sql`u.id, u.email, u.enabled, u.has_current_leases, u.has_existing_policies, u.has_leases, u.created_at, u.updated_at,
      p.id AS profile_id, p.first_name, p.last_name, p.middle_name, p.full_name, p.contact_email, p.contact_phone, p.birth_date,
      (SELECT ip.external_id FROM integration_profiles ip WHERE ip.profileable_type = 'User' AND ip.profileable_id = u.id ORDER BY ip.id LIMIT 1) AS t_code,
      (SELECT coalesce(json_agg(json_build_object('id', a.id, 'title', a.title) ORDER BY a.title), '[]'::json)
         FROM account_users au JOIN accounts a ON a.id = au.account_id WHERE au.user_id = u.id ${accountScope(scope)}) AS accounts`,
    from: sql`users u LEFT JOIN profiles p ON p.profileable_type = 'User' AND p.profileable_id = u.id`,
    where: [...userScopeCondition(scope), ...fixed],
    id: sql`u.id`,
    // A tenant's customers are thousands at most (an agency tree's 8,000 at 1M policies): counted as they are gathered.
    ...(scope.kind === "all" ? {} : { few: true, ...(fixed.length ? {} : { narrow: linkedCustomers(scope) }) }),
  };
}

export interface UserRow {
  id: number;
  email: string;
  enabled: boolean;
  has_current_leases: boolean;
  has_existing_policies: boolean;
  has_leases: boolean;
  created_at: string | Date;
  updated_at: string | Date;
  profile_id: number | null;
  first_name: string | null;
  last_name: string | null;
  middle_name: string | null;
  full_name: string | null;
  contact_email: string | null;
  contact_phone: string | null;
  birth_date: string | null;
  t_code: string | null;
  accounts: Array<{ id: number; title: string }> | string;
}

export function userJson(row: UserRow) {
  return {
    id: row.id,
    email: row.email,
    enabled: row.enabled,
    t_code: row.t_code,
    has_current_leases: row.has_current_leases,
    has_existing_policies: row.has_existing_policies,
    has_leases: row.has_leases,
    profile_attributes: {
      id: row.profile_id,
      first_name: row.first_name,
      last_name: row.last_name,
      middle_name: row.middle_name,
      full_name: row.full_name,
      contact_email: row.contact_email,
      contact_phone: row.contact_phone,
      birth_date: row.birth_date,
    },
    accounts: typeof row.accounts === "string" ? JSON.parse(row.accounts) : row.accounts,
    created_at: isoTimestamp(row.created_at),
    updated_at: isoTimestamp(row.updated_at),
  };
}
