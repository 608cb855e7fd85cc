import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { idParams } from "../../lib/input";
import { listEnvelope, sendList } from "../../lib/list";
import { filterTypes, listInput } from "../../lib/list-input";
import type { QueryObject } from "../../lib/query-string";
import { staffAuthor } from "../../lib/history";
import { requireCaller } from "../../plugins/auth";
import { leadListSpec } from "./leads.list";
import { leadFilterOptions, leadProducts, listLeads, setLeadArchived, showLead } from "./leads.service";
import { cachedStats, computeLeadStats, splitStatsFilter, trackingUrlStats } from "./leads.stats";

const listSchema = listInput(filterTypes(leadListSpec));
const list = { resource: "leads", action: "list" };
const show = { resource: "leads", action: "show" };

/**
 * Leads (document 3 sections 2, 4 and 7; reference 4.9): the grid (`POST /leads/list` in `{data, meta}`, `GET
 * /leads` as a bare array with `total-entries`), one lead, archive/unarchive, and the dashboard's statistics and
 * filter choices. Every call is limited to the caller's scope (staff: their account; agents: their agency tree or
 * the chosen agency).
 */
export const leadRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post("/leads/list", { config: { access: list }, schema: { body: listSchema.default({}) } }, async (request) => {
    const { scope } = requireCaller(request);
    const body = request.body as QueryObject;
    return listEnvelope(await listLeads(app.db, scope, { sort: body.sort, pagination: body.pagination, filter: body.filter }));
  });

  app.get("/leads", { config: { access: list }, schema: { querystring: listSchema } }, async (request, reply) => {
    const { scope } = requireCaller(request);
    const query = request.query as QueryObject;
    return sendList(reply, await listLeads(app.db, scope, { sort: query.sort, pagination: query.pagination, filter: query.filter }));
  });

  app.get("/leads/:id", { config: { access: show }, schema: { params: idParams } }, async (request) => {
    const { scope } = requireCaller(request);
    return showLead(app.db, scope, request.params.id);
  });

  app.put(
    "/leads/:id",
    { config: { access: { resource: "leads", action: "edit" } }, schema: { params: idParams, body: z.object({ lead: z.object({ archived: z.boolean() }).strict() }) } },
    async (request) => {
      const caller = requireCaller(request);
      return setLeadArchived(app.db, caller.scope, request.params.id, request.body.lead.archived, staffAuthor(caller.user));
    },
  );

  const stats = async (scope: ReturnType<typeof requireCaller>["scope"], filter: QueryObject["filter"]) => {
    const { window, leadFilter } = splitStatsFilter(filter);
    return cachedStats(["stats", scope, window, leadFilter], () => computeLeadStats(app.db, scope, window, leadFilter));
  };

  app.post("/dashboards/leads/stats", { config: { access: list }, schema: { body: listSchema.default({}) } }, async (request) => {
    const { scope } = requireCaller(request);
    return stats(scope, (request.body as QueryObject).filter);
  });

  app.get("/leads_dashboard", { config: { access: list }, schema: { querystring: listSchema } }, async (request) => {
    const { scope } = requireCaller(request);
    return stats(scope, (request.query as QueryObject).filter);
  });

  app.get("/leads_dashboard_tracking_url", { config: { access: list }, schema: { querystring: listSchema } }, async (request) => {
    const { scope } = requireCaller(request);
    const { window, leadFilter } = splitStatsFilter((request.query as QueryObject).filter);
    return cachedStats(["tracking", scope, window, leadFilter], () => trackingUrlStats(app.db, scope, window, leadFilter));
  });

  app.get("/leads_dashboard/get_filters", { config: { access: list } }, async (request) => {
    const { scope } = requireCaller(request);
    return leadFilterOptions(app.db, scope);
  });

  app.get("/leads/filters/get_products", { config: { access: list } }, async () => leadProducts(app.db));
};
