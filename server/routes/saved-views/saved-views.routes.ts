import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { SAVED_VIEW_NAME_MAX } from "../../../src/domain/savedViews";
import { SHORT_TEXT, flag, idParams, jsonValue, requiredText, text } from "../../lib/input";
import { requireCaller } from "../../plugins/auth";
import { deleteView, listSavedViews, saveView } from "./saved-views.service";

const access = (action: string) => ({ access: { resource: "saved-views", action } });
/** A grid's name: a resource, or a resource and a screen (`policies`, `change-requests.refunds`). */
const resource = z.string().min(1).max(SHORT_TEXT).regex(/^[a-z][a-z0-9_.-]*$/, "is not a grid");
const source = text(SHORT_TEXT);

const params = z
  .object({
    filter: z.record(z.string().max(SHORT_TEXT), jsonValue).optional(),
    sort: source.optional(),
    order: z.enum(["ASC", "DESC"]).optional(),
    perPage: z.number().int().min(1).max(1000).optional(),
    ranks: z.array(z.number().int().min(0).max(200)).max(200).optional(),
    hidden: z.array(source).max(100).optional(),
    density: z.enum(["small", "medium"]).optional(),
  })
  .strict();

/**
 * A grid's saved views (issue 17 section 5): every signed-in role lists the views of a grid it may use (its own and
 * those shared in its account or agency), saves its own (shared or not) and deletes its own. What a view's filters
 * show is still decided by the grid's own list and scope when it is applied.
 */
export const savedViewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/saved_views", { config: access("list"), schema: { querystring: z.object({ resource }) } }, async (request) => {
    return listSavedViews(app.db, requireCaller(request).user, request.query.resource);
  });

  app.post(
    "/saved_views",
    { config: access("create"), schema: { body: z.object({ saved_view: z.object({ resource, name: requiredText(SAVED_VIEW_NAME_MAX), params, shared: flag.optional() }) }) } },
    async (request, reply) => {
      const { saved_view: input } = request.body;
      const view = await saveView(app.db, requireCaller(request).user, { resource: input.resource, name: input.name, params: input.params, shared: input.shared ?? false });
      return reply.code(201).send(view);
    },
  );

  app.delete("/saved_views/:id", { config: access("delete"), schema: { params: idParams } }, async (request) => {
    await deleteView(app.db, requireCaller(request).user, request.params.id);
    return { success: true };
  });
};
