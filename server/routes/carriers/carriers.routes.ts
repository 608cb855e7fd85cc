import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AM_BEST_RATINGS } from "../../../src/domain/requirements";
import { CARRIER_DESIGNATIONS, COMMISSION_RECIPIENT_TYPES, FEE_AMOUNT_TYPES, FEE_TYPES } from "../../db/schema";
import { LONG_TEXT, SHORT_TEXT, TEXT, cents, flag, id, idParams, jsonValue, requiredText, text, trimmed } from "../../lib/input";
import { sendList } from "../../lib/list";
import { filterTypes, listInput } from "../../lib/list-input";
import type { QueryObject } from "../../lib/query-string";
import { staffAuthor } from "../../lib/history";
import { requireCaller } from "../../plugins/auth";
import { MESSAGES } from "../../lib/validators";
import { carrierAgencyListSpec, carrierListSpec } from "./carriers.list";
import {
  addCommission,
  addFee,
  assignAgency,
  availableAgencies,
  carrierHistories,
  createCarrier,
  deleteFee,
  listAvailabilities,
  listBillingStrategies,
  listCarrierAgencies,
  listCarrierAgencyPairs,
  listCarriers,
  listCommissions,
  listFees,
  mergeCarriers,
  showCarrier,
  showCarrierAgency,
  showCommission,
  toggleBillingStrategy,
  unassignAgency,
  updateAgencyPolicyTypes,
  updateAvailabilities,
  updateCarrier,
  updateCarrierAgency,
  updateCommission,
} from "./carriers.service";

const carrierFields = z
  .object({
    title: trimmed(TEXT),
    call_sign: text(SHORT_TEXT).nullable(),
    integration_designation: z.enum(CARRIER_DESIGNATIONS, { error: MESSAGES.notInList }).nullable(),
    synonyms: text(LONG_TEXT).nullable(),
    // The carrier's AM Best financial strength rating, which requirement profiles' minimum carrier rating compares.
    am_best_rating: z.enum(AM_BEST_RATINGS, { error: MESSAGES.amBestRating }).nullable(),
    syncable: z.boolean(),
    rateable: z.boolean(),
    quotable: z.boolean(),
    bindable: z.boolean(),
    verifiable: z.boolean(),
    enabled: z.boolean(),
    policy_type_ids: z.array(id).max(20),
  })
  .partial()
  .strip();
const carrierBody = z.object({ carrier: carrierFields });
const percentage = z.number({ error: MESSAGES.number }).min(0, MESSAGES.min(0)).max(100, MESSAGES.max(100));
const commissionFields = z.object({
  title: requiredText(TEXT),
  percentage,
  recipient_type: z.enum(COMMISSION_RECIPIENT_TYPES, { error: MESSAGES.notInList }),
  recipient_id: id,
  commission_strategy_id: id.nullable().optional(),
});
const agencyPolicyTypes = z.array(z.object({ policy_type_id: id, commission_strategy_id: id.nullable().optional() }).strip()).max(20);
const carrierAgencyBody = z.object({ carrier_agency: z.object({ carrier_id: id, agency_id: id, policy_types: agencyPolicyTypes.optional() }).strip() });
const carrierAgencyChanges = z.object({ carrier_agency: z.object({ carrier_id: id, agency_id: id, policy_types: agencyPolicyTypes }).partial().strip() });
const carrierQuery = <T extends z.ZodRawShape>(shape: T) => z.object(shape).catchall(jsonValue);

