import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { chargeInvoices } from "../../billing/charge-invoices";
import { id } from "../../lib/input";
import { requireCaller } from "../../plugins/auth";
import { policyScopeCondition } from "../policies/policies.scope";

/** Every id is checked here, before anything is charged (issue 9 hole 4). */
const chargeBody = z.object({ ids: z.array(id).min(1).max(100) });

/** POST /invoices/charge_multiple (document 2 section 7; docs/API.md "Invoices"). */
export const invoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post("/invoices/charge_multiple", { config: { access: { resource: "invoices", action: "charge" } }, schema: { body: chargeBody } }, async (request) => {
    const caller = requireCaller(request);
    return chargeInvoices(app.db, app.gateway, request.body.ids, {
      staffId: caller.user.id,
      scope: policyScopeCondition(caller.scope, caller.user.role),
      log: (error) => request.log.error(error),
    });
  });
};
