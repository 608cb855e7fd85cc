import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { flag, id, idParams } from "../../lib/input";
import { sendList } from "../../lib/list";
import { filterTypes, listInput } from "../../lib/list-input";
import type { QueryObject } from "../../lib/query-string";
import { requireCaller } from "../../plugins/auth";
import { assignmentListSpec } from "./assignments.list";
import { createAssignment, deleteAssignment, listAssignments } from "./assignments.service";

const access = (action: string) => ({ access: { resource: "assignments", action } });

/** Property managers' communities (document 3 section 7: GET, POST /assignments; DELETE /assignments/{id}). */
export const assignmentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/assignments", { config: access("list"), schema: { querystring: listInput(filterTypes(assignmentListSpec)) } }, async (request, reply) => {
    const query = request.query as QueryObject;
    return sendList(reply, await listAssignments(app.db, requireCaller(request), { sort: query.sort, pagination: query.pagination, filter: query.filter }));
  });

  app.post(
    "/assignments",
    { config: access("create"), schema: { body: z.object({ staff_id: id, insurable_id: id, primary: flag.optional() }).strict() } },
    async (request, reply) => reply.code(201).send(await createAssignment(app.db, requireCaller(request), request.body)),
  );

  app.delete("/assignments/:id", { config: access("delete"), schema: { params: idParams } }, async (request) => {
    return deleteAssignment(app.db, requireCaller(request), request.params.id);
  });
};
