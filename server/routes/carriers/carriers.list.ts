import { type SQL, sql } from "drizzle-orm";
import type { ListQuery, ListSpec } from "../../lib/list";
import { type Scope, scopeConditions } from "../../lib/scope";

/** The carriers grid (document 3: carriers/browse; page size 20, the picker 3000 by title). */
export const carrierListSpec: ListSpec = {
  filters: {
    id: { type: "int", column: sql`c.id` },
    title: { type: "text", column: sql`c.title` },
    call_sign: { type: "text", column: sql`c.call_sign` },
    integration_designation: { type: "text", column: sql`c.integration_designation` },
    syncable: { type: "bool", column: sql`c.syncable` },
    rateable: { type: "bool", column: sql`c.rateable` },
    quotable: { type: "bool", column: sql`c.quotable` },
    bindable: { type: "bool", column: sql`c.bindable` },
    verifiable: { type: "bool", column: sql`c.verifiable` },
    enabled: { type: "bool", column: sql`c.enabled` },
    am_best_rating: { type: "text", column: sql`c.am_best_rating` },
    created_at: { type: "timestamp", column: sql`c.created_at` },
  },
  sorts: {
    id: sql`c.id`,
    title: sql`c.title`,
    integration_designation: sql`c.integration_designation`,
    enabled: sql`c.enabled`,
    created_at: sql`c.created_at`,
  },
  defaultSort: { column: "title", direction: "asc" },
  tieBreaker: sql`c.id`,
};

/** Carriers (alias `c`) a caller sees: agents those assigned to an agency of their scope (reference section 4.11). */
export function carrierScopeCondition(scope: Scope): SQL[] {
  return scopeConditions(scope, {
    account: () => sql`false`,
    agencies: (ids) => sql`EXISTS (SELECT 1 FROM carrier_agencies ca WHERE ca.carrier_id = c.id AND ca.agency_id IN (${ids}))`,
  });
}

export const CARRIER_COLUMNS = sql`c.id, c.title, c.call_sign, c.integration_designation, c.syncable, c.rateable, c.quotable, c.bindable,
  c.verifiable, c.enabled, c.synonyms, c.am_best_rating, c.is_system, c.created_at, c.updated_at`;

export function carrierListQuery(scope: Scope): ListQuery {
  return { select: CARRIER_COLUMNS, from: sql`carriers c`, where: carrierScopeCondition(scope), id: sql`c.id` };
}

/**
 * Carrier agencies (`GET /carrier-agencies`, document 3 section 7): one row per carrier assigned to an agency, filtered
 * by carrier or agency. Agents read their agency tree's rows only (reference section 4.11).
 */
export const carrierAgencyListSpec: ListSpec = {
  filters: {
    id: { type: "int", column: sql`ca.id` },
    carrier_id: { type: "int", column: sql`ca.carrier_id` },
    agency_id: { type: "int", column: sql`ca.agency_id` },
    created_at: { type: "timestamp", column: sql`ca.created_at` },
  },
  sorts: {
    id: sql`ca.id`,
    created_at: sql`ca.created_at`,
    "agency.title": sql`ag.title`,
    "carrier.title": sql`c.title`,
  },
  defaultSort: { column: "agency.title", direction: "asc" },
  tieBreaker: sql`ca.id`,
};

export function carrierAgencyScopeCondition(scope: Scope): SQL[] {
  return scopeConditions(scope, { account: () => sql`false`, agencies: (ids) => sql`ca.agency_id IN (${ids})` });
}

/** A carrier agency's columns (aliases `ca`, `ag` its agency, `c` its carrier), its policy types as JSON. */
export const CARRIER_AGENCY_COLUMNS = sql`ca.id, ca.carrier_id, c.title AS carrier_title, ca.agency_id, ag.title AS agency_title, ca.created_at, ca.updated_at,
  (SELECT coalesce(json_agg(json_build_object('id', capt.id, 'policy_type_id', capt.policy_type_id, 'commission_strategy_id', capt.commission_strategy_id,
           'commission_strategy_title', cs.title) ORDER BY capt.policy_type_id), '[]'::json)
     FROM carrier_agency_policy_types capt LEFT JOIN commission_strategies cs ON cs.id = capt.commission_strategy_id
    WHERE capt.carrier_agency_id = ca.id) AS policy_types`;

export const CARRIER_AGENCY_FROM = sql`carrier_agencies ca JOIN agencies ag ON ag.id = ca.agency_id JOIN carriers c ON c.id = ca.carrier_id`;

export function carrierAgencyListQuery(scope: Scope): ListQuery {
  return { select: CARRIER_AGENCY_COLUMNS, from: CARRIER_AGENCY_FROM, where: carrierAgencyScopeCondition(scope), id: sql`ca.id` };
}
