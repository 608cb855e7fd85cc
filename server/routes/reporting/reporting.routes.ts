import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { REPORTABLE_TYPES } from "../../../src/domain/coverageSnapshots";
import { ValidationError } from "../../lib/errors";
import { date, id } from "../../lib/input";
import { requireCaller } from "../../plugins/auth";
import { dataSpan, MAX_REPORTABLES, timeSeries } from "./reporting.service";

/** A field name: any snake_case name passes (readings C-42: unknown fields pass through and answer nulls). */
const fieldName = z.string().regex(/^[a-z][a-z0-9_]{0,63}$/, "is not a field name");
const seriesBody = z
  .object({
    reportable_type: z.enum(REPORTABLE_TYPES).optional(),
    reportable_ids: z.union([z.literal("all"), z.array(id).max(MAX_REPORTABLES)]).optional(),
    fields: z.array(fieldName).max(100).nullable().optional(),
    start_date: date.optional(),
    end_date: date.optional(),
  })
  .strict();

const access = { resource: "coverage_snapshots", action: "list" } as const;

/**
 * Coverage snapshots (document 3 sections 3, 6 and 7): the time series and the span of dates, read from the rows the
 * nightly job writes. Super admins read the System by default; other roles their accounts.
 */
export const reportingRoutes: FastifyPluginAsyncZod = async (app) => {
  const input = (request: Parameters<typeof requireCaller>[0], body: z.infer<typeof seriesBody>) => {
    const { scope, user } = requireCaller(request);
    if (body.start_date && body.end_date && body.end_date < body.start_date) throw new ValidationError({ end_date: "End date must be later than Start date" });
    const reportable_type = body.reportable_type ?? (user.role === "super_admin" ? "System" : "Account");
    return { scope, q: { reportable_type, reportable_ids: body.reportable_ids ?? ("all" as const), fields: body.fields?.length ? body.fields : null, start_date: body.start_date, end_date: body.end_date } };
  };

  app.post("/compound_coverage_snapshots/time_series", { config: { access }, schema: { body: seriesBody.default({}) } }, async (request) => {
    const { scope, q } = input(request, request.body);
    return timeSeries(app.db, scope, q);
  });

  app.post("/compound_coverage_snapshots/data_span", { config: { access }, schema: { body: seriesBody.default({}) } }, async (request) => {
    const { scope, q } = input(request, request.body);
    return dataSpan(app.db, scope, q);
  });
};
