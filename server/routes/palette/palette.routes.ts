import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { PALETTE_MIN_TERM } from "../../../src/domain/palette";
import { SEARCH_MAX, trimmed } from "../../lib/input";
import { requireCaller } from "../../plugins/auth";
import { searchPalette } from "./palette.service";

/**
 * The command palette's record search (issue 17 section 6): `GET /palette?q=` answers `{data: [{kind, id, title,
 * subtitle}]}`, each kind limited by its grid's scope and permission row. The screens it offers are the console's
 * own (the route table), not asked of the server.
 */
export const paletteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/palette",
    { config: { access: { resource: "palette", action: "list" } }, schema: { querystring: z.object({ q: trimmed(SEARCH_MAX).pipe(z.string().min(PALETTE_MIN_TERM)) }) } },
    async (request) => ({ data: await searchPalette(app.db, requireCaller(request), request.query.q) }),
  );
};
