import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { formParts } from "../../files/multipart";
import { ValidationError } from "../../lib/errors";
import { staffAuthor } from "../../lib/history";
import { EMAIL_MAX, LONG_TEXT, SHORT_TEXT, URL_MAX, cleanFileName, idParams, text } from "../../lib/input";
import { sendList } from "../../lib/list";
import { filterTypes, listInput } from "../../lib/list-input";
import type { QueryObject } from "../../lib/query-string";
import { requireCaller } from "../../plugins/auth";
import {
  LOGO_MAX_MB,
  brandingHistories,
  brandingJson,
  brandingListSpec,
  findBrandingProfile,
  listBrandingProfiles,
  removeLogo,
  replaceLogo,
  updateBrandingProfile,
  type BrandingRow,
} from "./branding-profiles.service";

const access = (action: string) => ({ access: { resource: "branding_profiles", action } });
const nullableText = (max: number) => text(max).nullable().optional();
const brandingInput = z
  .object({
    url: nullableText(URL_MAX),
    enabled: z.boolean().optional(),
    primary_color: text(20).optional(),
    secondary_color: text(20).optional(),
    contact_phone: nullableText(SHORT_TEXT),
    contact_email: nullableText(EMAIL_MAX),
    footer_text: nullableText(LONG_TEXT),
  })
  .strip();
const logoForm = z.object({ logo: z.string().meta({ format: "binary", description: `jpeg, png or svg (no scripts), at most ${LOGO_MAX_MB} MB` }) }).meta({ "x-multipart": true });

/**
 * Branding profiles (reference 3.1; document 3 routes agencies/{agencyId}/branding/{brandingId} and the branding
 * editor): each agency's one profile, read and edited by the agents of its tree and by super admins; staff have no
 * access. The logo is uploaded on its own (multipart), checked by content.
 */
export const brandingProfileRoutes: FastifyPluginAsyncZod = async (app) => {
  const json = (row: BrandingRow) => brandingJson(app.db, app.env.FILES_SECRET, row);

  app.get("/branding_profiles", { config: access("list"), schema: { querystring: listInput(filterTypes(brandingListSpec)) } }, async (request, reply) => {
    const q = request.query as QueryObject;
    const result = await listBrandingProfiles(app.db, requireCaller(request).scope, { sort: q.sort, pagination: q.pagination, filter: q.filter });
    return sendList(reply, result, await Promise.all((result.rows as BrandingRow[]).map(json)));
  });

  app.get("/branding_profiles/:id", { config: access("show"), schema: { params: idParams } }, async (request) =>
    json(await findBrandingProfile(app.db, requireCaller(request).scope, request.params.id)),
  );

  app.put("/branding_profiles/:id", { config: access("edit"), schema: { params: idParams, body: z.object({ branding_profile: brandingInput }) } }, async (request) => {
    const caller = requireCaller(request);
    await updateBrandingProfile(app.db, caller.scope, request.params.id, request.body.branding_profile, staffAuthor(caller.user));
    return json(await findBrandingProfile(app.db, caller.scope, request.params.id));
  });

  app.post("/branding_profiles/:id/logo", { config: access("edit"), schema: { params: idParams, body: logoForm, consumes: ["multipart/form-data"] } }, async (request) => {
    const caller = requireCaller(request);
    // Scope first: a profile outside the caller's tree is a 404 before any byte is stored.
    await findBrandingProfile(app.db, caller.scope, request.params.id);
    if (!request.isMultipart()) throw new ValidationError({ logo: "Send the logo as multipart/form-data" });
    let done = false;
    for await (const part of formParts(request)) {
      if (part.type !== "file") continue;
      if (part.fieldname !== "logo" || done) {
        part.file.resume();
        continue;
      }
      await replaceLogo(app.db, app.files, caller.scope, request.params.id, { filename: cleanFileName(part.filename, "logo"), body: part.file }, staffAuthor(caller.user));
      done = true;
    }
    if (!done) throw new ValidationError({ logo: "Choose an image (jpeg, png or svg)" });
    return json(await findBrandingProfile(app.db, caller.scope, request.params.id));
  });

  app.delete("/branding_profiles/:id/logo", { config: access("edit"), schema: { params: idParams } }, async (request) => {
    const caller = requireCaller(request);
    await removeLogo(app.db, app.files, caller.scope, request.params.id, staffAuthor(caller.user));
    return json(await findBrandingProfile(app.db, caller.scope, request.params.id));
  });

  app.get("/branding_profiles/:id/histories", { config: access("show"), schema: { params: idParams, querystring: listInput({}) } }, async (request, reply) => {
    const q = request.query as QueryObject;
    return sendList(reply, await brandingHistories(app.db, requireCaller(request).scope, request.params.id, { sort: q.sort, pagination: q.pagination, filter: q.filter }));
  });
};
