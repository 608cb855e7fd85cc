import { type SQL, sql } from "drizzle-orm";
import type { ListQuery, ListSpec } from "../../lib/list";
import { type Scope, scopeConditions } from "../../lib/scope";

/** The staff list (document 3 'Staff list'): agents and property managers, read through one table. */
const agencyIdExpr = sql`(CASE WHEN s.organizable_type = 'Agency' THEN s.organizable_id ELSE acc.agency_id END)`;

export const staffListSpec: ListSpec = {
  filters: {
    id: { type: "int", column: sql`s.id` },
    organizable_type: { type: "text", column: sql`s.organizable_type` },
    organizable_id: { type: "int", column: sql`s.organizable_id` },
    agency_id: { type: "int", column: agencyIdExpr },
    enabled: { type: "bool", column: sql`s.enabled` },
    owner: { type: "bool", column: sql`s.owner` },
    role: { type: "text", column: sql`s.role` },
    email: { type: "text", column: sql`s.email` },
    "profile.full_name": { type: "text", column: sql`p.full_name` },
    created_at: { type: "timestamp", column: sql`s.created_at` },
  },
  sorts: {
    id: sql`s.id`,
    email: sql`s.email`,
    role: sql`s.role`,
    enabled: sql`s.enabled`,
    created_at: sql`s.created_at`,
    updated_at: sql`s.updated_at`,
    "profile.full_name": sql`p.full_name`,
  },
  defaultSort: { column: "created_at", direction: "desc" },
  tieBreaker: sql`s.id`,
};

export function staffScopeCondition(scope: Scope): SQL[] {
  return scopeConditions(scope, {
    account: (id) => sql`s.organizable_type = 'Account' AND s.organizable_id = ${id}`,
    agencies: (ids) => sql`((s.organizable_type = 'Agency' AND s.organizable_id IN (${ids})) OR (s.organizable_type = 'Account' AND acc.agency_id IN (${ids})))`,
  });
}

export function staffListQuery(scope: Scope): ListQuery {
  return {
    select: sql`s.id`,
    from: sql`staffs s
      LEFT JOIN profiles p ON p.profileable_type = 'Staff' AND p.profileable_id = s.id
      LEFT JOIN accounts acc ON s.organizable_type = 'Account' AND acc.id = s.organizable_id`,
    where: staffScopeCondition(scope),
    id: sql`s.id`,
  };
}
