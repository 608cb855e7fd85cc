import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { sendStoredFile } from "../../files/files.routes";
import { formParts } from "../../files/multipart";
import { sql } from "drizzle-orm";
import { assertNotClaimedByOther, claimItem, releaseClaim } from "../../lib/claims";
import { ConflictError, ValidationError } from "../../lib/errors";
import { SEARCH_MAX, cleanFileName, date, idParams, text } from "../../lib/input";
import { listEnvelope, queryRows } from "../../lib/list";
import { MESSAGES } from "../../lib/validators";
import { MAX_PER } from "../../../src/domain/constants";
import { requireCaller } from "../../plugins/auth";
import { recordAuditEvent, staffAuthor } from "../../lib/history";
import { assistReview } from "../../review/assist";
import { lookupScope } from "../../lib/scope";
import { insurableScopeCondition } from "../lookups/lookups.scope";
import { FORM_CONTENT, coverageProofForm, parseCoverageProof, pdfFilesForm, readCoverageProofForm } from "../external/external-form";
import { saveExternalPolicy } from "../external/external.service";
import { checkedFileJson, findCheckedFile, recordCheckedFile, storeCheckedPdf, listCheckedFiles, markProcessed } from "./dmr.service";

const dmr = (action: string) => ({ access: { resource: "dmr", action } });
const bool = z.enum(["true", "false"]).transform((v) => v === "true");
const pageNumber = z.union([z.number(), z.string().regex(/^\d{1,9}$/, MESSAGES.wholeNumber)]).pipe(z.coerce.number<string | number>().int());

/** The query of document 1 section 7 (DMR): sort, pagination, filter[status], processed, date_from, date_to, search. */
const listQuery = z
  .object({
    sort: z.object({ column: z.enum(["updated_at", "created_at", "name", "id"]).default("updated_at"), direction: z.enum(["asc", "desc"]).default("desc") }).partial().optional(),
    pagination: z.object({ page: pageNumber.pipe(z.number().min(1).max(10_000_000)).default(1), per: pageNumber.pipe(z.number().min(1).max(MAX_PER)).default(10) }).partial().optional(),
    filter: z.object({ status: z.enum(["processed", "unprocessed", ""]).optional() }).optional(),
    processed: bool.optional(),
    date_from: date.optional(),
    date_to: date.optional(),
    search: text(SEARCH_MAX).optional(),
  })
  .refine((q) => !q.date_from || !q.date_to || q.date_from <= q.date_to, { message: "End date must be later than Start date", path: ["date_to"] });

export const SUBMITTED = "Policy has been successfully submitted";

