import { type SQL, sql } from "drizzle-orm";
import { ACTIVE_POLICY_STATUSES } from "../../../src/domain/policies";
import type { ListQuery, ListSpec } from "../../lib/list";

/**
 * The lists of a master policy's page (document 3 section 7: communities, covered_units, historically_coverage_units,
 * available_top_insurables, available_units, master_policy_coverages), each a ListSpec over one master (`m`).
 */
const active = sql.join(ACTIVE_POLICY_STATUSES.map((s) => sql`${s}`), sql`, `);

/** The master's communities (and buildings) in its programme. */
export const programmeInsurables = (masterId: number) =>
  sql`(SELECT pi.insurable_id FROM policy_insurables pi WHERE pi.policy_id = ${masterId} AND pi.current)`;

/** Units under the given communities or buildings: directly, or through a building of a community (reference 3.4). */
export const unitUnder = (unit: string, parents: SQL) =>
  sql`${sql.raw(unit)}.insurable_type_id IN (4, 5) AND (${sql.raw(unit)}.insurable_id IN ${parents}
    OR ${sql.raw(unit)}.insurable_id IN (SELECT b.id FROM insurables b WHERE b.insurable_type_id = 7 AND b.insurable_id IN ${parents}))`;

/** A unit is occupied while it has a current lease (reference section 3.4). */
export const occupied = (unit: string) => sql`EXISTS (SELECT 1 FROM leases l WHERE l.insurable_id = ${sql.raw(unit)}.id AND l.status = 'current')`;

/**
 * A unit has a coverage in force: a policy in an active status, not cancelled, within its dates, on the unit (a
 * resident's own policy or a master coverage). Such a unit cannot be covered again (reference 4.10, bad_unit).
 */
export const coverageInForce = (unit: string, except: SQL = sql`true`, day: SQL = sql`current_date`) =>
  sql`EXISTS (SELECT 1 FROM policy_insurables x JOIN policies p ON p.id = x.policy_id
    WHERE x.insurable_id = ${sql.raw(unit)}.id AND x.current AND p.status IN (${active}) AND p.cancellation_date IS NULL
      AND (p.effective_date IS NULL OR p.effective_date <= ${day}) AND (p.expiration_date IS NULL OR p.expiration_date >= ${day})
      AND ${except})`;

const place = (unit: string) => sql`
  CASE WHEN par.insurable_type_id = 7 THEN json_build_object('id', par.id, 'title', par.title) END AS building,
  CASE WHEN par.insurable_type_id = 7 THEN (SELECT json_build_object('id', c.id, 'title', c.title) FROM insurables c WHERE c.id = par.insurable_id)
       ELSE json_build_object('id', par.id, 'title', par.title) END AS community,
  (SELECT json_build_object('id', l.id, 'start_date', l.start_date::text, 'end_date', l.end_date::text,
            'resident', (SELECT pr.full_name FROM lease_users lu JOIN profiles pr ON pr.profileable_type = 'User' AND pr.profileable_id = lu.user_id
                          WHERE lu.lease_id = l.id ORDER BY lu."primary" DESC, lu.id LIMIT 1))
     FROM leases l WHERE l.insurable_id = ${sql.raw(unit)}.id AND l.status = 'current' ORDER BY l.start_date DESC, l.id DESC LIMIT 1) AS lease`;

const titleFilters = (column: SQL) => ({ title: { type: "text" as const, column } });

export const communityListSpec: ListSpec = {
  filters: { ...titleFilters(sql`i.title`), auto_assign: { type: "bool", column: sql`pi.auto_assign` } },
  sorts: { title: sql`i.title`, created_at: sql`pi.created_at`, id: sql`i.id` },
  defaultSort: { column: "title", direction: "asc" },
  tieBreaker: sql`pi.id`,
};

export function communityListQuery(masterId: number): ListQuery {
  const units = (fn: (u: string) => SQL) => sql`(SELECT count(*)::int FROM insurables u WHERE ${unitUnder("u", sql`(i.id)`)} AND ${fn("u")})`;
  return {
    select: sql`i.id, i.title, i.insurable_type_id, pi.id AS policy_insurable_id, pi.auto_assign, pi.created_at AS added_at,
      ${units(() => sql`true`)} AS units_count,
      ${units((u) => sql`EXISTS (SELECT 1 FROM policies ch JOIN policy_insurables x ON x.policy_id = ch.id
          WHERE ch.policy_id = ${masterId} AND x.insurable_id = ${sql.raw(u)}.id AND ch.status IN ('BOUND', 'BOUND_WITH_WARNING') AND ch.cancellation_date IS NULL)`)} AS covered_units_count`,
    from: sql`policy_insurables pi JOIN insurables i ON i.id = pi.insurable_id`,
    where: [sql`pi.policy_id = ${masterId}`, sql`pi.current`],
    id: sql`pi.id`,
  };
}

