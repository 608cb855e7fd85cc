import { sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { EMAIL_MAX, SEARCH_MAX, SHORT_TEXT, TEXT, flag, id, idParams, permissionSet, text } from "../../lib/input";
import { notFoundMessage } from "../../lib/errors";
import { defineBulkAction, runBulk } from "../../lib/bulk";
import { sendList } from "../../lib/list";
import { bulkInput, filterTypes, listInput } from "../../lib/list-input";
import type { QueryObject } from "../../lib/query-string";
import { staffAuthor } from "../../lib/history";
import { type Actor, requireCaller } from "../../plugins/auth";
import { agencyListQuery, agencyListSpec } from "./agencies.list";
import { type AgencyCaller, agencyHistories, createAgency, filterAgencies, listAgencies, setAgencyEnabled, showAgency, updateAgency } from "./agencies.service";

const nullableText = (max = TEXT) => text(max).nullable().optional();

const agencyInput = z
  .object({
    title: text(TEXT).optional(),
    agency_id: id.nullable().optional(),
    enabled: z.boolean().optional(),
    producer_code: nullableText(SHORT_TEXT),
    contact_info: z.object({ contact_phone: nullableText(SHORT_TEXT), contact_email: nullableText(EMAIL_MAX) }).strip().optional(),
    addresses_attributes: z
      .array(
        z
          .object({
            street_number: nullableText(SHORT_TEXT),
            street_name: nullableText(),
            street_two: nullableText(),
            city: nullableText(),
            state: nullableText(SHORT_TEXT),
            zip_code: nullableText(SHORT_TEXT),
          })
          .strip(),
      )
      .max(20)
      .optional(),
    global_permission_attributes: permissionSet.optional(),
  })
  .strip();

const agencyCaller = (caller: Actor): AgencyCaller => ({ role: caller.user.role, organizableId: caller.user.organizable_id, scope: caller.scope, author: staffAuthor(caller.user) });
/** The grid's bulk Enable/Disable: each agency as the single call switches it, its staff included; rows named by title. */
const agencyBulk = (["enable", "disable"] as const).map(
  (action) =>
    [action, defineBulkAction({ name: `agencies.${action}`, label: sql`ag.title`, each: (app, actor, id) => setAgencyEnabled(app.db, agencyCaller(actor), id, action === "enable") })] as const,
);
const listParams = (query: QueryObject) => ({ sort: query.sort, pagination: query.pagination, filter: query.filter });

/**
 * Agencies and sub-agencies (document 3 sections 2 and 7; reference 3.1, 3.2, 4.1): two levels; agents see and edit
 * their own agency and its sub-agencies and create sub-agencies under it; super admins anything, enable and disable.
 */
export const agencyRoutes: FastifyPluginAsyncZod = async (app) => {
  const access = (action: string) => ({ access: { resource: "agencies", action } });

  // with_subagencies comes as a query parameter (document 3 section 7) or, from the console's grid, as a filter.
  const listQuery = listInput({ ...filterTypes(agencyListSpec), with_subagencies: "bool" }, { with_subagencies: flag.optional() });
  app.get("/agencies", { config: access("list"), schema: { querystring: listQuery } }, async (request, reply) => {
    const caller = requireCaller(request);
    const query = request.query as QueryObject;
    const { with_subagencies: inFilter, ...filter } = (query.filter ?? {}) as QueryObject;
    const withSubagencies = Boolean(request.query.with_subagencies) || String(inFilter) === "true";
    return sendList(reply, await listAgencies(app.db, caller.scope, { sort: query.sort, pagination: query.pagination, filter }, withSubagencies));
  });

  app.post(
    "/agencies/filter",
    {
      config: access("list"),
      schema: {
        body: z
          .object({
            filter: z.object({ title: text(SEARCH_MAX).optional(), agency_id: id.optional(), include_children: z.boolean().optional() }).strip().optional(),
            pagination: z.object({ page: z.coerce.number().int().min(1).max(100_000).optional(), per: z.coerce.number().int().min(1).max(1000).optional() }).optional(),
          })
          .default({}),
      },
    },
    async (request) => {
      const { filter = {}, pagination = {} } = request.body;
      return filterAgencies(app.db, requireCaller(request).scope, { ...filter, page: pagination.page ?? 1, per: pagination.per ?? 10 });
    },
  );

  app.get("/agencies/:id", { config: access("show"), schema: { params: idParams } }, async (request) => showAgency(app.db, requireCaller(request).scope, request.params.id));

  app.post("/agencies", { config: access("create"), schema: { body: z.object({ agency: agencyInput }) } }, async (request, reply) => {
    const caller = requireCaller(request);
    const agencyId = await createAgency(app.db, agencyCaller(caller), request.body.agency);
    // An agent's scope was read before the sub-agency existed: the new agency is shown unscoped, once, to its creator.
    return reply.code(201).send(await showAgency(app.db, { kind: "all" }, agencyId));
  });

  app.put("/agencies/:id", { config: access("edit"), schema: { params: idParams, body: z.object({ agency: agencyInput }) } }, async (request) => {
    const caller = requireCaller(request);
    await updateAgency(app.db, agencyCaller(caller), request.params.id, request.body.agency);
    return showAgency(app.db, caller.scope, request.params.id);
  });

  // The grid's bulk Enable/Disable (issue 17 section 5), as the accounts grid's: picked ids or every agency matching the
  // grid's filter (top-level ones unless the grid lists sub-agencies too), read through the grid's own scoped query;
  // each agency then as the single call does it, history and its staff included.
  const bulkBody = bulkInput({ ...filterTypes(agencyListSpec), with_subagencies: "bool" });
  for (const [action, bulk] of agencyBulk) {
    app.post(`/agencies/bulk_${action}`, { config: access(action), schema: { body: bulkBody } }, async (request, reply) => {
      const caller = requireCaller(request);
      const { with_subagencies: withSubagencies, ...filter } = (request.body.filter || {}) as QueryObject;
      const topLevelOnly = Boolean(request.body.all_matching) && String(withSubagencies) !== "true";
      return runBulk(app, reply, caller, bulk, { query: agencyListQuery(caller.scope, topLevelOnly), spec: agencyListSpec, selection: { ...request.body, filter }, missing: notFoundMessage("Agency") });
    });
  }

  for (const [action, enabled] of [["enable", true], ["disable", false]] as const) {
    app.put(`/agencies/:id/${action}`, { config: access(action), schema: { params: idParams } }, async (request) => {
      const caller = requireCaller(request);
      await setAgencyEnabled(app.db, agencyCaller(caller), request.params.id, enabled);
      return showAgency(app.db, caller.scope, request.params.id);
    });
  }

  app.get("/agencies/:id/histories", { config: access("show"), schema: { params: idParams, querystring: listInput({}) } }, async (request, reply) => {
    const caller = requireCaller(request);
    return sendList(reply, await agencyHistories(app.db, caller.scope, request.params.id, listParams(request.query as QueryObject)));
  });
};
