import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { chargeInvoices } from "../../billing/charge-invoices";
import { id, idParams } from "../../lib/input";
import { filterTypes, listInput } from "../../lib/list-input";
import { sendList } from "../../lib/list";
import type { QueryObject, QueryValue } from "../../lib/query-string";
import { requireCaller } from "../../plugins/auth";
import { policyScopeCondition } from "../policies/policies.scope";
import { invoiceListSpec } from "./invoices.list";
import { listInvoices, showInvoice } from "./invoices.service";

/** Every id is checked here, before anything is charged (issue 9 hole 4). */
const chargeBody = z.object({ ids: z.array(id).min(1).max(100) });
const listQuery = listInput(filterTypes(invoiceListSpec));
const access = (action: string) => ({ resource: "invoices", action });

/** Invoices (document 1 section 2.2; document 2 section 7): browse, one invoice, POST /invoices/charge_multiple. */
export const invoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/invoices", { config: { access: access("list") }, schema: { querystring: listQuery } }, async (request, reply) => {
    const { scope, user } = requireCaller(request);
    const query = request.query as QueryObject;
    const result = await listInvoices(app.db, scope, user.role, { sort: query.sort, pagination: query.pagination, filter: query.filter as QueryValue | undefined });
    return sendList(reply, result);
  });

  app.get("/invoices/:id", { config: { access: access("show") }, schema: { params: idParams } }, async (request) => {
    const { scope, user } = requireCaller(request);
    return showInvoice(app.db, scope, user.role, request.params.id);
  });

  app.post("/invoices/charge_multiple", { config: { access: access("charge") }, schema: { body: chargeBody } }, async (request) => {
    const caller = requireCaller(request);
    return chargeInvoices(app.db, app.gateway, request.body.ids, {
      staffId: caller.user.id,
      scope: policyScopeCondition(caller.scope, caller.user.role),
      log: (error) => request.log.error(error),
    });
  });
};
