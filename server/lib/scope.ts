import { eq, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { type Facet, queryRows } from "./list";
import { agencies } from "../db/schema";
import type { StaffUser } from "../routes/staffs/staff-user";
import { ForbiddenError } from "./errors";
import { id } from "./input";

/**
 * What a caller may see (DESIGN.md section 3, Scope): staff their own account; agents their agency and its
 * sub-agencies, narrowed to one of those by `agency_id` (any other is a 403); super admins everything, or one
 * agency tree when they pass `agency_id`. A staff member assigned to communities sees only those of the account's
 * properties, leases and policies (`communityIds`, reference section 2.2; none assigned = the whole account).
 */
export type Scope =
  | { kind: "all" }
  | { kind: "account"; accountId: number; communityIds?: number[] }
  | { kind: "agencies"; agencyIds: number[] }
  | { kind: "none" };

/** An agency and its direct sub-agencies (agencies have two levels). */
export async function agencyTree(db: Db, agencyId: number): Promise<number[]> {
  const rows = await db
    .select({ id: agencies.id })
    .from(agencies)
    .where(or(eq(agencies.id, agencyId), eq(agencies.agency_id, agencyId)));
  return rows.map((r) => r.id);
}

export function parseAgencyIdParam(raw: unknown): number | undefined {
  if (raw === undefined || raw === "" || raw === null) return undefined;
  const parsed = id.safeParse(raw);
  if (!parsed.success) throw new ForbiddenError("agency_id is not one of your agencies");
  return parsed.data;
}

/**
 * What a scope is made of, as SQL over who the caller is (`role`, `organizableId`, `staffId`: columns of the
 * signed-in staff member's row in the session query, or values): the agent's agency tree, the tree `agency_id`
 * names, and a staff member's community assignments. Arrays in id order; NULL when there is none.
 */
export function scopeFactsSql(who: { role: SQL; organizableId: SQL; staffId: SQL }, agencyIdParam?: number | SQL) {
  const tree = (agencyId: SQL) => sql`(SELECT array_agg(g.id ORDER BY g.id) FROM agencies g WHERE g.id = ${agencyId} OR g.agency_id = ${agencyId})`;
  return {
    tree: sql<number[] | null>`CASE WHEN ${who.role} = 'agent' THEN ${tree(who.organizableId)} END`,
    // A number, or a placeholder of a prepared statement (findSessionCaller).
    param_tree: agencyIdParam === undefined ? sql<number[] | null>`NULL::int[]` : sql<number[] | null>`${tree(sql`${agencyIdParam}::int`)}`,
    assigned: sql<number[] | null>`CASE WHEN ${who.role} = 'staff' THEN
      (SELECT array_agg(a.insurable_id ORDER BY a.insurable_id) FROM assignments a WHERE a.staff_id = ${who.staffId}) END`,
  };
}

export interface ScopeFacts {
  tree: number[] | null;
  param_tree: number[] | null;
  assigned: number[] | null;
}

/** The caller's scope from the facts `scopeFactsSql` read; 403 when `agency_id` is not one of an agent's agencies. */
export function scopeOf(user: StaffUser, agencyIdParam: number | undefined, facts: ScopeFacts): Scope {
  const list = (ids: number[] | null) => (ids ?? []).map(Number);
  switch (user.role) {
    case "super_admin":
      if (agencyIdParam === undefined) return { kind: "all" };
      return { kind: "agencies", agencyIds: list(facts.param_tree) };
    case "agent": {
      const tree = list(facts.tree);
      if (agencyIdParam === undefined) return { kind: "agencies", agencyIds: tree };
      if (!tree.includes(agencyIdParam)) throw new ForbiddenError("agency_id is not one of your agencies");
      return { kind: "agencies", agencyIds: list(facts.param_tree).filter((id) => tree.includes(id)) };
    }
    case "staff": {
      const assigned = list(facts.assigned);
      return { kind: "account", accountId: user.organizable_id!, ...(assigned.length ? { communityIds: assigned } : {}) };
    }
    default:
      return { kind: "none" };
  }
}

/** A staff member's scope, in one query (the signed-in caller's comes with their session: server/plugins/auth.ts). */
export async function resolveScope(db: Db, user: StaffUser, agencyIdParam?: number): Promise<Scope> {
  const facts = scopeFactsSql({ role: sql`${user.role}::text`, organizableId: sql`${user.organizable_id}::int`, staffId: sql`${user.id}::int` }, agencyIdParam);
  const [row] = await queryRows<ScopeFacts>(db, sql`SELECT ${facts.tree} AS tree, ${facts.param_tree} AS param_tree, ${facts.assigned} AS assigned`);
  return scopeOf(user, agencyIdParam, row);
}

/**
 * The communities a staff member is limited to, or undefined when they see their whole account (no assignment).
 * Lists that read properties, leases or policies name how their rows reach a community (`community` below).
 */
export const communityLimit = (scope: Scope): number[] | undefined => (scope.kind === "account" ? scope.communityIds : undefined);

/** Properties (by id expression) that are one of these communities or lie under one (a building, a unit). */
export const underCommunities = (insurableId: SQL, ids: SQL): SQL =>
  sql`${insurableId} IN (SELECT x.id FROM insurables x LEFT JOIN insurables xp ON xp.id = x.insurable_id
    WHERE x.id IN (${ids}) OR x.insurable_id IN (${ids}) OR xp.insurable_id IN (${ids}))`;

export interface ScopeReach {
  account: (accountId: number) => SQL;
  agencies: (ids: SQL) => SQL;
  /** How a row reaches its community (usually `underCommunities(<its property id>, ids)`); lists without it are account-wide. */
  community?: (ids: SQL) => SQL;
}

/**
 * The condition a scope puts on a list, given how that list's rows reach an account and an agency: one switch for
 * every list, so the scope rule lives in one place.
 */
export function scopeConditions(scope: Scope, reach: ScopeReach): SQL[] {
  switch (scope.kind) {
    case "all":
      return [];
    case "account": {
      const limit = communityLimit(scope);
      const own = [reach.account(scope.accountId)];
      return limit && reach.community ? [...own, reach.community(sql.join(limit.map((id) => sql`${id}`), sql`, `))] : own;
    }
    case "agencies":
      return scope.agencyIds.length ? [reach.agencies(sql.join(scope.agencyIds.map((id) => sql`${id}`), sql`, `))] : [sql`false`];
    case "none":
      return [sql`false`];
  }
}

/**
 * The same rule as facets, for lists whose rows carry their account and agency as columns: the counting rule
 * (list.ts) can then answer a scoped total from counters, and the SQL condition is built from these facets.
 */
export function scopeFacets(scope: Scope, dimensions: { account: string; agency: string }): Facet[] {
  switch (scope.kind) {
    case "all":
      return [];
    case "account":
      return [{ dimension: dimensions.account, values: [scope.accountId] }];
    case "agencies":
      return [{ dimension: dimensions.agency, values: scope.agencyIds }];
    case "none":
      return [{ dimension: dimensions.account, values: [] }];
  }
}

/**
 * The scope for naming accounts, communities and units in forms and pickers: policy support reviews proofs of every
 * account (reference section 2.2), so those lookups see them all; everyone else looks up within their own scope.
 */
export const lookupScope = (caller: { scope: Scope; user: { role: string } }): Scope => (caller.user.role === "policy_support" ? { kind: "all" } : caller.scope);