/** The DMR review queue's files (document 1 sections 2.4 and 7; readings C-15). Super admins only. */
export const dmrRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/dmr/checked_files", { config: dmr("list"), schema: { querystring: listQuery } }, async (request) => {
    const q = request.query;
    const status = q.filter?.status;
    const processed = q.processed ?? (status === "processed" ? true : status === "unprocessed" ? false : undefined);
    const page = q.pagination?.page ?? 1;
    const per = q.pagination?.per ?? 10;
    const { rows, total, capped } = await listCheckedFiles(app.db, {
      page,
      per,
      processed,
      dateFrom: q.date_from,
      dateTo: q.date_to,
      search: q.search?.trim() || undefined,
      sort: q.sort?.column ?? "updated_at",
      direction: q.sort?.direction ?? "desc",
    });
    return listEnvelope({ rows, total, capped, page, per }, rows.map((row) => checkedFileJson(row, app.env.FILES_SECRET)));
  });

  // REVIEW claims the file for a few minutes and the open dialog's heartbeat renews it, so a second reviewer sees it
  // taken (read-only, "Being reviewed by …"); `take_over` moves a colleague's claim to the caller (issue 10).
  app.post(
    "/dmr/checked_files/:id/claim",
    { config: dmr("edit"), schema: { params: idParams, body: z.preprocess((v) => v ?? {}, z.object({ take_over: z.boolean().default(false) })) } },
    async (request) => {
      const caller = requireCaller(request);
      const file = await findCheckedFile(app.db, request.params.id);
      if (file.processed) throw new ConflictError("This file has already been processed");
      return claimItem(app.db, "CheckedFile", file.id, caller.user.id, { takeOver: request.body.take_over, secret: app.env.FILES_SECRET });
    },
  );

  // Closing REVIEW releases the caller's own claim.
  app.delete("/dmr/checked_files/:id/claim", { config: dmr("edit"), schema: { params: idParams } }, async (request, reply) => {
    const caller = requireCaller(request);
    await releaseClaim(app.db, "CheckedFile", request.params.id, caller.user.id);
    reply.code(204);
    return null;
  });

  app.patch("/dmr/checked_files/:id/mark_processed", { config: dmr("edit"), schema: { params: idParams } }, async (request) => {
    const caller = requireCaller(request);
    await assertNotClaimedByOther(app.db, "CheckedFile", request.params.id, caller.user.id);
    const row = await markProcessed(app.db, request.params.id, caller.user.id, "archived");
    await releaseClaim(app.db, "CheckedFile", row.id);
    return { message: "File has been archived", data: checkedFileJson(row, app.env.FILES_SECRET) };
  });

  app.get("/dmr/checked_files/:id/download", { config: dmr("show"), schema: { params: idParams } }, async (request, reply) => {
    const row = await findCheckedFile(app.db, request.params.id);
    await recordAuditEvent(app.db, { type: "CheckedFile", id: row.id, action: "download", author: staffAuthor(requireCaller(request).user), process: "console", details: { file: row.name } });
    return sendStoredFile(app, reply, { filename: row.name, content_type: row.content_type, byte_size: row.byte_size, storage_key: row.storage_key }, "inline");
  });

  // Assisted review: what the PDF states, to pre-fill the form (issue 4 part 5), and the property its printed location
  // names among the caller's, for the location pickers (issue 10).
  app.get("/dmr/checked_files/:id/extract", { config: dmr("show"), schema: { params: idParams } }, async (request) => {
    const caller = requireCaller(request);
    const file = await findCheckedFile(app.db, request.params.id);
    return assistReview(app, file.storage_key, { locateWithin: insurableScopeCondition(lookupScope(caller)) });
  });

  // The REVIEW dialog's submit (document 1 sections 3, 7, 8): the coverage-proof form for the file's policy. The file
  // is claimed first, so two reviewers can never both submit it; the PDF becomes the new policy's certificate.
  app.post("/dmr/checked_files/:id/submit", { config: dmr("edit"), schema: { params: idParams, body: coverageProofForm(), consumes: FORM_CONTENT } }, async (request, reply) => {
    const caller = requireCaller(request);
    const file = await findCheckedFile(app.db, request.params.id);
    const { fields, files } = await readCoverageProofForm(app, request);
    try {
      await assertNotClaimedByOther(app.db, "CheckedFile", file.id, caller.user.id);
    } catch (error) {
      await Promise.all(files.map((f) => app.files.remove(f.key)));
      throw error;
    }
    const claimed = await queryRows<{ id: number }>(
      app.db,
      sql`UPDATE checked_files SET outcome = 'submitted', updated_at = now() WHERE id = ${file.id} AND outcome IS NULL AND NOT processed RETURNING id`,
    );
    if (claimed.length === 0) {
      await Promise.all(files.map((f) => app.files.remove(f.key)));
      throw new ConflictError("This file has already been processed by another reviewer");
    }
    try {
      const input = parseCoverageProof(fields);
      const copy = await app.files.put("policy", await app.files.open(file.storage_key));
      const certificate = { key: copy.key, byteSize: copy.byteSize, checksum: copy.checksum, kind: "pdf" as const, contentType: file.content_type, filename: file.name };
      const saved = await saveExternalPolicy(app, caller, { ...input, id: undefined, status: input.status ?? "EXTERNAL_VERIFIED" }, [...files, certificate]);
      const row = await markProcessed(app.db, file.id, caller.user.id, "submitted", saved.id);
      await releaseClaim(app.db, "CheckedFile", file.id);
      reply.code(201);
      return { message: SUBMITTED, policy_id: saved.id, data: checkedFileJson(row, app.env.FILES_SECRET) };
    } catch (error) {
      await app.db.execute(sql`UPDATE checked_files SET outcome = NULL WHERE id = ${file.id} AND NOT processed`);
      throw error;
    }
  });

  // One or many PDFs from the DMR screen (multipart field `files`): each is checked, stored and queued.
  app.post("/dmr/checked_files", { config: dmr("create"), schema: { body: pdfFilesForm, consumes: ["multipart/form-data"] } }, async (request, reply) => {
    const caller = requireCaller(request);
    if (!request.isMultipart()) throw new ValidationError({ files: "Send the PDFs as multipart/form-data" });
    // All the files or none: each is stored and checked first, and the queue gains them only when every one passed
    // (a refused upload leaves no file behind).
    // The refusal names the file it is about (`file_name`), so the reviewer knows which one of many to take out.
    const stored: Array<{ name: string; file: Awaited<ReturnType<typeof storeCheckedPdf>> }> = [];
    let current: string | undefined;
    try {
      for await (const part of formParts(request)) {
        if (part.type !== "file") continue;
        current = cleanFileName(part.filename, "document.pdf");
        stored.push({ name: part.filename, file: await storeCheckedPdf(app.files, part.file) });
      }
    } catch (error) {
      await Promise.all(stored.map(({ file }) => app.files.remove(file.key)));
      if (error instanceof ValidationError && current) Object.assign(error.body, { file_name: current });
      throw error;
    }
    if (stored.length === 0) throw new ValidationError({ files: "Choose at least one PDF" });
    const added: Array<ReturnType<typeof checkedFileJson>> = [];
    const duplicates: Array<ReturnType<typeof checkedFileJson>> = [];
    for (const { name, file } of stored) {
      const { row, duplicate } = await recordCheckedFile(app.db, app.files, file, { name, source: "upload", uploadedById: caller.user.id });
      (duplicate ? duplicates : added).push(checkedFileJson(row, app.env.FILES_SECRET));
    }
    return reply.code(added.length ? 201 : 200).send({ data: added, duplicates });
  });
};
