import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { EMAIL_MAX, SHORT_TEXT, TEXT, id, idParams, text } from "../../lib/input";
import { MERGE_FIELDS, MERGE_MAX_RECORDS } from "../../../src/domain/userMerge";
import { listEnvelope, sendList } from "../../lib/list";
import { filterTypes, listInput } from "../../lib/list-input";
import type { QueryObject } from "../../lib/query-string";
import { staffAuthor } from "../../lib/history";
import { requireCaller } from "../../plugins/auth";
import { userListSpec } from "./users.list";
import { mergeUsers, previewMerge } from "./users.merge";
import { LIST_BODY_FILTERS, listUsers, showUser, updateUser, userHistories, usersListBodyToFilter } from "./users.service";

const listQuery = listInput(filterTypes(userListSpec), { t_code: text(SHORT_TEXT).optional(), tcode: text(SHORT_TEXT).optional() });
const listBody = listInput(LIST_BODY_FILTERS).default({});
const nullableText = text(TEXT).nullable().optional();

const userUpdateBody = z.object({
  user: z
    .object({
      email: text(EMAIL_MAX).optional(),
      profile_attributes: z
        .object({
          first_name: nullableText,
          last_name: nullableText,
          middle_name: nullableText,
          contact_email: nullableText,
          contact_phone: nullableText,
          birth_date: nullableText,
        })
        .strict()
        .optional(),
      address_attributes: z
        .object({
          street_number: nullableText,
          street_name: nullableText,
          street_two: nullableText,
          city: nullableText,
          state: nullableText,
          zip_code: nullableText,
        })
        .strict()
        .optional(),
    })
    .strip(),
});

// Merge Users: the surviving record is the path's, the others are named like carriers_to_merge_ids (reference 4.11).
const mergeIds = z.array(id).min(1).max(MERGE_MAX_RECORDS - 1);
const mergePreviewBody = z.object({ users_to_merge_ids: mergeIds }).strict();
const mergeBody = z
  .object({
    users_to_merge_ids: mergeIds,
    // One choice per conflicting field: the id of the record whose value the survivor keeps.
    choices: z.partialRecord(z.enum(MERGE_FIELDS), id).default({}),
  })
  .strict();

/** Customers (document 3: Users). */
export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const list = { resource: "users", action: "list" };

  app.get("/users", { config: { access: list }, schema: { querystring: listQuery } }, async (request, reply) => {
    const { scope } = requireCaller(request);
    const query = request.query as QueryObject;
    // `t_code` / `tcode` may also come as top-level parameters (document 3 section 7).
    const topLevelTCode = query.t_code ?? query.tcode;
    const filter = (typeof query.filter === "object" && !Array.isArray(query.filter) ? { ...query.filter } : {}) as QueryObject;
    if (typeof topLevelTCode === "string" && topLevelTCode) filter.t_code = { like: topLevelTCode };
    const result = await listUsers(app.db, scope, { sort: query.sort, pagination: query.pagination, filter });
    return sendList(reply, result);
  });

  app.post(
    "/users/list",
    { config: { access: list }, schema: { body: listBody } },
    async (request, reply) => {
      const { scope } = requireCaller(request);
      const body = request.body as QueryObject;
      const result = await listUsers(app.db, scope, { sort: body.sort, pagination: body.pagination, filter: usersListBodyToFilter(body.filter) }, 10);
      return listEnvelope(result, result.rows, reply);
    },
  );

  app.get("/users/:id", { config: { access: { resource: "users", action: "show" } }, schema: { params: idParams } }, async (request) => {
    const { scope } = requireCaller(request);
    return { data: await showUser(app.db, scope, request.params.id) };
  });

  app.get(
    "/users/:id/histories",
    { config: { access: { resource: "users", action: "show" } }, schema: { params: idParams, querystring: listInput({}) } },
    async (request, reply) => {
      const { scope } = requireCaller(request);
      const query = request.query as QueryObject;
      return sendList(reply, await userHistories(app.db, scope, request.params.id, { sort: query.sort, pagination: query.pagination, filter: query.filter }));
    },
  );

  app.put(
    "/users/:id",
    { config: { access: { resource: "users", action: "edit" } }, schema: { params: idParams, body: userUpdateBody } },
    async (request) => {
      const caller = requireCaller(request);
      return { data: await updateUser(app.db, caller.scope, request.params.id, request.body.user, staffAuthor(caller.user)) };
    },
  );

  const merge = { resource: "users", action: "merge" };

  app.post("/users/:id/merge/preview", { config: { access: merge }, schema: { params: idParams, body: mergePreviewBody } }, async (request) => {
    const { scope } = requireCaller(request);
    return { data: await previewMerge(app.db, scope, { survivorId: request.params.id, mergeIds: request.body.users_to_merge_ids }) };
  });

  app.post("/users/:id/merge", { config: { access: merge }, schema: { params: idParams, body: mergeBody } }, async (request) => {
    const caller = requireCaller(request);
    const request_ = { survivorId: request.params.id, mergeIds: request.body.users_to_merge_ids };
    return { data: await mergeUsers(app.db, caller.scope, request_, request.body.choices, staffAuthor(caller.user)) };
  });
};
