import { sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { decideAccess } from "../../../src/domain/access";
import { exports as exportsTable } from "../../db/schema";
import { EXPORT_LEADS_JOB, type LeadExportParams } from "../../jobs/export-leads";
import { ForbiddenError, PermissionNotEnabledError, notFoundMessage } from "../../lib/errors";
import { z } from "zod";
import { idParams } from "../../lib/input";
import { defineBulkAction, runBulk } from "../../lib/bulk";
import { listEnvelope, parseListParams, sendList } from "../../lib/list";
import { bulkInput, filterTypes, listInput } from "../../lib/list-input";
import type { QueryObject } from "../../lib/query-string";
import { recordAuditEvent, staffAuthor } from "../../lib/history";
import { requireCaller } from "../../plugins/auth";
import { leadListQuery, leadListSpec } from "./leads.list";
import { leadFilterOptions, leadProducts, listLeads, setLeadArchived, showLead, statusDefault, withListDefaults } from "./leads.service";
import { cachedStats, computeLeadStats, splitStatsFilter, trackingUrlStats } from "./leads.stats";

const listSchema = listInput(filterTypes(leadListSpec), { input_file: z.enum(["text/csv"]).optional() });

/** The grid's bulk Archive/Unarchive: each lead as the single call archives it; rows named by their email, as the grid. */
const leadBulk = (["archive", "unarchive"] as const).map(
  (action) =>
    [
      action,
      defineBulkAction({ name: `leads.${action}`, label: sql`l.email`, each: (app, actor, id) => setLeadArchived(app.db, actor.scope, id, action === "archive", staffAuthor(actor.user)) }),
    ] as const,
);
/** The answer of a CSV request (reference 4.9: `input_file=text/csv` mails the file). */
export const LEADS_EXPORT_MESSAGE = "Report were sent";
const list = { resource: "leads", action: "list" };
const show = { resource: "leads", action: "show" };

/**
 * Leads (document 3 sections 2, 4 and 7; reference 4.9): the grid (`POST /leads/list` in `{data, meta}`, `GET
 * /leads` as a bare array with `total-entries`), one lead, archive/unarchive, and the dashboard's statistics and
 * filter choices. Every call is limited to the caller's scope (staff: their account; agents: their agency tree or
 * the chosen agency).
 */
export const leadRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The filtered leads as a CSV built in the background and mailed (like the policies export), on the export right. */
  const queueExport = async (request: FastifyRequest, input: QueryObject) => {
    const caller = requireCaller(request);
    const decision = decideAccess(caller.user, "leads", "export");
    if (decision === "forbidden") throw new ForbiddenError();
    if (decision === "permission_not_enabled") throw new PermissionNotEnabledError();
    // A bad filter is refused now, not in the background job.
    parseListParams({ filter: withListDefaults(input.filter), sort: input.sort }, leadListSpec);
    const params: LeadExportParams = { filter: input.filter ?? {}, sort: input.sort, scope: caller.scope };
    const [row] = await app.db.insert(exportsTable).values({ kind: "leads", staff_id: caller.user.id, params: JSON.stringify(params) }).returning({ id: exportsTable.id });
    await recordAuditEvent(app.db, { type: "Export", id: row.id, action: "export", author: staffAuthor(caller.user), process: "console", details: { kind: "leads", filter: input.filter ?? {} } });
    await app.jobs.send(EXPORT_LEADS_JOB, { exportId: row.id });
    return { success: true, message: LEADS_EXPORT_MESSAGE, export_id: row.id };
  };

  app.post("/leads/list", { config: { access: list }, schema: { body: listSchema.default({}) } }, async (request) => {
    const { scope } = requireCaller(request);
    const body = request.body as QueryObject;
    if (body.input_file === "text/csv") return queueExport(request, body);
    return listEnvelope(await listLeads(app.db, scope, { sort: body.sort, pagination: body.pagination, filter: body.filter }));
  });

  app.get("/leads", { config: { access: list }, schema: { querystring: listSchema } }, async (request, reply) => {
    const { scope } = requireCaller(request);
    const query = request.query as QueryObject;
    if (query.input_file === "text/csv") return queueExport(request, query);
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

  // The grid's bulk Archive/Unarchive (issue 17 section 5), as the accounts grid's Enable/Disable: picked ids or every
  // lead the grid lists for its filter (its defaults included: the last days' visits, converted leads left out unless
  // a status is chosen), read through the grid's own scoped query; each lead then as the single call archives it.
  for (const [action, bulk] of leadBulk) {
    app.post(`/leads/bulk_${action}`, { config: { access: { resource: "leads", action: "archive" } }, schema: { body: bulkInput(filterTypes(leadListSpec)) } }, async (request, reply) => {
      const caller = requireCaller(request);
      const filter = withListDefaults((request.body.filter || {}) as QueryObject);
      // Picked leads are acted on whatever the grid's defaults (a converted lead the grid shows under its status filter).
      const defaults = request.body.all_matching ? statusDefault(filter) : [];
      return runBulk(app, reply, caller, bulk, { query: leadListQuery(caller.scope, defaults), spec: leadListSpec, selection: { ...request.body, filter }, missing: notFoundMessage("Lead") });
    });
  }

  const stats = async (scope: ReturnType<typeof requireCaller>["scope"], filter: QueryObject["filter"]) => {
    const { window, leadFilter } = splitStatsFilter(filter);
    return cachedStats(app.db, ["stats", scope, window, leadFilter], () => computeLeadStats(app.db, scope, window, leadFilter));
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
    return cachedStats(app.db, ["tracking", scope, window, leadFilter], () => trackingUrlStats(app.db, scope, window, leadFilter));
  });

  app.get("/leads_dashboard/get_filters", { config: { access: list } }, async (request) => {
    const { scope } = requireCaller(request);
    return leadFilterOptions(app.db, scope);
  });

  app.get("/leads/filters/get_products", { config: { access: list } }, async () => leadProducts(app.db));
};
