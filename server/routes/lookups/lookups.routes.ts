import { sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { COMMUNITY_TYPE_IDS } from "../../../src/domain/insurables";
import { SEARCH_MAX, id, jsonValue, text } from "../../lib/input";
import { queryRows } from "../../lib/list";
import { requireCaller } from "../../plugins/auth";
import { policyScopeCondition } from "../policies/policies.scope";
import { lookupScope } from "../../lib/scope";
import { accountScopeCondition, likePattern } from "./lookups.scope";

/** Small calls the shell and pickers make: agency tree, quick search, account and community pickers. */
export const lookupRoutes: FastifyPluginAsyncZod = async (app) => {
  // The agent's "Browse as" selector (document 1 section 2.3): its own tree in one call.
  app.get("/agencies/sub_agencies", async (request) => {
    const { user } = requireCaller(request);
    const where =
      user.role === "agent"
        ? sql`ag.id = ${user.organizable_id}`
        : user.role === "super_admin"
          ? sql`ag.agency_id IS NULL`
          : sql`false`;
    return queryRows(
      app.db,
      sql`SELECT ag.id, ag.title, ag.agency_id, ag.enabled,
            (SELECT coalesce(json_agg(json_build_object('id', c.id, 'title', c.title) ORDER BY c.title), '[]'::json)
               FROM agencies c WHERE c.agency_id = ag.id) AS agencies
          FROM agencies ag WHERE ${where} ORDER BY ag.title LIMIT 1000`,
    );
  });

  // The shell's search overlay: policies by number, a customer's T code or email, within scope.
  app.get("/search", { schema: { querystring: z.object({ query: text(SEARCH_MAX).default(""), agency_id: id.optional() }).catchall(jsonValue) } }, async (request) => {
    const caller = requireCaller(request);
    const text = request.query.query.trim();
    if (text.length < 2) return [];
    const pattern = likePattern(text);
    return queryRows(
      app.db,
      sql`SELECT 'policy' AS type, po.id, po.number, po.status, po.number AS label FROM policies po
          WHERE (lower(po.number) LIKE ${pattern}
             OR EXISTS (SELECT 1 FROM policy_users pu JOIN users u ON u.id = pu.user_id
                        LEFT JOIN integration_profiles ip ON ip.profileable_type = 'User' AND ip.profileable_id = u.id
                        WHERE pu.policy_id = po.id AND (lower(u.email) LIKE ${pattern} OR lower(ip.external_id) LIKE ${pattern})))
          ${sql.join(policyScopeCondition(caller.scope, caller.user.role).map((c) => sql` AND ${c}`), sql``)}
          ORDER BY (lower(po.number) = ${text.toLowerCase()}) DESC, po.created_at DESC LIMIT 10`,
    );
  });

  app.get(
    "/communities",
    {
      schema: {
        querystring: z
          .object({ search: text(SEARCH_MAX).optional(), account_id: id.optional(), agency_id: id.optional() })
          .catchall(jsonValue),
      },
    },
    async (request) => {
      const caller = requireCaller(request);
      const { search, account_id } = request.query;
      return queryRows(
        app.db,
        sql`SELECT i.id, i.title, i.account_id, i.insurable_type_id FROM insurables i
            LEFT JOIN accounts a ON a.id = i.account_id
            WHERE i.insurable_type_id IN (${sql.join(COMMUNITY_TYPE_IDS.map((id) => sql`${id}`), sql`, `)})
            ${search ? sql` AND lower(i.title) LIKE ${likePattern(search)}` : sql``}
            ${account_id ? sql` AND i.account_id = ${account_id}` : sql``}
            ${sql.join(accountScopeCondition(lookupScope(caller)).map((c) => sql` AND ${c}`), sql``)}
            ORDER BY i.title LIMIT 20`,
      );
    },
  );

  // Carrier picker of the policy grid's filter (up to 20; the caller's scope does not limit carriers).
  app.get("/lookups/carriers", { schema: { querystring: z.object({ search: text(SEARCH_MAX).optional(), agency_id: id.optional() }).catchall(jsonValue) } }, async (request) => {
    requireCaller(request);
    const { search } = request.query;
    return queryRows(
      app.db,
      sql`SELECT c.id, c.title FROM carriers c WHERE c.enabled ${search ? sql` AND lower(c.title) LIKE ${likePattern(search)}` : sql``} ORDER BY c.title LIMIT 20`,
    );
  });
};
