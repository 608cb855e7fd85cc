import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { periodWindow } from "../../../src/domain/dashboard";
import { ValidationError } from "../../lib/errors";
import { date, id, MAX_ID, SHORT_TEXT, text } from "../../lib/input";
import { resolveScope } from "../../lib/scope";
import { requireCaller } from "../../plugins/auth";
import { createDashboardCache } from "./dashboards.cache";
import { dashboardGraphs, dashboardTotals, type DashboardQuery } from "./dashboards.service";

/** Longest window answered: ten years of monthly points. */
export const DASHBOARD_MAX_DAYS = 3700;

const sortKeys = z.union([text(SHORT_TEXT), z.array(text(SHORT_TEXT)).max(10)]);
/** Product "All" is 0 (document 2 section 9); any other value is a policy type id. */
const productId = z
  .union([z.number(), z.string().regex(/^\d{1,10}$/, "is not a product")])
  .pipe(z.coerce.number<string | number>().int().min(0).max(MAX_ID));

/** Document 2 section 7: filter[agency_id], filter[created_at][start|end], filter[policy_type_id]; graphs add sort. */
export const dashboardQuery = z
  .object({
    filter: z
      .object({
        agency_id: id.optional(),
        created_at: z.object({ start: date.optional(), end: date.optional() }).strict().optional(),
        policy_type_id: productId.optional(),
      })
      .strict()
      .optional(),
    sort: z.object({ column: sortKeys.optional(), direction: sortKeys.optional() }).strict().optional(),
    agency_id: id.optional(),
  })
  .strict();

const access = { resource: "policies_dashboard", action: "list" } as const;

/**
 * The policies dashboard (document 2 "Policies dashboard (total)", reference 4.8): the totals and the chart points of
 * the caller's scope. A filter agency narrows it like the agency selector does (another agency than the caller's
 * tree is a 403); the window defaults to the last 7 Los Angeles days.
 */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const cache = createDashboardCache({ ttlMs: app.env.DASHBOARD_CACHE_SECONDS * 1000 });
  const dashboardInput = async (request: Parameters<typeof requireCaller>[0], query: z.infer<typeof dashboardQuery>): Promise<DashboardQuery> => {
    const caller = requireCaller(request);
    const filter = query.filter ?? {};
    const fallback = periodWindow("last_7_days");
    const window = { start: filter.created_at?.start ?? fallback.start, end: filter.created_at?.end ?? fallback.end };
    if (window.end < window.start) throw new ValidationError({ "filter.created_at.end": "End date must be later than Start date" });
    if ((Date.parse(window.end) - Date.parse(window.start)) / 86_400_000 > DASHBOARD_MAX_DAYS) {
      throw new ValidationError({ "filter.created_at.start": `must be at most ${DASHBOARD_MAX_DAYS} days before the end date` });
    }
    const scope = filter.agency_id === undefined ? caller.scope : await resolveScope(app.db, caller.user, filter.agency_id);
    // The agency selector's choice and the filter's agency both narrow: an agency outside the selector's tree shows nothing.
    const narrowed =
      scope.kind === "agencies" && caller.scope.kind === "agencies" && scope !== caller.scope
        ? { kind: "agencies" as const, agencyIds: scope.agencyIds.filter((a) => caller.scope.kind === "agencies" && caller.scope.agencyIds.includes(a)) }
        : scope;
    return { scope: narrowed, window, policyTypeId: filter.policy_type_id || undefined, withPlatform: caller.user.role === "super_admin" };
  };

  app.get("/policies_dashboard/total", { config: { access }, schema: { querystring: dashboardQuery } }, async (request) =>
    dashboardTotals(app.db, await dashboardInput(request, request.query), cache),
  );

  app.get("/policies_dashboard/graphs", { config: { access }, schema: { querystring: dashboardQuery } }, async (request) =>
    dashboardGraphs(app.db, await dashboardInput(request, request.query), cache),
  );
};
