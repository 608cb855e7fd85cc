import { type SQL, sql } from "drizzle-orm";
import { POLICY_TYPES } from "../../../src/domain/policies";
import type { ListQuery, ListSpec } from "../../lib/list";
import { type Scope, scopeConditions } from "../../lib/scope";
import { isoTimestamp } from "../../lib/timestamps";

/** Policy types that are master policies (2 Master, 7 Master Security Deposit), and the type of their unit coverages. */
export const MASTER_TYPE_IDS: number[] = POLICY_TYPES.filter((t) => t.master).map((t) => t.id);
export const COVERAGE_TYPE_OF: Record<number, number> = { 2: 3, 7: 8 };

const masterTypes = sql.join(MASTER_TYPE_IDS.map((id) => sql`${id}`), sql`, `);

/**
 * A unit coverage of a master policy that is in force: bound and not cancelled (reference section 4.10). The
 * master's "covered units" are its children in this state, its "historically covered units" the others.
 */
export const currentCoverage = (alias: string) =>
  sql`${sql.raw(alias)}.status IN ('BOUND', 'BOUND_WITH_WARNING') AND ${sql.raw(alias)}.cancellation_date IS NULL`;

/** Master policies the caller sees: staff their account's, agents their agencies', super admins all (readings C-16). */
export function masterScope(scope: Scope, alias = "mp"): SQL[] {
  return scopeConditions(scope, {
    account: (id) => sql`${sql.raw(alias)}.account_id = ${id}`,
    agencies: (ids) => sql`${sql.raw(alias)}.agency_id IN (${ids})`,
  });
}

const coveredUnits = sql`(SELECT count(*)::int FROM policies ch WHERE ch.policy_id = mp.id AND ${currentCoverage("ch")})`;

/** The master policies browse (document 3 section 2: master-policies): number, account, carrier, status, dates, covered units. */
export const masterPolicyListSpec: ListSpec = {
  filters: {
    id: { type: "int", column: sql`mp.id` },
    number: { type: "text", column: sql`mp.number` },
    status: { type: "text", column: sql`mp.status` },
    account_id: { type: "int", column: sql`mp.account_id` },
    agency_id: { type: "int", column: sql`mp.agency_id` },
    carrier_id: { type: "int", column: sql`mp.carrier_id` },
    policy_type_id: { type: "int", column: sql`mp.policy_type_id` },
    effective_date: { type: "date", column: sql`mp.effective_date` },
    expiration_date: { type: "date", column: sql`mp.expiration_date` },
    "account.title": { type: "text", column: sql`ac.title` },
    "carrier.title": { type: "text", column: sql`ca.title` },
  },
  sorts: {
    id: sql`mp.id`,
    number: sql`mp.number`,
    status: sql`mp.status`,
    effective_date: sql`mp.effective_date`,
    expiration_date: sql`mp.expiration_date`,
    created_at: sql`mp.created_at`,
    updated_at: sql`mp.updated_at`,
    "account.title": sql`ac.title`,
    "carrier.title": sql`ca.title`,
    covered_units: coveredUnits,
  },
  defaultSort: { column: "created_at", direction: "desc" },
  tieBreaker: sql`mp.id`,
};

export function masterPolicyListQuery(scope: Scope): ListQuery {
  return {
    select: sql`mp.id, mp.number, mp.status, mp.policy_type_id, mp.effective_date::text AS effective_date,
      mp.expiration_date::text AS expiration_date, mp.cancellation_date::text AS cancellation_date, mp.created_at, mp.updated_at,
      CASE WHEN ac.id IS NULL THEN NULL ELSE json_build_object('id', ac.id, 'title', ac.title) END AS account,
      CASE WHEN ag.id IS NULL THEN NULL ELSE json_build_object('id', ag.id, 'title', ag.title) END AS agency,
      CASE WHEN ca.id IS NULL THEN NULL ELSE json_build_object('id', ca.id, 'title', ca.title) END AS carrier,
      pr.base, pr.total, pr.calculation_base,
      ${coveredUnits} AS covered_units,
      (SELECT count(*)::int FROM policy_insurables pi WHERE pi.policy_id = mp.id AND pi.current) AS communities_count`,
    from: sql`policies mp
      LEFT JOIN accounts ac ON ac.id = mp.account_id
      LEFT JOIN agencies ag ON ag.id = mp.agency_id
      LEFT JOIN carriers ca ON ca.id = mp.carrier_id
      LEFT JOIN master_policy_premiums pr ON pr.policy_id = mp.id`,
    countFrom: sql`policies mp LEFT JOIN accounts ac ON ac.id = mp.account_id LEFT JOIN carriers ca ON ca.id = mp.carrier_id`,
    where: [sql`mp.policy_type_id IN (${masterTypes})`, ...masterScope(scope)],
    id: sql`mp.id`,
  };
}

type Ref = { id: number; title: string } | null;

export interface MasterPolicyRow {
  id: number;
  number: string;
  status: string;
  policy_type_id: number;
  effective_date: string | null;
  expiration_date: string | null;
  cancellation_date: string | null;
  created_at: string | Date;
  updated_at: string | Date;
  account: Ref | string;
  agency: Ref | string;
  carrier: Ref | string;
  base: number | string | null;
  total: number | string | null;
  calculation_base: number | string | null;
  covered_units: number;
  communities_count: number;
}

const json = <T>(v: T | string): T => (typeof v === "string" ? (JSON.parse(v) as T) : v);
const num = (v: number | string | null) => (v === null ? null : Number(v));
export function masterPolicyRowJson(row: MasterPolicyRow) {
  return {
    id: row.id,
    number: row.number,
    status: row.status,
    policy_type_id: row.policy_type_id,
    effective_date: row.effective_date,
    expiration_date: row.expiration_date,
    cancellation_date: row.cancellation_date,
    account: json<Ref>(row.account),
    agency: json<Ref>(row.agency),
    carrier: json<Ref>(row.carrier),
    base: num(row.base),
    total: num(row.total),
    calculation_base: num(row.calculation_base),
    covered_units: Number(row.covered_units),
    communities_count: Number(row.communities_count),
    created_at: isoTimestamp(row.created_at),
    updated_at: isoTimestamp(row.updated_at),
  };
}
