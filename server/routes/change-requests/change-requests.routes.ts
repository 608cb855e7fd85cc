import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { CHANGE_REQUEST_ACTIONS } from "../../../src/domain/policies";
import { LONG_TEXT, date, id, idParams, requiredText } from "../../lib/input";
import { listEnvelope } from "../../lib/list";
import { filterTypes, listInput } from "../../lib/list-input";
import { changeRequestListSpec } from "./change-requests.rows";
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
  retryChangeRequestRefund,
  retryPolicyRefund,
} from "./change-requests.service";

const action = z.enum(CHANGE_REQUEST_ACTIONS);
const access = (a: string) => ({ resource: "change-requests", action: a });
const today = () => new Date().toISOString().slice(0, 10);

const refundRequest = z.object({ changeable_id: id, customized_action: action, cancellation_date: date });
/** `{change_request: {...}}` as the console sends it, or the same three fields flat (issue 10 section 1). */
const refundBody = z.preprocess(
  (body) => (body && typeof body === "object" && "change_request" in body ? (body as { change_request: unknown }).change_request : body),
  refundRequest,
);

/** Cancel and refund through change requests (document 2 section 7; docs/API.md). */
export const changeRequestRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post("/change_requests/refund", { config: { access: access("create") }, schema: { body: refundBody } }, async (request, reply) => {
    reply.code(201);
    return requestCancellation(app, requireCaller(request), request.body);
  });

  app.post("/change_requests/list", { config: { access: access("list") }, schema: { body: listInput(filterTypes(changeRequestListSpec)).default({}) } }, async (request) => {
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
    { config: { access: access("decline") }, schema: { params: idParams, body: z.object({ reason: requiredText(LONG_TEXT) }) } },
    async (request) => declineChangeRequest(app, requireCaller(request), request.params.id, request.body.reason),
  );

  app.patch("/change_requests/:id/retry_refund", { config: { access: access("retry_refund") }, schema: { params: idParams } }, async (request) =>
    retryChangeRequestRefund(app, requireCaller(request), request.params.id),
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
    "/policies/:id/retry_refund",
    { config: { access: { resource: "policies", action: "retry_refund" } }, schema: { params: idParams } },
    async (request) => {
      const caller = requireCaller(request);
      await retryPolicyRefund(app, caller, request.params.id);
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
