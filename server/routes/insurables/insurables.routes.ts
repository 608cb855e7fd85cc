import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { RATE_INTERVALS } from "../../db/schema";
import { MAX_CENTS, SEARCH_MAX, SHORT_TEXT, TEXT, cents, id, idParams, jsonValue, requiredText, text, trimmed } from "../../lib/input";
import { listEnvelope, sendList } from "../../lib/list";
import { filterTypes, listInput } from "../../lib/list-input";
import type { QueryObject } from "../../lib/query-string";
import { staffAuthor } from "../../lib/history";
import { MESSAGES } from "../../lib/validators";
import { requireCaller } from "../../plugins/auth";
import { eq } from "drizzle-orm";
import { insurableImports } from "../../db/schema";
import { formParts } from "../../files/multipart";
import { NotFoundError, ValidationError } from "../../lib/errors";
import { cleanFileName } from "../../lib/input";
import { IMPORT_INSURABLES_JOB, MAX_IMPORT_BYTES } from "./insurables.import";
import { insurableListSpec } from "./insurables.list";
import { recordedUpload, uploadTenant } from "../csv-imports/csv-imports.service";
import { TitleClash, applyUpdates, parseUpdateFile, planUpdates } from "./insurables.updates";
import { AppError } from "../../lib/errors";
import { localAddressProvider } from "../../lib/address-provider";
import {
  INSURABLE_TYPE_ROWS,
  bulkCreate,
  coverage,
  createInsurable,
  insurablePolicies,
  listInsurables,
  listRates,
  propertyInfo,
  syncAddress,
  refreshRates,
  residents,
  searchInsurables,
  showInsurable,
  updateInsurable,
  updateRate,
} from "./insurables.service";

const nullableText = (max = TEXT) => text(max).nullable().optional();
const address = z
  .object({
    street_number: nullableText(SHORT_TEXT),
    street_name: nullableText(),
    street_two: nullableText(),
    city: nullableText(),
    state: nullableText(2),
    county: nullableText(),
    zip_code: nullableText(10),
  })
  .strip();
const insurableFields = z
  .object({
    title: trimmed(TEXT),
    insurable_type_id: id,
    insurable_id: id.nullable(),
    account_id: id.nullable(),
    enabled: z.boolean(),
    preferred_ho4: z.boolean(),
    additional_interest: z.boolean(),
    additional_interest_name: text(TEXT).nullable(),
    minimum_liability: cents.nullable(),
    special_status: z.enum(["none", "affordable"], { error: MESSAGES.notInList }),
    addresses_attributes: z.array(address).max(1),
  })
  .partial()
  .strip();
const listQuery = listInput(filterTypes(insurableListSpec));
const listBody = listQuery.default({});

