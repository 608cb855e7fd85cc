import { sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { defaultGateway } from "../../billing";
import { chargeInvoices } from "../../billing/charge-invoices";
import { queryRows } from "../../lib/list";
import { requireCaller } from "../../plugins/auth";
import { policyScopeCondition } from "../policies/policies.scope";

const chargeBody = z.object({ ids: z.array(z.coerce.number().int().positive()).min(1).max(100) });

/** POST /invoices/charge_multiple (document 2 section 7; docs/API.md "Invoices"). */
export const invoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  const gateway = defaultGateway();
  app.post("/invoices/charge_multiple", { config: { access: { resource: "invoices", action: "charge" } }, schema: { body: chargeBody } }, async (request) => {
    const caller = requireCaller(request);
    const scope = policyScopeCondition(caller.scope, caller.user.role);
    // An invoice belongs to a policy directly or through the quote the policy was bought from.
    const inScope = async (id: number) => {
      const rows = await queryRows<{ id: number }>(
        app.db,
        sql`SELECT i.id FROM invoices i
            JOIN policies po ON (i.invoiceable_type = 'Policy' AND po.id = i.invoiceable_id)
              OR (i.invoiceable_type = 'PolicyQuote' AND po.id = (SELECT q.policy_id FROM policy_quotes q WHERE q.id = i.invoiceable_id))
            WHERE i.id = ${id} ${sql.join(scope.map((c) => sql` AND ${c}`), sql``)}`,
      );
      return rows.length > 0;
    };
    return chargeInvoices(app.db, gateway, request.body.ids, { staffId: caller.user.id, inScope });
  });
};
