import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireCaller } from "../../plugins/auth";
import { WORKLISTS, lapseForecast, worklist } from "./worklists.service";

const pageQuery = z
  .object({
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    per: z.coerce.number().int().min(1).max(200).default(25),
  })
  .strict();

/** The compliance dashboard (issue 17 sections 2 and 3): worklists and the lapse forecast, for staff, agents and super admins. */
export const worklistRoutes: FastifyPluginAsyncZod = async (app) => {
  const access = { access: { resource: "compliance", action: "list" } };
  // One route per list (a fixed path each, no parameter that could be taken for a record's id).
  for (const name of WORKLISTS) {
    app.get(`/compliance/worklists/${name}`, { config: access, schema: { querystring: pageQuery } }, async (request, reply) => {
      const { rows, total } = await worklist(app.db, requireCaller(request).scope, name, request.query.page, request.query.per);
      reply.header("total-entries", String(total));
      return rows;
    });
  }
  app.get("/compliance/forecast", { config: access }, async (request) => lapseForecast(app.db, requireCaller(request).scope));
};
