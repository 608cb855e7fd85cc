import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { decideAccess } from "../../../src/domain/access";
import { ForbiddenError } from "../../lib/errors";
import { idParams } from "../../lib/input";
import { staffAuthor } from "../../lib/history";
import { filterTypes, listInput } from "../../lib/list-input";
import { listEnvelope } from "../../lib/list";
import type { QueryObject, QueryValue } from "../../lib/query-string";
import { requireCaller } from "../../plugins/auth";
import { SYNC_JOB } from "../../integrations/sync";
import { integrationSecret } from "../../integrations/secret";
import { integrationListSpec } from "./integrations.list";
import { accountParams, connectionBody, entrataAccountQuery, integrationBody, onboardClientBody, resyncParams, syncableCommunitiesBody, toggleBody } from "./integrations.schemas";
import { onboardClient, setSyncableCommunities, syncableCommunities } from "./entrata.service";
import { chargeCodes, integrationStatus } from "./connection.service";
import { INTEGRATION_PROVIDERS } from "../../db/schema";
import {
  createIntegration,
  integrationHealth,
  listIntegrations,
  providerSettings,
  requestSync,
  retryError,
  showIntegration,
  toggleProperty,
  updateIntegration,
} from "./integrations.service";
import { refreshIntegration } from "../../integrations/sync";
import { findIntegration } from "./integrations.service";

const access = (action: string) => ({ resource: "integrations", action });
const listQuery = listInput(filterTypes(integrationListSpec));

