import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { idParams } from "../../lib/input";
import { staffAuthor } from "../../lib/history";
import { filterTypes, listInput } from "../../lib/list-input";
import type { QueryObject, QueryValue } from "../../lib/query-string";
import { requireCaller } from "../../plugins/auth";
import { type ListQuery, type ListSpec, parseListParams, runList, sendList } from "../../lib/list";
import {
  MASTER_CANCEL_JOB,
  addInsurable,
  calculateCost,
  cancelCoverage,
  cancelInsurable,
  coverUnit,
  coverageOptions,
  requestMasterCancel,
  setAutoAssign,
} from "./master-policies.coverage";
import { masterPolicyListSpec } from "./master-policies.list";
import {
  addInsurableBody,
  autoAssignAllBody,
  calculateCostBody,
  cancelCoverageBody,
  coverageOptionsBody,
  insurableBody,
  masterPolicyBody,
} from "./master-policies.schemas";
import { createMasterPolicy, findMaster, listMasterPolicies, showMasterPolicy, updateMasterPolicy } from "./master-policies.service";
import {
  availableUnitListQuery,
  communityListQuery,
  communityListSpec,
  coverageListQuery,
  coverageListSpec,
  topInsurableListQuery,
  topInsurableListSpec,
  unitListSpec,
  unitRowJson,
} from "./master-policies.units";

const listQuery = listInput(filterTypes(masterPolicyListSpec));
export const access = (action: string) => ({ resource: "master-policies", action });

type Master = Awaited<ReturnType<typeof findMaster>>;
const accountId = (master: Master) => (typeof master.account === "string" ? JSON.parse(master.account) : master.account)?.id ?? 0;

/** The lists of a master's page (document 3 section 7), page size 20 (section 9, available insurables 20). */
const PAGE_LISTS: Array<{ path: string; spec: ListSpec; query: (master: Master) => ListQuery }> = [
  { path: "communities", spec: communityListSpec, query: (m) => communityListQuery(m.id) },
  { path: "available_top_insurables", spec: topInsurableListSpec, query: (m) => topInsurableListQuery(m.id, accountId(m)) },
  { path: "available_units", spec: unitListSpec, query: (m) => availableUnitListQuery(m.id) },
  { path: "covered_units", spec: coverageListSpec, query: (m) => coverageListQuery(m.id, "current") },
  { path: "historically_coverage_units", spec: coverageListSpec, query: (m) => coverageListQuery(m.id, "past") },
  { path: "master_policy_coverages", spec: coverageListSpec, query: (m) => coverageListQuery(m.id, "all") },
];

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

  for (const list of PAGE_LISTS) {
    app.get(
      `/master-policies/:id/${list.path}`,
      { config: { access: access("show") }, schema: { params: idParams, querystring: listInput(filterTypes(list.spec)) } },
      async (request, reply) => {
        const { scope } = requireCaller(request);
        const master = await findMaster(app.db, scope, request.params.id);
        const query = request.query as QueryObject;
        const params = parseListParams({ sort: query.sort, pagination: query.pagination, filter: query.filter as QueryValue | undefined }, list.spec, { defaultPer: 20 });
        const result = await runList<Record<string, unknown>>(app.db, list.query(master), params);
        return sendList(reply, result, result.rows.map(unitRowJson));
      },
    );
  }

  app.post("/master-policies/:id/add_insurable", { config: { access: access("add_insurable") }, schema: { params: idParams, body: addInsurableBody } }, async (request) => {
    const caller = requireCaller(request);
    return addInsurable(app.db, caller.scope, request.params.id, request.body, staffAuthor(caller.user));
  });

  app.post("/master-policies/:id/cover_unit", { config: { access: access("cover_unit") }, schema: { params: idParams, body: insurableBody } }, async (request) => {
    const caller = requireCaller(request);
    return coverUnit(app.db, caller.scope, request.params.id, request.body.insurable_id, staffAuthor(caller.user));
  });

  app.put("/master-policies/:id/cancel", { config: { access: access("cancel") }, schema: { params: idParams } }, async (request) => {
    const caller = requireCaller(request);
    return requestMasterCancel(app.db, caller.scope, request.params.id, staffAuthor(caller.user), (data) => app.jobs.send(MASTER_CANCEL_JOB, data));
  });

  app.put("/master-policies/:id/cancel_coverage", { config: { access: access("cancel_coverage") }, schema: { params: idParams, body: cancelCoverageBody } }, async (request) => {
    const caller = requireCaller(request);
    return cancelCoverage(app.db, caller.scope, request.params.id, request.body.master_policy_coverage_id, staffAuthor(caller.user));
  });

  app.put("/master-policies/:id/cancel_insurable", { config: { access: access("cancel_insurable") }, schema: { params: idParams, body: insurableBody } }, async (request) => {
    const caller = requireCaller(request);
    return cancelInsurable(app.db, caller.scope, request.params.id, request.body.insurable_id, staffAuthor(caller.user));
  });

  app.put("/master-policies/:id/auto_assign_insurable", { config: { access: access("auto_assign") }, schema: { params: idParams, body: insurableBody } }, async (request) => {
    const caller = requireCaller(request);
    return setAutoAssign(app.db, caller.scope, request.params.id, { insurableId: request.body.insurable_id }, staffAuthor(caller.user));
  });

  app.put("/master-policies/:id/auto_assign_all", { config: { access: access("auto_assign") }, schema: { params: idParams, body: autoAssignAllBody } }, async (request) => {
    const caller = requireCaller(request);
    return setAutoAssign(app.db, caller.scope, request.params.id, { all: request.body.auto_assign_value }, staffAuthor(caller.user));
  });

  app.post("/policies/calculate_cost", { config: { access: access("show") }, schema: { body: calculateCostBody } }, async (request) => {
    const { scope } = requireCaller(request);
    return calculateCost(app.db, scope, request.body);
  });

  app.post("/config/master_policies/coverage_options", { config: { access: access("show") }, schema: { body: coverageOptionsBody } }, async () => coverageOptions());
};
