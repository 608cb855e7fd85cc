import { type SQL, sql } from "drizzle-orm";
import type { ListQuery, ListSpec } from "../../lib/list";
import { type Scope, scopeConditions } from "../../lib/scope";

/**
 * The accounts grid (document 3 section 2 'Account list row'; reference 4.1 accounts index filters): title, enabled,
 * agency, address parts of the primary address.
 */
export const accountListSpec: ListSpec = {
  filters: {
    id: { type: "int", column: sql`a.id` },
    title: { type: "text", column: sql`a.title` },
    enabled: { type: "bool", column: sql`a.enabled` },
    agency_id: { type: "int", column: sql`a.agency_id` },
    "agency.title": { type: "text", column: sql`ag.title` },
    "addresses.state": { type: "text", column: sql`pa.state` },
    "addresses.city": { type: "text", column: sql`pa.city` },
    "addresses.zip_code": { type: "text", column: sql`pa.zip_code` },
    created_at: { type: "timestamp", column: sql`a.created_at` },
    updated_at: { type: "timestamp", column: sql`a.updated_at` },
  },
  sorts: {
    id: sql`a.id`,
    title: sql`lower(a.title)`,
    enabled: sql`a.enabled`,
    created_at: sql`a.created_at`,
    updated_at: sql`a.updated_at`,
    "agency.title": sql`lower(ag.title)`,
  },
  defaultSort: { column: "title", direction: "asc" },
  tieBreaker: sql`a.id`,
};

/** Accounts (alias `a`) a caller may see: staff their own, agents their agency tree, super admins all. */
export function accountScope(scope: Scope): SQL[] {
  return scopeConditions(scope, { account: (id) => sql`a.id = ${id}`, agencies: (ids) => sql`a.agency_id IN (${ids})` });
}

const PRIMARY_ADDRESS = sql`LEFT JOIN LATERAL (
    SELECT ad.full, ad.street_number, ad.street_name, ad.street_two, ad.city, ad.state, ad.zip_code
    FROM addresses ad WHERE ad.addressable_type = 'Account' AND ad.addressable_id = a.id
    ORDER BY ad.primary DESC, ad.id LIMIT 1) pa ON true`;

export function accountListQuery(scope: Scope): ListQuery {
  return {
    select: sql`a.id, a.title, a.enabled, a.agency_id, a.contact_info, a.additional_interest, a.additional_interest_name,
      a.minimum_liability, json_build_object('id', ag.id, 'title', ag.title) AS agency,
      CASE WHEN pa.full IS NULL THEN NULL ELSE json_build_object('full', pa.full, 'street_number', pa.street_number,
        'street_name', pa.street_name, 'street_two', pa.street_two, 'city', pa.city, 'state', pa.state, 'zip_code', pa.zip_code) END AS primary_address,
      a.created_at, a.updated_at`,
    from: sql`accounts a JOIN agencies ag ON ag.id = a.agency_id ${PRIMARY_ADDRESS}`,
    where: accountScope(scope),
    id: sql`a.id`,
  };
}
