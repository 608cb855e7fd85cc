import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { decideAccess } from "../../../src/domain/access";
import type { PaletteHit, PaletteKind } from "../../../src/domain/palette";
import { queryRows } from "../../lib/list";
import { type Scope, scopeConditions } from "../../lib/scope";
import { searchCondition } from "../../lib/search";
import type { Caller } from "../../plugins/auth";
import { insurableScopeCondition, likePattern } from "../lookups/lookups.scope";
import { policyScopeCondition } from "../policies/policies.scope";
import { leadScopeCondition } from "../leads/leads.rows";
import { trackingUrlScope } from "../tracking-urls/tracking-urls.service";
import { userScopeCondition } from "../users/users.list";

/** How many records of each kind one search answers: the palette shows a short list, the grids the rest. */
export const PALETTE_PER_KIND = 5;

const where = (conditions: SQL[]) => sql.join(conditions, sql` AND `);

/**
 * One search per kind, each through the same scope condition as that kind's grid (issue 17 section 6), so the palette
 * never finds what the caller's grids would not list, and only the kinds the caller may list at all.
 */
const SEARCHES: Record<PaletteKind, (term: string, scope: Scope, caller: Caller) => SQL | null> = {
  policies: (term, scope, caller) => {
    const number = searchCondition(sql`po.search`, ["number"], term) ?? sql`lower(po.number) LIKE ${likePattern(term)}`;
    return sql`SELECT po.id, po.number AS title, po.status AS subtitle FROM policies po
      WHERE ${where([number, ...policyScopeCondition(scope, caller.user.role)])}
      ORDER BY (lower(po.number) = ${term.toLowerCase()}) DESC, po.id DESC LIMIT ${PALETTE_PER_KIND}`;
  },
  users: (term, scope) => {
    const matched = searchCondition(sql`u.search`, ["full_name", "email"], term);
    if (!matched) return null;
    return sql`SELECT u.id, coalesce(nullif(p.full_name, ''), u.email) AS title, u.email AS subtitle
      FROM users u LEFT JOIN profiles p ON p.profileable_type = 'User' AND p.profileable_id = u.id
      WHERE ${where([matched, ...userScopeCondition(scope)])} ORDER BY u.id DESC LIMIT ${PALETTE_PER_KIND}`;
  },
  insurable: (term, scope) => {
    const pattern = likePattern(term);
    return sql`SELECT i.id, i.title, (SELECT ad.full FROM addresses ad WHERE ad.addressable_type = 'Insurable' AND ad.addressable_id IN (i.id, i.insurable_id)
        ORDER BY (ad.addressable_id = i.id) DESC, ad."primary" DESC, ad.id LIMIT 1) AS subtitle
      FROM insurables i
      WHERE ${where([
        sql`(lower(i.title) LIKE ${pattern} OR EXISTS (SELECT 1 FROM addresses ad WHERE ad.addressable_type = 'Insurable'
          AND ad.addressable_id IN (i.id, i.insurable_id) AND lower(ad.full) LIKE ${pattern}))`,
        ...insurableScopeCondition(scope),
      ])}
      ORDER BY i.insurable_type_id, i.title, i.id LIMIT ${PALETTE_PER_KIND}`;
  },
  accounts: (term, scope) =>
    sql`SELECT a.id, a.title, NULL AS subtitle FROM accounts a
      WHERE ${where([
        sql`lower(a.title) LIKE ${likePattern(term)}`,
        ...scopeConditions(scope, { account: (id) => sql`a.id = ${id}`, agencies: (ids) => sql`a.agency_id IN (${ids})` }),
      ])}
      ORDER BY a.title, a.id LIMIT ${PALETTE_PER_KIND}`,
  // Leads by their whole email only: millions of them, and the index on lower(email) answers an equality at once.
  leads: (term, scope) => {
    if (!term.includes("@")) return null;
    return sql`SELECT l.id, l.email AS title, nullif(trim(coalesce(lp.first_name, '') || ' ' || coalesce(lp.last_name, '')), '') AS subtitle
      FROM leads l LEFT JOIN profiles lp ON lp.profileable_type = 'Lead' AND lp.profileable_id = l.id
      WHERE ${where([sql`lower(l.email) = ${term.toLowerCase()}`, ...leadScopeCondition(scope)])}
      ORDER BY l.id DESC LIMIT ${PALETTE_PER_KIND}`;
  },
  "tracking-url": (term, scope) =>
    sql`SELECT tu.id, tu.campaign_name AS title, tu.landing_page AS subtitle FROM tracking_urls tu
      WHERE ${where([sql`lower(tu.campaign_name) LIKE ${likePattern(term)}`, sql`tu.deleted_at IS NULL`, ...trackingUrlScope(scope)])}
      ORDER BY tu.archived, tu.campaign_name, tu.id LIMIT ${PALETTE_PER_KIND}`,
};

/** The records of every kind the caller may list whose number, name, email, title or address contains `term`. */
export async function searchPalette(db: Db, caller: Caller, term: string): Promise<PaletteHit[]> {
  const kinds = (Object.keys(SEARCHES) as PaletteKind[]).filter((kind) => decideAccess(caller.user, kind, "list") === "allowed");
  const found = await Promise.all(
    kinds.map(async (kind) => {
      const query = SEARCHES[kind](term, caller.scope, caller);
      if (!query) return [];
      const rows = await queryRows<{ id: number; title: string; subtitle: string | null }>(db, query);
      return rows.map((row) => ({ kind, id: row.id, title: row.title, subtitle: row.subtitle ?? null }));
    }),
  );
  return found.flat();
}
