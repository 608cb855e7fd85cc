import { sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { NotFoundError } from "../../lib/errors";
import { queryRows } from "../../lib/list";
import { SEARCH_MAX, id, idParams, jsonValue, text } from "../../lib/input";
import { MESSAGES } from "../../lib/validators";
import { lookupScope } from "../../lib/scope";
import { requireCaller } from "../../plugins/auth";
import { insurableScopeCondition, likePattern } from "../lookups/lookups.scope";
import { policyScopeCondition } from "./policies.scope";

/** `filter[id]=1,2`, `filter[id][]=1&filter[id][]=2` or a JSON list: ids, each checked like any id. */
const idList = z
  .union([
    z.array(id).max(100),
    text(1100).transform((v, ctx) => {
      const parsed = v.split(",").filter(Boolean).map((p) => id.safeParse(p.trim()));
      if (parsed.length > 100 || parsed.some((p) => !p.success)) {
        ctx.addIssue({ code: "custom", message: MESSAGES.id });
        return z.NEVER;
      }
      return parsed.map((p) => p.data as number);
    }),
  ])
  .optional()
  .meta({ "x-filter-type": "int" });
const quotesQuery = z.object({ filter: z.object({ id: idList, policy_id: idList }).strict().optional() }).catchall(jsonValue);
const addressesQuery = z.object({ search: text(SEARCH_MAX).optional(), agency_id: id.optional(), account_id: id.optional() }).catchall(jsonValue);

/** Small reads the policy screens make (document 2 section 7): policy types, quotes, addresses. */
export const policyLookupRoutes: FastifyPluginAsyncZod = async (app) => {
  // Cached by the browser too: types change only with a release.
  app.get("/policy-types", async (_request, reply) => {
    reply.header("cache-control", "private, max-age=3600");
    return queryRows(app.db, sql`SELECT id, title, slug, master, master_coverage FROM policy_types WHERE enabled ORDER BY id`);
  });

  app.get("/policy-quotes", { config: { access: { resource: "policies", action: "show" } }, schema: { querystring: quotesQuery } }, async (request) => {
    const caller = requireCaller(request);
    const byId = request.query.filter?.id ?? [];
    const byPolicy = request.query.filter?.policy_id ?? [];
    if (byId.length === 0 && byPolicy.length === 0) return [];
    const scope = policyScopeCondition(caller.scope, caller.user.role);
    const conditions = [
      byId.length ? sql`q.id IN (${sql.join(byId.map((id) => sql`${id}`), sql`, `)})` : sql`true`,
      byPolicy.length ? sql`q.policy_id IN (${sql.join(byPolicy.map((id) => sql`${id}`), sql`, `)})` : sql`true`,
      ...scope,
    ];
    const rows = await queryRows<Record<string, unknown>>(
      app.db,
      sql`SELECT q.id, q.reference, q.status, q.policy_id, q.total_premium, q.total_fee, q.total_tax, q.total, q.billing_strategy, q.created_at
          FROM policy_quotes q JOIN policies po ON po.id = q.policy_id
          WHERE ${sql.join(conditions, sql` AND `)} ORDER BY q.id LIMIT 100`,
    );
    return rows.map((r) => ({ ...r, total_premium: Number(r.total_premium), total_fee: Number(r.total_fee), total_tax: Number(r.total_tax), total: Number(r.total) }));
  });

  // The coverage-proof form's location chain (document 1 section 5): a community's address, its buildings with their
  // units, and the units directly under it.
  app.get("/lookups/communities/:id/tree", { schema: { params: idParams } }, async (request) => {
    const caller = requireCaller(request);
    const scope = insurableScopeCondition(lookupScope(caller));
    const [community] = await queryRows<{ id: number; title: string; account_id: number | null }>(
      app.db,
      sql`SELECT i.id, i.title, i.account_id FROM insurables i WHERE i.id = ${request.params.id} AND i.insurable_type_id IN (1, 2, 3) ${sql.join(scope.map((c) => sql` AND ${c}`), sql``)}`,
    );
    if (!community) throw new NotFoundError("Community");
    const [address] = await queryRows<Record<string, string | null>>(
      app.db,
      sql`SELECT street_number, street_name, city, state, zip_code, country FROM addresses WHERE addressable_type = 'Insurable' AND addressable_id = ${community.id} ORDER BY "primary" DESC, id LIMIT 1`,
    );
    const children = await queryRows<{ id: number; title: string; insurable_type_id: number; parent_id: number }>(
      app.db,
      sql`SELECT i.id, i.title, i.insurable_type_id, i.insurable_id AS parent_id FROM insurables i
          WHERE i.enabled AND (i.insurable_id = ${community.id} OR i.insurable_id IN (SELECT b.id FROM insurables b WHERE b.insurable_id = ${community.id} AND b.insurable_type_id = 7))
          ORDER BY i.title`,
    );
    const units = (parent: number) => children.filter((c) => c.parent_id === parent && [4, 5].includes(c.insurable_type_id)).map(({ id, title }) => ({ id, title }));
    return {
      ...community,
      address: address ?? null,
      buildings: children.filter((c) => c.insurable_type_id === 7).map((b) => ({ id: b.id, title: b.title, units: units(b.id) })),
      units: units(community.id),
    };
  });

  // Addresses of the properties in scope, for the address pickers (document 2 section 7).
  app.get("/addresses", { schema: { querystring: addressesQuery } }, async (request) => {
    const caller = requireCaller(request);
    const query = request.query;
    const search = query.search?.trim() ?? "";
    const conditions = [
      sql`a.addressable_type = 'Insurable'`,
      ...insurableScopeCondition(lookupScope(caller)),
    ];
    if (search) conditions.push(sql`lower(a.full) LIKE ${likePattern(search)}`);
    if (query.agency_id) conditions.push(sql`i.agency_id = ${query.agency_id}`);
    if (query.account_id) conditions.push(sql`i.account_id = ${query.account_id}`);
    return queryRows(
      app.db,
      sql`SELECT a.id, a.full, a.street_number, a.street_name, a.street_two, a.city, a.state, a.zip_code, a.addressable_type, a.addressable_id
          FROM addresses a JOIN insurables i ON i.id = a.addressable_id
          WHERE ${sql.join(conditions, sql` AND `)} ORDER BY a.full LIMIT 20`,
    );
  });
};
