import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { idParams } from "../../lib/input";
import { requireCaller } from "../../plugins/auth";
import { leaseTimeline, unitTimeline, userTimeline } from "./timeline.service";

/**
 * Coverage timelines (issue 17 section 2) on the unit, lease and resident pages, each behind the permission its page
 * needs and scoped like it (another tenant's record is a 404).
 */
export const timelineRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/insurables/:id/coverage_timeline", { config: { access: { resource: "insurable", action: "show" } }, schema: { params: idParams } }, async (request) => {
    return unitTimeline(app.db, requireCaller(request).scope, request.params.id);
  });
  app.get("/leases/:id/coverage_timeline", { config: { access: { resource: "leases", action: "show" } }, schema: { params: idParams } }, async (request) => {
    return leaseTimeline(app.db, requireCaller(request).scope, request.params.id);
  });
  app.get("/users/:id/coverage_timeline", { config: { access: { resource: "users", action: "show" } }, schema: { params: idParams } }, async (request) => {
    return userTimeline(app.db, requireCaller(request).scope, request.params.id);
  });
};
