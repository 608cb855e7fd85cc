import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { staffAuthor } from "../../lib/history";
import { id, idParams } from "../../lib/input";
import { requireCaller } from "../../plugins/auth";
import { listLinks, revokeLink } from "./link-status.service";

const linksQuery = z
  .object({ lease_id: id.optional(), user_id: id.optional() })
  .strict()
  .refine((q) => q.lease_id !== undefined || q.user_id !== undefined, { message: "lease_id or user_id is required", path: ["lease_id"] });

/**
 * The console's view of residents' upload links (issue 17 section 2): a lease's or a resident's links with their
 * state, and Revoke. Staff reach their account's, agents their agency tree's, super admins all (the scope's rule).
 */
export const uploadLinkStatusRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/upload-links", { config: { access: { resource: "upload-links", action: "list" } }, schema: { querystring: linksQuery } }, async (request) =>
    listLinks(app.db, requireCaller(request).scope, request.query),
  );
  app.post("/upload-links/:id/revoke", { config: { access: { resource: "upload-links", action: "revoke" } }, schema: { params: idParams } }, async (request) => {
    const caller = requireCaller(request);
    return revokeLink(app.db, caller.scope, request.params.id, staffAuthor(caller.user));
  });
};
