import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { formParts } from "../../files/multipart";
import { EMAIL_MAX, TEXT, date, id, idParams, isTimestamp, text } from "../../lib/input";
import { sendList } from "../../lib/list";
import { filterTypes, listInput } from "../../lib/list-input";
import type { QueryObject } from "../../lib/query-string";
import { ValidationError } from "../../lib/errors";
import { staffAuthor } from "../../lib/history";
import { MESSAGES } from "../../lib/validators";
import { requireCaller } from "../../plugins/auth";
import { recordedUpload } from "../csv-imports/csv-imports.service";
import { leaseListSpec } from "./leases.list";
import { bulkCreateLeases, createLease, deleteLease, listLeases, showLease, updateLease } from "./leases.service";

/** A lease file is text: 5 MB holds far more than the 5,000 rows one import takes. */
const MAX_FILE_BYTES = 5 * 1024 * 1024;

const timestamp = text(40).refine(isTimestamp, MESSAGES.date).nullable().optional();
const tenant = z
  .object({
    primary: z.boolean().optional(),
    lessee: z.boolean().optional(),
    moved_in_at: timestamp,
    moved_out_at: timestamp,
    user: z
      .object({
        id: id.optional(),
        email: text(EMAIL_MAX).optional(),
        profile_attributes: z.object({ first_name: text(TEXT).optional(), last_name: text(TEXT).optional(), birth_date: date.nullable().optional() }).strip().optional(),
      })
      .strip(),
  })
  .strip();
const leaseFields = z
  .object({
    insurable_id: id,
    start_date: date,
    end_date: date.nullable(),
    sign_date: date.nullable(),
    month_to_month: z.boolean(),
    lease_type_id: z.union([z.literal(1), z.literal(2)], { error: MESSAGES.notInList }),
    excluded_from_compliance: z.boolean(),
  })
  .partial()
  .strip();

/** Leases (document 3 section 7; reference sections 3.4 and 4.12). */
export const leaseRoutes: FastifyPluginAsyncZod = async (app) => {
  const can = (action: string) => ({ access: { resource: "leases", action } });

  app.get("/leases", { config: can("list"), schema: { querystring: listInput(filterTypes(leaseListSpec)) } }, async (request, reply) => {
    const { scope } = requireCaller(request);
    const q = request.query as QueryObject;
    return sendList(reply, await listLeases(app.db, scope, { sort: q.sort, pagination: q.pagination, filter: q.filter }));
  });

  app.post(
    "/leases",
    { config: can("create"), schema: { body: z.object({ lease: leaseFields.extend({ insurable_id: id, start_date: date }), users: z.array(tenant).max(20).default([]) }) } },
    async (request, reply) => {
      const caller = requireCaller(request);
      reply.code(201);
      return createLease(app.db, caller.scope, request.body.lease, request.body.users, staffAuthor(caller.user), app.mailer);
    },
  );

  // Multipart: `file` (CSV) and `leases[community_insurable_id]` (agents also send `leases[account_id]`, read from the community).
  app.post(
    "/leases/bulk_create",
    {
      config: can("create"),
      schema: {
        body: z
          .object({ file: z.string().meta({ format: "binary", description: "CSV, at most 5 MB" }), leases: z.object({ community_insurable_id: id, account_id: id.optional() }) })
          .meta({ "x-multipart": true }),
        consumes: ["multipart/form-data"],
      },
    },
    async (request, reply) => {
      const caller = requireCaller(request);
      if (!request.isMultipart()) throw new ValidationError({ file: "Send the file as multipart/form-data" });
      let communityId: number | undefined;
      let content: string | undefined;
      let fileName: string | undefined;
      for await (const part of formParts(request)) {
        if (part.type === "file") {
          fileName = part.filename;
          const chunks: Buffer[] = [];
          let size = 0;
          for await (const chunk of part.file) {
            size += chunk.length;
            if (size > MAX_FILE_BYTES) throw new ValidationError({ file: "Max file size is 5 MB" });
            chunks.push(chunk as Buffer);
          }
          content = Buffer.concat(chunks).toString("utf8");
        } else if (part.fieldname === "leases[community_insurable_id]") {
          const parsed = id.safeParse(part.value);
          if (!parsed.success) throw new ValidationError({ "leases.community_insurable_id": MESSAGES.id });
          communityId = parsed.data;
        }
      }
      if (!content) throw new ValidationError({ file: MESSAGES.required("file") });
      if (!communityId) throw new ValidationError({ "leases.community_insurable_id": MESSAGES.required("community") });
      const text = content;
      await recordedUpload(app, caller, { kind: "leases", fileName, text, communityId }, () => bulkCreateLeases(app.db, caller.scope, communityId, text, staffAuthor(caller.user), app.mailer));
      return reply.code(204).send();
    },
  );

  app.get("/leases/:id", { config: can("show"), schema: { params: idParams } }, async (request) => {
    const { scope } = requireCaller(request);
    return showLease(app.db, scope, request.params.id);
  });

  app.put(
    "/leases/:id",
    { config: can("edit"), schema: { params: idParams, body: z.object({ lease: leaseFields, users: z.array(tenant).max(20).optional() }) } },
    async (request) => {
      const caller = requireCaller(request);
      return updateLease(app.db, caller.scope, request.params.id, request.body.lease, request.body.users, staffAuthor(caller.user), app.mailer);
    },
  );

  app.delete("/leases/:id", { config: can("delete"), schema: { params: idParams } }, async (request) => {
    const caller = requireCaller(request);
    return deleteLease(app.db, caller.scope, request.params.id, staffAuthor(caller.user));
  });
};


