import { eq, sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { decideAccess } from "../../../src/domain/access";
import { CSV_IMPORT_KINDS, type CsvImportKind, insurableImports } from "../../db/schema";
import { formParts } from "../../files/multipart";
import { FileTooLargeError } from "../../files/store";
import { ForbiddenError, NotFoundError, PermissionNotEnabledError, ValidationError } from "../../lib/errors";
import { cleanFileName, id, idParams } from "../../lib/input";
import { queryRows, sendList } from "../../lib/list";
import { filterTypes, listInput } from "../../lib/list-input";
import type { QueryObject } from "../../lib/query-string";
import { MESSAGES } from "../../lib/validators";
import { requireCaller } from "../../plugins/auth";
import { runList, parseListParams } from "../../lib/list";
import { csvImportListQuery, csvImportListSpec } from "./csv-imports.list";
import { CSV_IMPORT_JOB, KIND_ACCESS, MAX_CSV_IMPORT_BYTES, uploadTenant } from "./csv-imports.service";

const access = (action: string) => ({ access: { resource: "csv-imports", action } });
/** Kinds sent here; property files keep their own call (POST /insurables/insurables/upload: CSV or XLSX, 20 MB). */
const SENT_KINDS = CSV_IMPORT_KINDS.filter((k): k is Exclude<CsvImportKind, "properties"> => k !== "properties");

/**
 * CSV uploads (issue 16 section 5): a leases, tracking-URL or insurable-updates file sent here is stored and imported
 * by a background job (`202 {id}`), whose progress and result file are read like a property import's; the list of past
 * uploads of every kind, scoped to the caller's tenant (csv-imports.list.ts). The synchronous calls of each import
 * (leases/bulk_create, tracking_urls/bulk_csv_upload, insurable_id_updates) stay as the reference has them.
 */
export const csvImportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/csv_imports", { config: access("list"), schema: { querystring: listInput(filterTypes(csvImportListSpec)) } }, async (request, reply) => {
    const { scope } = requireCaller(request);
    const q = request.query as QueryObject;
    return sendList(reply, await runList(app.db, csvImportListQuery(scope), parseListParams({ sort: q.sort, pagination: q.pagination, filter: q.filter }, csvImportListSpec)));
  });

  app.post(
    "/csv_imports",
    {
      config: access("create"),
      schema: {
        body: z
          .object({
            kind: z.enum(SENT_KINDS),
            community_id: id.optional().meta({ description: "leases: the community the leases are in" }),
            file: z.string().meta({ format: "binary", description: "CSV, at most 5 MB" }),
          })
          .meta({ "x-multipart": true }),
        consumes: ["multipart/form-data"],
      },
    },
    async (request, reply) => {
      const caller = requireCaller(request);
      if (!request.isMultipart()) throw new ValidationError({ file: "Send the file as multipart/form-data" });
      let stored: { key: string; name: string } | undefined;
      const fields: Record<string, string> = {};
      try {
        for await (const part of formParts(request)) {
          if (part.type !== "file") fields[part.fieldname] = String(part.value);
          else if (!stored) {
            const file = await app.files.put("csv-imports", part.file, { maxBytes: MAX_CSV_IMPORT_BYTES });
            stored = { key: file.key, name: cleanFileName(part.filename, "upload.csv") };
          }
        }
      } catch (error) {
        if (error instanceof FileTooLargeError) throw new ValidationError({ file: "Max file size is 5 MB" }, "Max file size is 5 MB");
        throw error;
      }
      const refuse = async (error: Error) => {
        if (stored) await app.files.remove(stored.key);
        throw error;
      };
      const kind = SENT_KINDS.find((k) => k === fields.kind);
      if (!kind) return refuse(new ValidationError({ kind: MESSAGES.notInList }));
      const decision = decideAccess(caller.user, KIND_ACCESS[kind].resource, KIND_ACCESS[kind].action);
      if (decision === "forbidden") return refuse(new ForbiddenError());
      if (decision === "permission_not_enabled") return refuse(new PermissionNotEnabledError());
      const community = id.safeParse(fields.community_id);
      if (kind === "leases" && !community.success) return refuse(new ValidationError({ community_id: MESSAGES.required("community") }));
      if (!stored) throw new ValidationError({ file: MESSAGES.required("file") });
      const communityId = kind === "leases" && community.success ? community.data : undefined;
      const tenant = await uploadTenant(app.db, caller.user, caller.scope, communityId);
      const [row] = await app.db
        .insert(insurableImports)
        .values({ kind, ...tenant, params: communityId ? { community_id: communityId } : null, staff_id: caller.user.id, file_name: stored.name, storage_key: stored.key, scope: caller.scope })
        .returning();
      await app.jobs.send(CSV_IMPORT_JOB, { importId: row.id });
      reply.code(202);
      return { id: row.id, kind, file_name: row.file_name, status: row.status };
    },
  );

  const visible = async (request: Parameters<typeof requireCaller>[0], importId: number) => {
    const query = csvImportListQuery(requireCaller(request).scope, [sql`ii.id = ${importId}`]);
    const [row] = await queryRows<Record<string, unknown> & { id: number; result_key?: string }>(
      app.db,
      sql`SELECT ${query.select}, ii.result -> 'errors' AS errors FROM ${query.from} WHERE ${sql.join(query.where, sql` AND `)}`,
    );
    if (!row) throw new NotFoundError("Record");
    return row;
  };

  // One upload's progress while its job runs (its row, written by whichever process runs it), then its counts and rows
  // in error.
  app.get("/csv_imports/:id", { config: access("show"), schema: { params: idParams } }, async (request) => {
    const row = await visible(request, request.params.id);
    return { ...row, errors: row.errors ?? [] };
  });

  // The result file: every row of the file with its outcome and message, for whoever may see the upload.
  app.get("/csv_imports/:id/result", { config: access("show"), schema: { params: idParams } }, async (request, reply) => {
    const { id: importId, kind } = await visible(request, request.params.id);
    const [row] = await app.db.select({ key: insurableImports.result_key }).from(insurableImports).where(eq(insurableImports.id, importId));
    if (!row?.key) throw new ValidationError({ id: "The import has not finished yet" }, "The import has not finished yet");
    const body = await app.files.open(row.key).catch(() => Promise.reject(new NotFoundError({ message: "The result file is no longer available" })));
    return reply
      .header("content-type", "text/csv; charset=utf-8")
      .header("content-disposition", `attachment; filename="${String(kind).replace(/_/g, "-")}-import-${importId}-result.csv"`)
      .send(body);
  });
};
