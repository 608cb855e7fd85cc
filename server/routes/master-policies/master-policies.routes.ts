import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { idParams } from "../../lib/input";
import { staffAuthor } from "../../lib/history";
import { sendList } from "../../lib/list";
import { filterTypes, listInput } from "../../lib/list-input";
import type { QueryObject, QueryValue } from "../../lib/query-string";
import { requireCaller } from "../../plugins/auth";
import { masterPolicyListSpec } from "./master-policies.list";
import { masterPolicyBody } from "./master-policies.schemas";
import { createMasterPolicy, listMasterPolicies, showMasterPolicy, updateMasterPolicy } from "./master-policies.service";

const listQuery = listInput(filterTypes(masterPolicyListSpec));
export const access = (action: string) => ({ resource: "master-policies", action });

/** Master policies (document 3 section 7): browse, show, create, edit. */
export const masterPolicyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/master-policies", { config: { access: access("list") }, schema: { querystring: listQuery } }, async (request, reply) => {
    const { scope } = requireCaller(request);
    const query = request.query as QueryObject;
    const result = await listMasterPolicies(app.db, scope, { sort: query.sort, pagination: query.pagination, filter: query.filter as QueryValue | undefined });
    return sendList(reply, result);
  });

  app.get("/master-policies/:id", { config: { access: access("show") }, schema: { params: idParams } }, async (request) => {
    const { scope } = requireCaller(request);
    return showMasterPolicy(app.db, scope, request.params.id);
  });

  app.post("/master-policies", { config: { access: access("create") }, schema: { body: masterPolicyBody } }, async (request, reply) => {
    const caller = requireCaller(request);
    const created = await createMasterPolicy(app.db, caller.scope, request.body, staffAuthor(caller.user));
    return reply.code(201).send(created);
  });

  app.put("/master-policies/:id", { config: { access: access("edit") }, schema: { params: idParams, body: masterPolicyBody } }, async (request) => {
    const caller = requireCaller(request);
    return updateMasterPolicy(app.db, caller.scope, request.params.id, request.body, staffAuthor(caller.user));
  });
};
