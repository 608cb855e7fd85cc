import { type SQL, sql } from "drizzle-orm";
import type { Role } from "../../../src/domain/roles";
import type { FilterDef, FilterOp, ListQuery, ListSpec } from "../../lib/list";
import type { Scope } from "../../lib/scope";
import { type SearchField, searchCondition } from "../../lib/search";
import { isoTimestamp } from "../../lib/timestamps";
import { policyScopeCondition, policyScopeFacets } from "./policies.scope";

/**
 * The policies list (document 2 section 7; reference section 4.4): one spec for GET /policies, POST /policies/list
 * and the CSV export, so all of them agree on filters and totals (readings C-25); the dashboard index (the Policy
 * Review queue) reads its customer, unit and date filters from here too.
 * Contains-searches on the customers read the policy's search text (migration 0013); on the number, lower(number)
 * LIKE '%text%' on its own trigram index (migration 0002).
 */
const likePattern = (value: unknown) => `%${String(value).toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const idList = (value: unknown) => sql.join((Array.isArray(value) ? value : [value]).map((v) => sql`${v}`), sql`, `);

/**
 * A condition on the policy's customers. A contains-search reads the policy's search text (server/lib/search.ts:
 * one trigram index, no join); an equality, or a term the search text cannot answer, is a semi-join the planner can
 * start from the customer side.
 */
function throughUsers(field: SearchField, column: SQL, join: SQL): FilterDef {
  return {
    type: "text",
    column,
    build: (op: FilterOp, value: unknown) => {
      const searched = op === "like" ? searchCondition(sql`po.search`, [field], String(value)) : null;
      if (searched) return searched;
      const test =
        op === "like" ? sql`lower(${column}) LIKE ${likePattern(value)}` : op === "in" ? sql`${column} IN (${idList(value)})` : sql`${column} = ${value}`;
      return sql`po.id IN (SELECT pu.policy_id FROM policy_users pu ${join} WHERE ${test})`;
    },
  };
}

const userEmail = throughUsers("email", sql`u.email`, sql`JOIN users u ON u.id = pu.user_id`);
const profileJoin = sql`JOIN profiles p ON p.profileable_type = 'User' AND p.profileable_id = pu.user_id`;
const fullName = throughUsers("full_name", sql`p.full_name`, profileJoin);
const contactEmail = throughUsers("contact_email", sql`p.contact_email`, profileJoin);
const tCode = throughUsers(
  "t_code",
  sql`ip.external_id`,
  sql`JOIN integration_profiles ip ON ip.profileable_type = 'User' AND ip.profileable_id = pu.user_id`,
);
const userId: FilterDef = {
  type: "int",
  column: sql`pu.user_id`,
  build: (_op, value) => sql`po.id IN (SELECT pu.policy_id FROM policy_users pu WHERE pu.user_id IN (${idList(value)}))`,
};

/** A community or building includes the units under it (reference section 4.4, `insurable_id`). */
const insurable: FilterDef = {
  type: "int",
  column: sql`pi.insurable_id`,
  build: (_op, value) => sql`po.id IN (
    SELECT pi.policy_id FROM policy_insurables pi
      JOIN insurables unit ON unit.id = pi.insurable_id
      LEFT JOIN insurables parent ON parent.id = unit.insurable_id
    WHERE unit.id IN (${idList(value)}) OR unit.insurable_id IN (${idList(value)}) OR parent.insurable_id IN (${idList(value)}))`,
};

const inOrEq = (column: SQL, dimension?: string): FilterDef => ({ type: "int", column, dimension });

export const policyListSpec: ListSpec = {
  filters: {
    id: inOrEq(sql`po.id`),
    // Read on policies_updated_at_id_idx, which carries the number (migration 0049), or the number's trigram index.
    number: { type: "text", column: sql`po.number`, clustered: true },
    tcode: tCode,
    t_code: tCode,
    status: { type: "text", column: sql`po.status`, dimension: "status" },
    policy_type_id: inOrEq(sql`po.policy_type_id`),
    agency_id: inOrEq(sql`po.agency_id`, "agency_id"),
    account_id: inOrEq(sql`po.account_id`, "account_id"),
    carrier_id: inOrEq(sql`po.carrier_id`),
    "carrier.id": inOrEq(sql`po.carrier_id`),
    policy_in_system: { type: "bool", column: sql`po.policy_in_system`, dimension: "policy_in_system" },
    "users.id": userId,
    user_id: userId,
    "users.email": userEmail,
    "users.profile.full_name": fullName,
    "users.profile.contact_email": contactEmail,
    insurable_id: insurable,
    "policy_insurables.insurable_id": insurable,
    "primary_insurable.insurable_id": insurable,
    created_at: { type: "timestamp", column: sql`po.created_at` },
    updated_at: { type: "timestamp", column: sql`po.updated_at` },
    // The dashboard index sends the range as two flat keys (document 2 section 7).
    updated_at_start_date: { type: "timestamp", column: sql`po.updated_at`, build: (_op, v) => sql`po.updated_at >= ${v}` },
    updated_at_end_date: { type: "timestamp", column: sql`po.updated_at`, build: (_op, v) => sql`po.updated_at <= ${v}` },
    effective_date: { type: "date", column: sql`po.effective_date` },
    expiration_date: { type: "date", column: sql`po.expiration_date` },
  },
  sorts: {
    updated_at: sql`po.updated_at`,
    created_at: sql`po.created_at`,
    number: sql`po.number`,
    effective_date: sql`po.effective_date`,
    expiration_date: sql`po.expiration_date`,
    status: sql`po.status`,
    id: sql`po.id`,
  },
  defaultSort: { column: "updated_at", direction: "desc" },
  tieBreaker: sql`po.id`,
  keyset: ["updated_at", "created_at", "number", "id"],
  // Totals by scope, status, agency, account and in-system from the counters kept by migration 0009's triggers.
  counting: {
    counters: [
      { table: "policy_counts_by_agency", dimensions: { agency_id: "agency_id", status: "status", policy_in_system: "policy_in_system" } },
      { table: "policy_counts_by_account", dimensions: { account_id: "account_id", agency_id: "agency_id", status: "status", policy_in_system: "policy_in_system" } },
    ],
  },
};

/** The row of document 2 section 3 ("Policy (list row)"), built only for the page's ids (runList). */
export function policyListQuery(scope: Scope, role: Role): ListQuery {
  return {
    select: sql`po.id, po.number, po.status, po.policy_in_system, po.policy_type_id, pt.title AS policy_type_title,
      po.effective_date, po.expiration_date, po.updated_at, po.created_at, po.out_of_system_carrier_title,
      (SELECT q.billing_strategy FROM policy_quotes q WHERE q.policy_id = po.id ORDER BY q.id DESC LIMIT 1) AS billing_strategy,
      CASE WHEN ac.id IS NULL THEN NULL ELSE json_build_object('id', ac.id, 'title', ac.title) END AS account,
      CASE WHEN ag.id IS NULL THEN NULL ELSE json_build_object('id', ag.id, 'title', ag.title) END AS agency,
      CASE WHEN ca.id IS NULL THEN NULL ELSE json_build_object('id', ca.id, 'title', ca.title) END AS carrier,
      (SELECT json_build_object('id', u.id, 'email', u.email, 'full_name', p.full_name,
                'tcode', (SELECT ip.external_id FROM integration_profiles ip
                          WHERE ip.profileable_type = 'User' AND ip.profileable_id = u.id ORDER BY ip.id LIMIT 1))
         FROM policy_users pu JOIN users u ON u.id = pu.user_id
         LEFT JOIN profiles p ON p.profileable_type = 'User' AND p.profileable_id = u.id
        WHERE pu.policy_id = po.id ORDER BY pu."primary" DESC, pu.id LIMIT 1) AS primary_user,
      (SELECT json_build_object('id', unit.id, 'title', unit.title,
                'parent_building', CASE WHEN parent.insurable_type_id = 7 THEN json_build_object('id', parent.id, 'title', parent.title) END,
                'parent_community', CASE WHEN parent.insurable_type_id = 7
                                          THEN (SELECT json_build_object('id', c.id, 'title', c.title) FROM insurables c WHERE c.id = parent.insurable_id)
                                          WHEN parent.id IS NOT NULL THEN json_build_object('id', parent.id, 'title', parent.title) END)
         FROM policy_insurables pi JOIN insurables unit ON unit.id = pi.insurable_id
         LEFT JOIN insurables parent ON parent.id = unit.insurable_id
        WHERE pi.policy_id = po.id ORDER BY pi."primary" DESC, pi.id LIMIT 1) AS primary_insurable,
      (SELECT json_build_object('id', r.id, 'created_at', r.created_at) FROM policy_revisions r
        WHERE r.policy_id = po.id AND r.status = 'submitted' ORDER BY r.id DESC LIMIT 1) AS latest_submitted_revision`,
    from: sql`policies po
      JOIN policy_types pt ON pt.id = po.policy_type_id
      LEFT JOIN accounts ac ON ac.id = po.account_id
      LEFT JOIN agencies ag ON ag.id = po.agency_id
      LEFT JOIN carriers ca ON ca.id = po.carrier_id`,
    where: policyScopeCondition(scope, role),
    facets: policyScopeFacets(scope, role),
    countFrom: sql`policies po`,
    // Filters, sorts and the scope name only `po` (and subqueries of their own).
    pageFrom: sql`policies po`,
    id: sql`po.id`,
    // An agent's first pages are read agency by agency on (agency_id, updated_at, id) and merged (list.ts).
    ...(scope.kind === "agencies" && role !== "policy_support" ? { partition: { column: sql`po.agency_id`, values: scope.agencyIds } } : {}),
  };
}

export interface PolicyListRow {
  id: number;
  number: string;
  status: string;
  policy_in_system: boolean;
  policy_type_id: number;
  policy_type_title: string;
  effective_date: string | null;
  expiration_date: string | null;
  updated_at: string | Date;
  created_at: string | Date;
  out_of_system_carrier_title: string | null;
  billing_strategy: string | null;
  account: { id: number; title: string } | null;
  agency: { id: number; title: string } | null;
  carrier: { id: number; title: string } | null;
  primary_user: { id: number; email: string; full_name: string | null; tcode: string | null } | null;
  primary_insurable: {
    id: number;
    title: string;
    parent_building: { id: number; title: string } | null;
    parent_community: { id: number; title: string } | null;
  } | null;
  latest_submitted_revision: { id: number; created_at: string } | null;
}

/**
 * The wire row; `tcode` is the primary customer's (reference section 3.6: a user's T code). Field by field, not a
 * copy of the row without its primary user: the rest-and-spread copy cost three times this on a policies page.
 * `satisfies` keeps it complete: a column added to the row and not here fails to compile.
 */
export function policyRowJson(row: PolicyListRow) {
  const user = row.primary_user;
  return {
    id: row.id,
    number: row.number,
    status: row.status,
    policy_in_system: row.policy_in_system,
    policy_type_id: row.policy_type_id,
    policy_type_title: row.policy_type_title,
    effective_date: row.effective_date,
    expiration_date: row.expiration_date,
    updated_at: isoTimestamp(row.updated_at),
    created_at: isoTimestamp(row.created_at),
    out_of_system_carrier_title: row.out_of_system_carrier_title,
    billing_strategy: row.billing_strategy,
    account: row.account,
    agency: row.agency,
    carrier: row.carrier ?? (row.out_of_system_carrier_title ? { id: null, title: row.out_of_system_carrier_title } : null),
    primary_insurable: row.primary_insurable,
    latest_submitted_revision: row.latest_submitted_revision,
    tcode: user?.tcode ?? null,
    primary_user: user ? { id: user.id, email: user.email, full_name: user.full_name } : null,
  } satisfies Record<keyof PolicyListRow | "tcode", unknown>;
}
