import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { filterTypes, listInput } from "../../lib/list-input";
import { sendList } from "../../lib/list";
import type { QueryObject, QueryValue } from "../../lib/query-string";
import { requireCaller } from "../../plugins/auth";
import { paymentListSpec } from "./payments.list";
import { listPayments } from "./payments.service";

const listQuery = listInput(filterTypes(paymentListSpec));

/** Payments (document 1 section 2.2): the gateway's charges and refunds, read-only. */
export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/payments", { config: { access: { resource: "payments", action: "list" } }, schema: { querystring: listQuery } }, async (request, reply) => {
    const { scope, user } = requireCaller(request);
    const query = request.query as QueryObject;
    const result = await listPayments(app.db, scope, user.role, { sort: query.sort, pagination: query.pagination, filter: query.filter as QueryValue | undefined });
    return sendList(reply, result);
  });
};