export const topInsurableListSpec: ListSpec = {
  filters: { ...titleFilters(sql`i.title`), insurable_type_id: { type: "int", column: sql`i.insurable_type_id` } },
  sorts: { title: sql`i.title`, id: sql`i.id` },
  defaultSort: { column: "title", direction: "asc" },
  tieBreaker: sql`i.id`,
};

/** Communities and buildings of the master's account not in its programme yet (nor under a community that is). */
export function topInsurableListQuery(masterId: number, accountId: number): ListQuery {
  return {
    select: sql`i.id, i.title, i.insurable_type_id, (SELECT count(*)::int FROM insurables u WHERE ${unitUnder("u", sql`(i.id)`)}) AS units_count`,
    from: sql`insurables i`,
    where: [
      sql`i.account_id = ${accountId}`,
      sql`i.insurable_type_id IN (1, 2, 3, 7)`,
      sql`i.id NOT IN ${programmeInsurables(masterId)}`,
      sql`(i.insurable_type_id <> 7 OR i.insurable_id IS NULL OR i.insurable_id NOT IN ${programmeInsurables(masterId)})`,
    ],
    id: sql`i.id`,
  };
}

export const unitListSpec: ListSpec = {
  filters: titleFilters(sql`u.title`),
  sorts: { title: sql`u.title`, id: sql`u.id` },
  defaultSort: { column: "title", direction: "asc" },
  tieBreaker: sql`u.id`,
};

/** Units the master may cover now: under its communities, occupied, without a coverage in force. */
export function availableUnitListQuery(masterId: number): ListQuery {
  return {
    select: sql`u.id, u.title, u.insurable_type_id, ${place("u")}`,
    from: sql`insurables u LEFT JOIN insurables par ON par.id = u.insurable_id`,
    where: [unitUnder("u", programmeInsurables(masterId)), occupied("u"), sql`NOT ${coverageInForce("u")}`],
    id: sql`u.id`,
  };
}

export const coverageListSpec: ListSpec = {
  filters: { ...titleFilters(sql`u.title`), number: { type: "text", column: sql`ch.number` }, status: { type: "text", column: sql`ch.status` } },
  sorts: { title: sql`u.title`, number: sql`ch.number`, effective_date: sql`ch.effective_date`, cancellation_date: sql`ch.cancellation_date`, id: sql`ch.id` },
  defaultSort: { column: "id", direction: "desc" },
  tieBreaker: sql`ch.id`,
};

/** The master's unit coverages (children): `current` those in force, `past` the cancelled or expired, `all` both. */
export function coverageListQuery(masterId: number, which: "current" | "past" | "all"): ListQuery {
  const state = sql`ch.status IN ('BOUND', 'BOUND_WITH_WARNING') AND ch.cancellation_date IS NULL`;
  return {
    select: sql`ch.id, ch.number, ch.status, ch.effective_date::text AS effective_date, ch.expiration_date::text AS expiration_date,
      ch.cancellation_date::text AS cancellation_date,
      json_build_object('id', u.id, 'title', u.title) AS insurable, ${place("u")}`,
    from: sql`policies ch JOIN policy_insurables pi ON pi.policy_id = ch.id AND pi."primary"
      JOIN insurables u ON u.id = pi.insurable_id LEFT JOIN insurables par ON par.id = u.insurable_id`,
    where: [sql`ch.policy_id = ${masterId}`, ...(which === "current" ? [state] : which === "past" ? [sql`NOT (${state})`] : [])],
    id: sql`ch.id`,
  };
}

const parse = <T>(v: T | string | null): T | null => (typeof v === "string" ? (JSON.parse(v) as T) : v);

/** JSON columns come back as text from some drivers. */
export function unitRowJson(row: Record<string, unknown>) {
  return {
    ...row,
    building: parse(row.building as object | null),
    community: parse(row.community as object | null),
    lease: parse(row.lease as object | null),
    ...(row.insurable !== undefined ? { insurable: parse(row.insurable as object | null) } : {}),
  };
}