/** Carriers and their configuration (document 3 section 7, Carriers; reference sections 3.3 and 4.11). */
export const carrierRoutes: FastifyPluginAsyncZod = async (app) => {
  const can = (resource: string, action: string) => ({ access: { resource, action } });

  app.get("/carriers", { config: can("carriers", "list"), schema: { querystring: listInput(filterTypes(carrierListSpec)) } }, async (request, reply) => {
    const { scope } = requireCaller(request);
    const query = request.query as QueryObject;
    return sendList(reply, await listCarriers(app.db, scope, { sort: query.sort, pagination: query.pagination, filter: query.filter }));
  });

  app.post("/carriers", { config: can("carriers", "create"), schema: { body: carrierBody } }, async (request, reply) => {
    const caller = requireCaller(request);
    reply.code(201);
    return createCarrier(app.db, request.body.carrier, staffAuthor(caller.user));
  });

  app.get("/carriers/:id", { config: can("carriers", "show"), schema: { params: idParams } }, async (request) => {
    const { scope } = requireCaller(request);
    return showCarrier(app.db, scope, request.params.id);
  });

  app.put("/carriers/:id", { config: can("carriers", "edit"), schema: { params: idParams, body: carrierBody } }, async (request) => {
    const caller = requireCaller(request);
    return updateCarrier(app.db, request.params.id, request.body.carrier, staffAuthor(caller.user));
  });

  // The carrier's history: super admins only (it spans every agency's settings).
  app.get("/carriers/:id/histories", { config: can("carriers", "history"), schema: { params: idParams, querystring: listInput({}) } }, async (request, reply) => {
    requireCaller(request);
    const query = request.query as QueryObject;
    return sendList(reply, await carrierHistories(app.db, request.params.id, { sort: query.sort, pagination: query.pagination, filter: query.filter }));
  });

  app.post(
    "/carriers/:id/merge",
    { config: can("carriers", "merge"), schema: { params: idParams, body: z.object({ carriers_to_merge_ids: z.array(id).max(3000) }) } },
    async (request) => {
      const caller = requireCaller(request);
      return mergeCarriers(app.db, request.params.id, request.body.carriers_to_merge_ids, staffAuthor(caller.user));
    },
  );

  // Carrier agencies (super admins assign and unassign; agents read their own agencies' rows).
  app.post(
    "/carriers/assign_agency_to_carrier",
    { config: can("carrier-agencies", "create"), schema: { body: z.object({ carrier_id: id, agency_id: id }) } },
    async (request, reply) => {
      const caller = requireCaller(request);
      reply.code(201);
      return assignAgency(app.db, request.body.carrier_id, request.body.agency_id, staffAuthor(caller.user));
    },
  );

  app.get("/carriers/:id/carrier_agencies", { config: can("carrier-agencies", "list"), schema: { params: idParams } }, async (request) => {
    const { scope } = requireCaller(request);
    return listCarrierAgencies(app.db, scope, request.params.id);
  });

  app.get("/carriers/:id/available_agencies", { config: can("carrier-agencies", "create"), schema: { params: idParams } }, async (request) => {
    requireCaller(request);
    await showCarrier(app.db, { kind: "all" }, request.params.id);
    return availableAgencies(app.db, request.params.id);
  });

  app.put("/carrier-agencies/:id/unassign", { config: can("carrier-agencies", "delete"), schema: { params: idParams } }, async (request) => {
    const caller = requireCaller(request);
    return unassignAgency(app.db, request.params.id, staffAuthor(caller.user));
  });

  app.put(
    "/carrier-agencies/:id/update_policy_types",
    { config: can("carrier-agencies", "edit"), schema: { params: idParams, body: z.object({ policy_types: agencyPolicyTypes }) } },
    async (request) => {
      const caller = requireCaller(request);
      return updateAgencyPolicyTypes(app.db, request.params.id, request.body.policy_types, staffAuthor(caller.user));
    },
  );

  // The carrier agencies themselves (document 3 section 7: POST, GET, PUT /carrier-agencies): the list contract over
  // every pair in the caller's scope (agents: their agency tree's, read only), one pair, assigning with the policy types
  // the agency sells (as assign_agency_to_carrier, reference section 3.3), and changing those policy types.
  app.get(
    "/carrier-agencies",
    { config: can("carrier-agencies", "list"), schema: { querystring: listInput(filterTypes(carrierAgencyListSpec)) } },
    async (request, reply) => {
      const { scope } = requireCaller(request);
      const query = request.query as QueryObject;
      return sendList(reply, await listCarrierAgencyPairs(app.db, scope, { sort: query.sort, pagination: query.pagination, filter: query.filter }));
    },
  );

  app.get("/carrier-agencies/:id", { config: can("carrier-agencies", "show"), schema: { params: idParams } }, async (request) => {
    const { scope } = requireCaller(request);
    return showCarrierAgency(app.db, request.params.id, scope);
  });

  app.post("/carrier-agencies", { config: can("carrier-agencies", "create"), schema: { body: carrierAgencyBody } }, async (request, reply) => {
    const caller = requireCaller(request);
    const { carrier_id, agency_id, policy_types } = request.body.carrier_agency;
    const created = await assignAgency(app.db, carrier_id, agency_id, staffAuthor(caller.user), { policyTypes: policy_types, carrierAsField: true });
    reply.code(201);
    return created;
  });

  app.put("/carrier-agencies/:id", { config: can("carrier-agencies", "edit"), schema: { params: idParams, body: carrierAgencyChanges } }, async (request) => {
    const caller = requireCaller(request);
    return updateCarrierAgency(app.db, request.params.id, request.body.carrier_agency, staffAuthor(caller.user));
  });

  // Billing strategies: agents list and toggle their own agencies' (reference section 4.11).
  app.get(
    "/carriers/:id/billing_strategies_list",
    { config: can("carrier-billing-strategies", "list"), schema: { params: idParams } },
    async (request) => {
      // agency_id (the agency selector) narrows the caller's scope, and with it the strategies listed.
      const { scope } = requireCaller(request);
      return listBillingStrategies(app.db, scope, request.params.id);
    },
  );

  // A state-changing GET, as the spec lists it (readings C-36): session and permission checked like any write.
  app.get(
    "/carriers/:id/toggle_billing_strategy",
    { config: can("carrier-billing-strategies", "edit"), schema: { params: idParams, querystring: carrierQuery({ billing_strategy_id: id }) } },
    async (request, reply) => {
      const caller = requireCaller(request);
      reply.header("cache-control", "no-store");
      return toggleBillingStrategy(app.db, caller.scope, request.params.id, request.query.billing_strategy_id, staffAuthor(caller.user));
    },
  );

  // Fees: agents list their agencies' and add to them; deleting is the super admin's.
  app.get("/carriers/:id/fees_list", { config: can("carrier-fees", "list"), schema: { params: idParams } }, async (request) => {
    const { scope } = requireCaller(request);
    return listFees(app.db, scope, request.params.id);
  });

  app.post(
    "/carriers/:id/add_fees",
    {
      config: can("carrier-fees", "create"),
      schema: {
        params: idParams,
        body: z.object({
          fee: z
            .object({
              title: requiredText(TEXT),
              amount: cents,
              amount_type: z.enum(FEE_AMOUNT_TYPES, { error: MESSAGES.notInList }),
              type: z.enum(FEE_TYPES, { error: MESSAGES.notInList }),
              enabled: flag.optional(),
              agency_id: id.nullable().optional(),
              billing_strategy_id: id.nullable().optional(),
            })
            .strip(),
        }),
      },
    },
    async (request, reply) => {
      const caller = requireCaller(request);
      reply.code(201);
      return addFee(app.db, caller.scope, request.params.id, request.body.fee, staffAuthor(caller.user), caller.user.organizable_type === "Agency" ? caller.user.organizable_id : null);
    },
  );

  app.get(
    "/carriers/:id/delete_fee",
    { config: can("carrier-fees", "delete"), schema: { params: idParams, querystring: carrierQuery({ fee_id: id }) } },
    async (request, reply) => {
      const caller = requireCaller(request);
      reply.header("cache-control", "no-store");
      return deleteFee(app.db, request.params.id, request.query.fee_id, staffAuthor(caller.user));
    },
  );

  // Commissions (commission strategies): percentage of the premium and who receives it.
  app.get("/carriers/:id/commission_list", { config: can("carrier-commissions", "list"), schema: { params: idParams } }, async (request) => {
    const { scope } = requireCaller(request);
    return listCommissions(app.db, scope, request.params.id);
  });

  app.get(
    "/carriers/:id/commission",
    { config: can("carrier-commissions", "show"), schema: { params: idParams, querystring: carrierQuery({ commission_id: id }) } },
    async (request) => {
      const { scope } = requireCaller(request);
      return showCommission(app.db, scope, request.params.id, request.query.commission_id);
    },
  );

  app.post(
    "/carriers/:id/add_commissions",
    { config: can("carrier-commissions", "create"), schema: { params: idParams, body: z.object({ commission: commissionFields.strip() }) } },
    async (request, reply) => {
      const caller = requireCaller(request);
      reply.code(201);
      return addCommission(app.db, request.params.id, request.body.commission, staffAuthor(caller.user));
    },
  );

  app.put(
    "/carriers/:id/update_commission",
    { config: can("carrier-commissions", "edit"), schema: { params: idParams, body: z.object({ commission: commissionFields.partial().extend({ id }).strip() }) } },
    async (request) => {
      const caller = requireCaller(request);
      const { id: commissionId, ...changes } = request.body.commission;
      return updateCommission(app.db, request.params.id, commissionId, changes, staffAuthor(caller.user));
    },
  );

  // Policy-type availability per state (50 states + DC).
  app.get(
    "/carrier-policy-type-availabilities",
    { config: can("carrier-availabilities", "list"), schema: { querystring: carrierQuery({ carrier_id: id, policy_type_id: id.optional() }) } },
    async (request) => {
      const { scope } = requireCaller(request);
      return listAvailabilities(app.db, scope, request.query.carrier_id, request.query.policy_type_id);
    },
  );

  app.put(
    "/carrier-policy-type-availabilities",
    {
      config: can("carrier-availabilities", "edit"),
      schema: { body: z.object({ carrier_id: id, availabilities: z.array(z.object({ id, available: z.boolean() }).strip()).max(1000) }) },
    },
    async (request) => {
      const caller = requireCaller(request);
      return updateAvailabilities(app.db, request.body.carrier_id, request.body.availabilities, staffAuthor(caller.user));
    },
  );
};
