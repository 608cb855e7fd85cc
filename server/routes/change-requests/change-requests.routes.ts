import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { CHANGE_REQUEST_ACTIONS } from "../../../src/domain/policies";
import { listEnvelope } from "../../lib/list";
import type { QueryObject, QueryValue } from "../../lib/query-string";
import { requireCaller } from "../../plugins/auth";
import { loadPolicyDetail } from "../policies/policy-detail";
import {
  approveChangeRequest,
  cancelDirectly,
  changePendingAction,
  declineChangeRequest,
  getChangeRequest,
  listChangeRequests,
  requestCancellation,
} from "./change-requests.service";

const idParams = z.object({ id: z.coerce.number().int().positive() });
const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date (yyyy-MM-dd)").refine((v) => !Number.isNaN(Date.parse(v)), "must be a date (yyyy-MM-dd)");
const action = z.enum(CHANGE_REQUEST_ACTIONS);
const access = (a: string) => ({ resource: "change-requests", action: a });
const today = () => new Date().toISOString().slice(0, 10);

/** Cancel and refund through change requests (document 2 section 7; docs/API.md). */
export const changeRequestRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/change_requests/refund",
    {
      config: { access: access("create") },
      schema: { body: z.object({ change_request: z.object({ changeable_id: z.coerce.number().int().positive(), customized_action: action, cancellation_date: date }) }) },
    },
    async (request, reply) => {
      reply.code(201);
      return requestCancellation(app, requireCaller(request), request.body.change_request);
    },
  );

  app.post("/change_requests/list", { config: { access: access("list") }, schema: { body: z.record(z.string(), z.any()).default({}) } }, async (request) => {
    const body = request.body as QueryObject;
    const sort = (body.sort ?? {}) as QueryObject;
    // The screen sends {field, direction}; the list helper names it column.
    const input = { pagination: body.pagination, filter: body.filter as QueryValue, sort: sort.field ? { column: sort.field, direction: sort.direction } : body.sort };
    const result = await listChangeRequests(app.db, requireCaller(request), input);
    return listEnvelope(result);
  });

  app.get("/change_requests/:id", { config: { access: access("show") }, schema: { params: idParams } }, async (request) =>
    getChangeRequest(app.db, requireCaller(request), request.params.id),
  );

  app.patch("/change_requests/:id/approve", { config: { access: access("approve") }, schema: { params: idParams } }, async (request) =>
    approveChangeRequest(app, requireCaller(request), request.params.id),
  );

  app.patch(
    "/change_requests/:id/decline",
    { config: { access: access("decline") }, schema: { params: idParams, body: z.object({ reason: z.string().trim().min(1, "This field is required") }) } },
    async (request) => declineChangeRequest(app, requireCaller(request), request.params.id, request.body.reason),
  );

  const direct = { resource: "policies", action: "cancel" };
  app.put(
    "/policies/:id/cancel_policy",
    { config: { access: direct }, schema: { params: idParams, body: z.object({ cancellation_date: date.optional() }).default({}) } },
    async (request) => {
      const caller = requireCaller(request);
      await cancelDirectly(app, caller, request.params.id, request.body.cancellation_date ?? today(), null);
      return loadPolicyDetail(app, caller, request.params.id);
    },
  );
  app.put(
    "/policies/:id/refund_policy",
    { config: { access: direct }, schema: { params: idParams, body: z.object({ cancellation_date: date.optional(), customized_action: action.optional() }).default({}) } },
    async (request) => {
      const caller = requireCaller(request);
      await cancelDirectly(app, caller, request.params.id, request.body.cancellation_date ?? today(), request.body.customized_action ?? "cancel_prorate");
      return loadPolicyDetail(app, caller, request.params.id);
    },
  );
  app.put(
    "/policies/:id/cancel_type",
    { config: { access: direct }, schema: { params: idParams, body: z.object({ customized_action: action }) } },
    async (request) => {
      const caller = requireCaller(request);
      await changePendingAction(app, caller, request.params.id, request.body.customized_action);
      return loadPolicyDetail(app, caller, request.params.id);
    },
  );
};
