import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ValidationError } from "../../lib/errors";
import { staffAuthor } from "../../lib/history";
import { SHORT_TEXT, TEXT, flag, idParams, text } from "../../lib/input";
import { sendList } from "../../lib/list";
import { filterTypes, listInput } from "../../lib/list-input";
import { publicOrigin } from "../../lib/public-url";
import type { QueryObject } from "../../lib/query-string";
import { formParts } from "../../files/multipart";
import { requireCaller } from "../../plugins/auth";
import { brandingJson } from "../branding-profiles/branding-profiles.service";
import { recordedUpload } from "../csv-imports/csv-imports.service";
import {
  CSV_TEMPLATE,
  agencyFilters,
  brandingOfTrackingUrl,
  createTrackingUrl,
  deleteTrackingUrl,
  findTrackingUrl,
  importTrackingUrls,
  listTrackingUrls,
  setTrackingUrlArchived,
  trackingUrlJson,
  trackingUrlLeads,
  trackingUrlListSpec,
  trackingUrlPolicies,
} from "./tracking-urls.service";

const access = (action: string) => ({ access: { resource: "tracking-url", action } });
const optional = (max = TEXT) => z.union([text(max), z.number()]).optional().nullable();
const createBody = z.object({
  tracking_url: z
    .object({
      landing_page: optional(SHORT_TEXT),
      campaign_name: optional(),
      campaign_source: optional(),
      campaign_medium: optional(),
      campaign_term: optional(),
      campaign_content: optional(),
      agency_id: optional(20),
      branding_profile_id: optional(20),
    })
    .strict(),
});
const csvForm = z.object({ file: z.string().meta({ format: "binary", description: "CSV, at most 1 MB" }) }).meta({ "x-multipart": true });
const CSV_MAX_BYTES = 1024 * 1024;

/**
 * Tracking URLs (document 3 sections 2 and 7; reference 4.9; readings C-33): list with the archived and agency
 * filters, create, archive (PUT), soft delete (204), each URL's leads and policies, the agencies to choose from,
 * and the CSV template and upload (all rows or none).
 */
export const trackingUrlRoutes: FastifyPluginAsyncZod = async (app) => {
  const origin = publicOrigin(app.env);
  const json = trackingUrlJson(origin);

  app.get("/tracking_urls", { config: access("list"), schema: { querystring: listInput(filterTypes(trackingUrlListSpec)) } }, async (request, reply) => {
    const { scope } = requireCaller(request);
    const q = request.query as QueryObject;
    return sendList(reply, await listTrackingUrls(app.db, scope, { sort: q.sort, pagination: q.pagination, filter: q.filter }, origin));
  });

  app.get("/tracking_urls/agency_filters", { config: access("list") }, async (request) => agencyFilters(app.db, requireCaller(request).scope));

  app.get("/tracking_urls/bulk_csv_template", { config: access("create") }, async (_request, reply) => {
    reply.header("content-type", "text/csv; charset=utf-8").header("content-disposition", 'attachment; filename="tracking-urls.csv"');
    return CSV_TEMPLATE;
  });

  app.post("/tracking_urls/bulk_csv_upload", { config: access("create"), schema: { body: csvForm, consumes: ["multipart/form-data"] } }, async (request) => {
    const caller = requireCaller(request);
    if (!request.isMultipart()) throw new ValidationError({ file: "Send the CSV as multipart/form-data" });
    let csv: string | undefined;
    let fileName: string | undefined;
    for await (const part of formParts(request)) {
      if (part.type !== "file" || part.fieldname !== "file") continue;
      fileName = part.filename;
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of part.file) {
        size += chunk.length;
        if (size > CSV_MAX_BYTES) throw new ValidationError({ file: "Max file size is 1 MB" });
        chunks.push(chunk as Buffer);
      }
      csv = Buffer.concat(chunks).toString("utf8");
    }
    if (csv === undefined) throw new ValidationError({ file: "Choose a CSV file" });
    const text = csv;
    return recordedUpload(app, caller, { kind: "tracking_urls", fileName, text }, () => importTrackingUrls(app.db, caller.scope, text, staffAuthor(caller.user)));
  });

  app.post("/tracking_urls", { config: access("create"), schema: { body: createBody } }, async (request, reply) => {
    const caller = requireCaller(request);
    const row = await createTrackingUrl(app.db, caller.scope, request.body.tracking_url, staffAuthor(caller.user));
    reply.code(201);
    return json(row);
  });

  // The URL's page shows the branding its visitors see (issue 12 section 3): its own profile, else its agency's.
  app.get("/tracking_urls/:id", { config: access("show"), schema: { params: idParams } }, async (request) => {
    const row = await findTrackingUrl(app.db, requireCaller(request).scope, request.params.id);
    const profile = await brandingOfTrackingUrl(app.db, row);
    return { ...json(row), branding: profile ? await brandingJson(app.db, app.env.FILES_SECRET, profile) : null };
  });

  app.put(
    "/tracking_urls/:id",
    { config: access("edit"), schema: { params: idParams, body: z.object({ tracking_url: z.object({ archived: flag }).strict() }) } },
    async (request) => {
      const caller = requireCaller(request);
      return json(await setTrackingUrlArchived(app.db, caller.scope, request.params.id, request.body.tracking_url.archived, staffAuthor(caller.user)));
    },
  );

  app.delete("/tracking_urls/:id", { config: access("delete"), schema: { params: idParams } }, async (request, reply) => {
    const caller = requireCaller(request);
    await deleteTrackingUrl(app.db, caller.scope, request.params.id, staffAuthor(caller.user));
    return reply.code(204).send();
  });

  const nested = listInput({ archived: "bool", status: "text" });
  app.get("/tracking_urls/:id/get_leads", { config: access("show"), schema: { params: idParams, querystring: nested } }, async (request, reply) => {
    const q = request.query as QueryObject;
    return sendList(reply, await trackingUrlLeads(app.db, requireCaller(request).scope, request.params.id, { sort: q.sort, pagination: q.pagination, filter: q.filter }));
  });

  app.get("/tracking_urls/:id/get_policies", { config: access("show"), schema: { params: idParams, querystring: nested } }, async (request, reply) => {
    const q = request.query as QueryObject;
    return sendList(reply, await trackingUrlPolicies(app.db, requireCaller(request).scope, request.params.id, { sort: q.sort, pagination: q.pagination, filter: q.filter }));
  });
};
