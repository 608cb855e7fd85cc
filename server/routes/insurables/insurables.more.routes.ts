import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { SHORT_TEXT, id, idParams, text } from "../../lib/input";
import { staffAuthor } from "../../lib/history";
import { listEnvelope, sendList } from "../../lib/list";
import { filterTypes, listInput } from "../../lib/list-input";
import type { QueryObject } from "../../lib/query-string";
import { MESSAGES } from "../../lib/validators";
import { requireCaller } from "../../plugins/auth";
import { insurableListSpec } from "./insurables.list";
import { LOOKUP_FIELDS, LOOKUP_MAX_IDS, insurableHistories, listByFields, topAvailable } from "./insurables.lookups";
import { addProfile, listProfiles, showProfile, updateProfile } from "./insurables.profiles";

/** A trait's name and value: yes/no, a number or short text (at most 30 traits). */
const traitName = z.string().regex(/^[a-z][a-z0-9_]{0,39}$/, MESSAGES.invalid);
const traits = z.record(traitName, z.union([z.boolean(), z.number().finite().min(-1e9).max(1e9), text(SHORT_TEXT), z.null()])).refine((t) => Object.keys(t).length <= 30, MESSAGES.tooMany(30));

const listBody = listInput(filterTypes(insurableListSpec)).default({});

/**
 * Properties' lookups and the property page's history (document 3 section 7): `list_by_fields` (the batched title
 * lookups; sent without a role prefix, document 1 section 6), `top_available`, `histories`.
 */
export const insurableMoreRoutes: FastifyPluginAsyncZod = async (app) => {
  const can = (action: string) => ({ access: { resource: "insurable", action } });

  app.post(
    "/insurables/list_by_fields",
    {
      config: can("list"),
      schema: {
        body: z.object({
          insurable_ids: z.array(id).min(1, MESSAGES.tooFew(1)).max(LOOKUP_MAX_IDS),
          fields: z.array(z.enum(LOOKUP_FIELDS, { error: MESSAGES.notInList })).max(LOOKUP_FIELDS.length).default(["id", "title"]),
        }),
      },
    },
    async (request) => {
      const { scope } = requireCaller(request);
      return { data: await listByFields(app.db, scope, request.body.insurable_ids, request.body.fields) };
    },
  );

  app.post("/insurables/top_available", { config: can("list"), schema: { body: listBody } }, async (request, reply) => {
    const { scope } = requireCaller(request);
    const b = request.body as QueryObject;
    return listEnvelope(await topAvailable(app.db, scope, { sort: b.sort, pagination: b.pagination, filter: b.filter }), undefined, reply);
  });

  // The property page's Carrier Profile tab (communities): each in-system carrier's id and traits for it.
  app.get("/insurables/:id/carrier-insurable-profiles", { config: can("show"), schema: { params: idParams } }, async (request) => {
    const { scope } = requireCaller(request);
    return listProfiles(app.db, scope, request.params.id);
  });

  app.post(
    "/insurables/:id/carrier-insurable-profiles",
    { config: can("edit"), schema: { params: idParams, body: z.object({ carrier_insurable_profile: z.object({ carrier_id: id }).strip() }) } },
    async (request, reply) => {
      const caller = requireCaller(request);
      reply.code(201);
      return addProfile(app.db, caller.scope, request.params.id, request.body.carrier_insurable_profile.carrier_id, staffAuthor(caller.user));
    },
  );

  app.get("/carrier-insurable-profiles/:id", { config: can("show"), schema: { params: idParams } }, async (request) => {
    const { scope } = requireCaller(request);
    return showProfile(app.db, scope, request.params.id);
  });

  app.put(
    "/carrier-insurable-profiles/:id",
    {
      config: can("edit"),
      schema: {
        params: idParams,
        body: z.object({ carrier_insurable_profile: z.object({ external_carrier_id: text(SHORT_TEXT).nullable(), traits }).partial().strip() }),
      },
    },
    async (request) => {
      const caller = requireCaller(request);
      return updateProfile(app.db, caller.scope, request.params.id, request.body.carrier_insurable_profile, staffAuthor(caller.user));
    },
  );

  app.get("/insurables/:id/histories", { config: can("show"), schema: { params: idParams, querystring: listInput({ action: "text", created_at: "timestamp" }) } }, async (request, reply) => {
    const { scope } = requireCaller(request);
    const q = request.query as QueryObject;
    return sendList(reply, await insurableHistories(app.db, scope, request.params.id, { sort: q.sort, pagination: q.pagination, filter: q.filter }));
  });
};