/** Integrations (document 3 section 7 Integrations; readings C-32; reference section 4.13). */
export const integrationRoutes: FastifyPluginAsyncZod = async (app) => {
  // Made (or read) once at start: a refused call must not be the one that first writes the kept key.
  const key = await integrationSecret(app);
  const secret = async () => key;
  const send = (runId: number) => app.jobs.send(SYNC_JOB, { runId });
  const list = async (caller: ReturnType<typeof requireCaller>, input: QueryObject) => {
    const result = await listIntegrations(app.db, caller.scope, { sort: input.sort, pagination: input.pagination, filter: input.filter as QueryValue | undefined });
    return listEnvelope(result);
  };

  // The list answers {data, meta: {total}} (document 3 section 7), 20 a page (section 9).
  app.get("/integrations", { config: { access: access("list") }, schema: { querystring: listQuery } }, async (request) => list(requireCaller(request), request.query as QueryObject));
  app.post("/integrations_index", { config: { access: access("list") }, schema: { body: listQuery.default({}) } }, async (request) => list(requireCaller(request), request.body as QueryObject));

  // Integration Health (readings C-32: /integrations/integration_health).
  app.post("/integrations/integration_health", { config: { access: { resource: "integration-health", action: "list" } } }, async (request) => integrationHealth(app.db, requireCaller(request).scope));
  app.post("/integrations/sync_errors/:id/retry", { config: { access: { resource: "integration-health", action: "retry" } }, schema: { params: idParams } }, async (request, reply) => {
    const caller = requireCaller(request);
    reply.code(202);
    return retryError(app.db, caller.scope, request.params.id, staffAuthor(caller.user).name, send);
  });

  // Entrata onboarding of a client (document 3 section 7; readings C-32 for the paths). Fixed segments: they never
  // compete with /integrations/entrata/{account id}. Staff act on their own account, super admins name one.
  app.post("/integrations/entrata/onboard_client", { config: { access: access("create") }, schema: { body: onboardClientBody } }, async (request) => {
    const caller = requireCaller(request);
    return onboardClient(app.db, await secret(), caller, request.body, staffAuthor(caller.user));
  });
  app.get("/integrations/entrata/syncable_communities", { config: { access: access("show") }, schema: { querystring: entrataAccountQuery } }, async (request) =>
    syncableCommunities(app.db, requireCaller(request), request.query.account_id),
  );
  app.post("/integrations/entrata/syncable_communities", { config: { access: access("toggle_property") }, schema: { body: syncableCommunitiesBody } }, async (request) => {
    const caller = requireCaller(request);
    return setSyncableCommunities(app.db, caller, request.body, staffAuthor(caller.user));
  });

  // An account's integration with one provider, in the reference's shape (Yardi tab; staff their own account). The
  // provider is a fixed segment, so /integrations/yardi never competes with /integrations/{id}.
  for (const provider of INTEGRATION_PROVIDERS) {
    // The connection's status and the charge codes as the last refresh kept them; `refresh: true` asks the provider
    // now, which only those who may refresh may do (an agent reads).
    const connection = (request: FastifyRequest, refresh: boolean | undefined) => {
      const caller = requireCaller(request);
      if (refresh && decideAccess(caller.user, "integrations", "refresh") !== "allowed") throw new ForbiddenError();
      return caller;
    };
    app.post(`/integrations/${provider}/status`, { config: { access: access("show") }, schema: { body: connectionBody.default({}) } }, async (request, reply) => {
      reply.header("cache-control", "no-store");
      return integrationStatus(app.db, await secret(), connection(request, request.body.refresh), provider, request.body.account_id, request.body.refresh ?? false);
    });
    app.post(`/integrations/${provider}/ar_codes`, { config: { access: access("show") }, schema: { body: connectionBody.default({}) } }, async (request) =>
      chargeCodes(app.db, await secret(), connection(request, request.body.refresh), provider, request.body.account_id, request.body.refresh ?? false),
    );
    app.get(`/integrations/${provider}`, { config: { access: access("show") } }, async (request) => providerSettings(app.db, await secret(), requireCaller(request), provider, undefined));
    app.get(`/integrations/${provider}/:accountId`, { config: { access: access("show") }, schema: { params: accountParams } }, async (request) => {
      const caller = requireCaller(request);
      return providerSettings(app.db, await secret(), caller, provider, request.params.accountId);
    });
    app.post(`/integrations/${provider}`, { config: { access: access("create") }, schema: { body: integrationBody } }, async (request, reply) => {
      const caller = requireCaller(request);
      reply.code(201);
      return createIntegration(app.db, await secret(), caller, provider, request.body, staffAuthor(caller.user));
    });
    app.put(`/integrations/${provider}`, { config: { access: access("edit") }, schema: { body: integrationBody } }, async (request) => {
      const caller = requireCaller(request);
      return updateIntegration(app.db, await secret(), caller, provider, undefined, request.body, staffAuthor(caller.user));
    });
    app.put(`/integrations/${provider}/:accountId`, { config: { access: access("edit") }, schema: { params: accountParams, body: integrationBody } }, async (request) => {
      const caller = requireCaller(request);
      return updateIntegration(app.db, await secret(), caller, provider, request.params.accountId, request.body, staffAuthor(caller.user));
    });
  }

  app.get("/integrations/:id", { config: { access: access("show") }, schema: { params: idParams } }, async (request) =>
    showIntegration(app.db, await secret(), requireCaller(request).scope, request.params.id),
  );
  // GET that changes state, as the spec lists it (readings C-36): checked and never cached like any write.
  app.get("/integrations/:id/refresh", { config: { access: access("refresh") }, schema: { params: idParams } }, async (request, reply) => {
    const { scope } = requireCaller(request);
    await findIntegration(app.db, scope, request.params.id);
    await refreshIntegration(app.db, await secret(), request.params.id);
    reply.header("cache-control", "no-store");
    return showIntegration(app.db, await secret(), scope, request.params.id);
  });
  app.post("/integrations/:id/toggle_property", { config: { access: access("toggle_property") }, schema: { params: idParams, body: toggleBody } }, async (request) => {
    const caller = requireCaller(request);
    return toggleProperty(app.db, caller.scope, request.params.id, request.body, staffAuthor(caller.user));
  });
  // Run sync now: every enabled property, skipping the nightly once-a-day guard.
  app.post("/integrations/:id/sync", { config: { access: access("resync") }, schema: { params: idParams } }, async (request, reply) => {
    const caller = requireCaller(request);
    reply.code(202);
    return requestSync(app.db, caller.scope, request.params.id, { trigger: "manual", startedBy: staffAuthor(caller.user).name }, send);
  });
  app.post("/integrations/:id/:type/property/:propertyId/resync", { config: { access: access("resync") }, schema: { params: resyncParams } }, async (request, reply) => {
    const caller = requireCaller(request);
    reply.code(202);
    return requestSync(app.db, caller.scope, request.params.id, { propertyId: request.params.propertyId, trigger: "resync", startedBy: staffAuthor(caller.user).name }, send);
  });
};