/** Properties: communities, buildings, units (document 3 section 7, Insurables; reference sections 3.4 and 4.12). */
export const insurableRoutes: FastifyPluginAsyncZod = async (app) => {
  const can = (action: string) => ({ access: { resource: "insurable", action } });

  app.get("/insurable-types", { config: can("list") }, async () => INSURABLE_TYPE_ROWS);

  app.get("/insurables", { config: can("list"), schema: { querystring: listQuery } }, async (request, reply) => {
    const { scope } = requireCaller(request);
    const q = request.query as QueryObject;
    return sendList(reply, await listInsurables(app.db, scope, { sort: q.sort, pagination: q.pagination, filter: q.filter }));
  });

  app.post("/insurables_index", { config: can("list"), schema: { body: listBody } }, async (request, reply) => {
    const { scope } = requireCaller(request);
    const b = request.body as QueryObject;
    return sendList(reply, await listInsurables(app.db, scope, { sort: b.sort, pagination: b.pagination, filter: b.filter }));
  });

  // The unprefixed list answers {data, meta} (reference section 2.3).
  app.post("/insurables/list", { config: can("list"), schema: { body: listBody } }, async (request) => {
    const { scope } = requireCaller(request);
    const b = request.body as QueryObject;
    return listEnvelope(await listInsurables(app.db, scope, { sort: b.sort, pagination: b.pagination, filter: b.filter }));
  });

  app.get("/insurables/search", { config: can("list"), schema: { querystring: z.object({ query: text(SEARCH_MAX).default("") }).catchall(jsonValue) } }, async (request) => {
    const { scope } = requireCaller(request);
    return searchInsurables(app.db, scope, request.query.query);
  });

  app.post("/insurables", { config: can("create"), schema: { body: z.object({ insurable: insurableFields.extend({ title: requiredText(TEXT), insurable_type_id: id }) }) } }, async (request, reply) => {
    const caller = requireCaller(request);
    reply.code(201);
    return createInsurable(app.db, caller.scope, request.body.insurable, staffAuthor(caller.user));
  });

  app.post(
    "/insurables/bulk_create",
    {
      config: can("create"),
      schema: {
        body: z.object({
          insurables: z.object({
            common_attributes: z
              .object({
                account_id: id.nullable().optional(),
                agency_id: id.nullable().optional(),
                insurable_type_id: id,
                insurable_id: id.nullable().optional(),
                enabled: z.boolean().optional(),
                category: z.enum(["property", "entity"]).optional(),
              })
              .strip(),
            ranges: z.array(text(SHORT_TEXT)).min(1, MESSAGES.tooFew(1)).max(200),
          }),
        }),
      },
    },
    async (request) => {
      const caller = requireCaller(request);
      return bulkCreate(app.db, caller.scope, request.body.insurables, staffAuthor(caller.user));
    },
  );

  app.get("/insurables/:id", { config: can("show"), schema: { params: idParams } }, async (request) => {
    const { scope } = requireCaller(request);
    return showInsurable(app.db, scope, request.params.id);
  });

  for (const method of ["put", "patch"] as const) {
    app[method]("/insurables/:id", { config: can("edit"), schema: { params: idParams, body: z.object({ insurable: insurableFields }) } }, async (request) => {
      const caller = requireCaller(request);
      return updateInsurable(app.db, caller.scope, request.params.id, request.body.insurable, staffAuthor(caller.user));
    });
  }

  app.post(
    "/insurables/:id/policies_index",
    { config: can("show"), schema: { params: idParams, body: z.object({ pagination: z.object({ page: id.optional(), per: id.optional() }).strip().optional() }).catchall(jsonValue).default({}) } },
    async (request, reply) => {
      const { scope } = requireCaller(request);
      const page = request.body.pagination?.page ?? 1;
      const per = Math.min(request.body.pagination?.per ?? 20, 1000);
      const result = await insurablePolicies(app.db, scope, request.params.id, page, per);
      return sendList(reply, { ...result, capped: false });
    },
  );

  app.get("/insurables/:id/coverage", { config: can("show"), schema: { params: idParams } }, async (request) => {
    const { scope } = requireCaller(request);
    return coverage(app.db, scope, request.params.id);
  });

  app.get("/insurables/:id/residents", { config: can("show"), schema: { params: idParams } }, async (request) => {
    const { scope } = requireCaller(request);
    return residents(app.db, scope, request.params.id);
  });

  app.get("/insurables/:id/insurable-rates", { config: can("show"), schema: { params: idParams } }, async (request) => {
    const { scope } = requireCaller(request);
    return listRates(app.db, scope, request.params.id);
  });

  // A state-changing GET as the spec lists it (readings C-36).
  app.get("/insurables/:id/refresh-rates", { config: can("edit"), schema: { params: idParams } }, async (request, reply) => {
    const { scope } = requireCaller(request);
    reply.header("cache-control", "no-store");
    return refreshRates(app.db, scope, request.params.id);
  });

  app.put(
    "/insurables/:id/insurable-rates/:rateId",
    {
      config: can("edit"),
      schema: {
        params: z.object({ id, rateId: id }),
        body: z.object({
          insurable_rate: z
            .object({
              enabled: z.boolean(),
              mandatory: z.boolean(),
              premium: cents.refine((v) => v <= MAX_CENTS),
              interval: z.enum(RATE_INTERVALS, { error: MESSAGES.notInList }),
              title: requiredText(TEXT),
            })
            .partial()
            .strip(),
        }),
      },
    },
    async (request) => {
      const caller = requireCaller(request);
      return updateRate(app.db, caller.scope, request.params.id, request.params.rateId, request.body.insurable_rate, staffAuthor(caller.user));
    },
  );

  // Add a Property, upload a file (reference section 4.12): stored, then imported by a background job; the answer
  // names the import the console polls for progress, and the result is mailed.
  app.post(
    "/insurables/insurables/upload",
    {
      config: can("create"),
      schema: { body: z.object({ file: z.string().meta({ format: "binary", description: "CSV or XLSX, at most 20 MB" }) }).meta({ "x-multipart": true }), consumes: ["multipart/form-data"] },
    },
    async (request, reply) => {
      const caller = requireCaller(request);
      if (!request.isMultipart()) throw new ValidationError({ file: "Send the file as multipart/form-data" });
      let stored: { key: string; name: string } | undefined;
      for await (const part of formParts(request)) {
        if (part.type !== "file" || stored) continue;
        const file = await app.files.put("insurable-imports", part.file, { maxBytes: MAX_IMPORT_BYTES });
        stored = { key: file.key, name: cleanFileName(part.filename, "properties.csv") };
      }
      if (!stored) throw new ValidationError({ file: MESSAGES.required("file") });
      const [row] = await app.db
        .insert(insurableImports)
        .values({ kind: "properties", ...(await uploadTenant(app.db, caller.user, caller.scope)), staff_id: caller.user.id, file_name: stored.name, storage_key: stored.key, scope: caller.scope })
        .returning();
      await app.jobs.send(IMPORT_INSURABLES_JOB, { importId: row.id });
      reply.code(202);
      return { id: row.id, title: "Insurables File Uploaded", message: "The file is being imported; you will get an email with the result." };
    },
  );

  app.get("/insurables/imports/:id", { config: can("create"), schema: { params: idParams } }, async (request) => {
    const caller = requireCaller(request);
    const [row] = await app.db.select().from(insurableImports).where(eq(insurableImports.id, request.params.id));
    if (!row || row.staff_id !== caller.user.id) throw new NotFoundError("Record");
    return {
      id: row.id,
      file_name: row.file_name,
      status: row.status,
      total_rows: row.total_rows,
      processed_rows: row.processed_rows,
      result: row.result,
      error: row.error,
      result_file: Boolean(row.result_key),
    };
  });

  // The result file (issue 16 section 5): every row of the file with its outcome, for the one who sent it.
  app.get("/insurables/imports/:id/result", { config: can("create"), schema: { params: idParams } }, async (request, reply) => {
    const caller = requireCaller(request);
    const [row] = await app.db.select().from(insurableImports).where(eq(insurableImports.id, request.params.id));
    if (!row || row.staff_id !== caller.user.id) throw new NotFoundError("Record");
    if (!row.result_key) throw new ValidationError({ id: "The import has not finished yet" }, "The import has not finished yet");
    return reply
      .header("content-type", "text/csv; charset=utf-8")
      .header("content-disposition", `attachment; filename="property-import-${row.id}-result.csv"`)
      .send(await app.files.open(row.result_key).catch(() => Promise.reject(new NotFoundError({ message: "The result file is no longer available" }))));
  });

  // Insurable Updates (super admins): a CSV of old → new ids or parents, a dry run first, then all rows or none.
  app.post(
    "/insurables/insurable_id_updates",
    {
      config: { access: { resource: "insurable-updates", action: "create" } },
      schema: {
        body: z.object({ file: z.string().meta({ format: "binary", description: "CSV: insurable_id,new_insurable_id,new_parent_id" }), dry_run: z.enum(["true", "false"]).optional() }).meta({ "x-multipart": true }),
        consumes: ["multipart/form-data"],
      },
    },
    async (request) => {
      const caller = requireCaller(request);
      if (!request.isMultipart()) throw new ValidationError({ file: "Send the file as multipart/form-data" });
      let content: string | undefined;
      let fileName: string | undefined;
      let dryRun = true;
      for await (const part of formParts(request)) {
        if (part.type === "file") {
          fileName = part.filename;
          const chunks: Buffer[] = [];
          let size = 0;
          for await (const chunk of part.file) {
            size += chunk.length;
            if (size > 5 * 1024 * 1024) throw new ValidationError({ file: "Max file size is 5 MB" });
            chunks.push(chunk as Buffer);
          }
          content = Buffer.concat(chunks).toString("utf8");
        } else if (part.fieldname === "dry_run") dryRun = part.value !== "false";
      }
      if (!content) throw new ValidationError({ file: MESSAGES.required("file") });
      const text = content;
      const run = async () => {
        const parsed = parseUpdateFile(text);
        const { plan, errors } = await planUpdates(app.db, parsed.rows);
        const all = [...parsed.errors, ...errors].sort((a, b) => a.row - b.row);
        if (all.length) throw new AppError(422, { error: "Bad file", message: "Bad file", content: all });
        if (!dryRun) {
          try {
            await applyUpdates(app.db, plan, staffAuthor(caller.user));
          } catch (error) {
            if (error instanceof TitleClash) throw new AppError(422, { error: "Bad file", message: "Bad file", content: [{ row: 0, message: error.message }] });
            throw error;
          }
        }
        return { dry_run: dryRun, plan };
      };
      // A file applied is among the past uploads (issue 16); a dry run changes nothing and is not.
      return dryRun ? run() : recordedUpload(app, caller, { kind: "insurable_updates", fileName, text, written: "updated" }, run);
    },
  );

  // Address sync and property information through the address provider (the built-in one works without network).
  const addressProvider = localAddressProvider(app.db);
  app.post("/insurables/:id/sync-residential-address", { config: can("edit"), schema: { params: idParams } }, async (request) => {
    const caller = requireCaller(request);
    return syncAddress(app.db, caller.scope, request.params.id, addressProvider, staffAuthor(caller.user));
  });
  app.post("/insurables/:id/get-residential-property-info", { config: can("show"), schema: { params: idParams } }, async (request) => {
    const caller = requireCaller(request);
    return propertyInfo(app.db, caller.scope, request.params.id, addressProvider);
  });
};
