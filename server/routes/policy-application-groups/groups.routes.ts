import type { FastifyInstance, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { formParts } from "../../files/multipart";
import { ValidationError } from "../../lib/errors";
import { type Author, staffAuthor } from "../../lib/history";
import { cleanFileName, date, flag, id, idParams, isSafeText } from "../../lib/input";
import { parseInput } from "../../lib/input-errors";
import { sendList } from "../../lib/list";
import { filterTypes, listInput } from "../../lib/list-input";
import { parseBracketQueryStrict, type QueryObject } from "../../lib/query-string";
import { MESSAGES } from "../../lib/validators";
import { requireCaller } from "../../plugins/auth";
import { ACCEPT_JOB, GROUP_ROW_JOB, acceptGroup, createGroup, deleteGroup, groupListSpec, listGroups, showGroup, rowJobs, storeSheet, updateGroup, type Upload } from "./groups.service";
import { sampleSheet } from "./sheet";

const access = (action: string) => ({ access: { resource: "policy-application-groups", action } });

/** The form's fields (document 2 section 7): the four common attributes and, for agents and super admins, the account. */
const commonAttributes = z.object({
  effective_date: date,
  // Always one year after the effective date (document 2 section 5); a value sent is checked as a date, then replaced.
  expiration_date: date.optional(),
  auto_pay: flag,
  auto_renew: flag,
});
const groupFields = z.object({
  policy_application_group: z
    .object({
      common_attributes: commonAttributes,
      account_id: id.optional(),
    })
    .strict(),
});

const form = (fileRequired: boolean) =>
  z
    .object({
      input_file: fileRequired
        ? z.string().meta({ format: "binary", description: "xlsx, at most 100 MB" })
        : z.string().optional().meta({ format: "binary", description: "xlsx, at most 100 MB (optional on edit)" }),
      policy_application_group: z.object({ common_attributes: commonAttributes, account_id: id.optional() }),
    })
    .meta({ "x-multipart": true });

/**
 * Reads the multipart form part by part: the sheet is streamed into the store as it arrives (checked by content,
 * 100 MB), the bracketed fields parsed into one object. A refused form leaves no file behind.
 */
async function readGroupForm(app: FastifyInstance, request: FastifyRequest, fileRequired: boolean): Promise<{ fields: z.infer<typeof groupFields>; upload?: Upload }> {
  if (!request.isMultipart()) throw new ValidationError({ input_file: "Send the sheet as multipart/form-data" });
  const pairs: string[] = [];
  let upload: Upload | undefined;
  try {
    for await (const part of formParts(request)) {
      if (part.type === "file") {
        if (part.fieldname !== "input_file" || upload) {
          part.file.resume();
          continue;
        }
        const stored = await storeSheet(app.files, part.file);
        upload = { key: stored.key, fileName: cleanFileName(part.filename, "import.xlsx") };
      } else {
        const value = String(part.value ?? "");
        if (!isSafeText(part.fieldname.replaceAll("\u0000", "")) || !isSafeText(value.replaceAll("\u0000", ""))) throw new ValidationError({ form: MESSAGES.unsafeText });
        pairs.push(`${encodeURIComponent(part.fieldname)}=${encodeURIComponent(value)}`);
      }
    }
    if (fileRequired && !upload) throw new ValidationError({ input_file: "This field is required" }, "This field is required");
    const fields = parseInput(groupFields, parseBracketQueryStrict(pairs.join("&")));
    return { fields, upload };
  } catch (error) {
    if (upload) await app.files.remove(upload.key).catch(() => undefined);
    throw error;
  }
}

/**
 * Rent-guarantee mass import (document 2 sections 2, 4 and 7; reference section 4.7): the groups of the caller's
 * scope, upload, show, edit, accept and delete, and the sample sheet.
 */
export const groupRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = {
    db: app.db,
    files: app.files,
    queueRows: async (ids: number[]) => {
      await app.jobs.sendMany(GROUP_ROW_JOB, rowJobs(ids));
    },
  };
  const queueAccept = (groupId: number, author: Author) => app.jobs.send(ACCEPT_JOB, { groupId, author });

  app.get("/policy-application-groups", { config: access("list"), schema: { querystring: listInput(filterTypes(groupListSpec)) } }, async (request, reply) => {
    const q = request.query as QueryObject;
    return sendList(reply, await listGroups(app.db, requireCaller(request).scope, { sort: q.sort, pagination: q.pagination, filter: q.filter }));
  });

  app.get("/policy-application-groups/sample", { config: access("create") }, async (_request, reply) => {
    reply
      .header("content-type", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
      .header("content-disposition", 'attachment; filename="rent-guarantee-sample.xlsx"');
    return sampleSheet(2);
  });

  app.post("/policy-application-groups", { config: access("create"), schema: { body: form(true), consumes: ["multipart/form-data"] } }, async (request) => {
    const caller = requireCaller(request);
    const { fields, upload } = await readGroupForm(app, request, true);
    const group = fields.policy_application_group;
    return createGroup(deps, caller.scope, { common: group.common_attributes, accountId: group.account_id, upload: upload! }, staffAuthor(caller.user));
  });

  app.get("/policy-application-groups/:id", { config: access("show"), schema: { params: idParams } }, async (request) => showGroup(app.db, requireCaller(request).scope, request.params.id));

  app.put("/policy-application-groups/:id", { config: access("edit"), schema: { params: idParams, body: form(false), consumes: ["multipart/form-data"] } }, async (request) => {
    const caller = requireCaller(request);
    // Another tenant's group is a 404 before anything of the form is read.
    await showGroup(app.db, caller.scope, request.params.id);
    const { fields, upload } = await readGroupForm(app, request, false);
    return updateGroup(deps, caller.scope, request.params.id, { common: fields.policy_application_group.common_attributes, upload }, staffAuthor(caller.user));
  });

  app.put("/policy-application-groups/:id/accept", { config: access("accept"), schema: { params: idParams } }, async (request) => {
    const caller = requireCaller(request);
    return acceptGroup({ db: app.db, gateway: app.gateway, queueAccept }, caller.scope, request.params.id, staffAuthor(caller.user));
  });

  app.delete("/policy-application-groups/:id", { config: access("delete"), schema: { params: idParams } }, async (request) => {
    const caller = requireCaller(request);
    return deleteGroup(deps, caller.scope, request.params.id, staffAuthor(caller.user));
  });
};
