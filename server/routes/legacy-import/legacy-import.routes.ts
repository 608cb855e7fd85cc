import { sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ForbiddenError, NotFoundError, ValidationError } from "../../lib/errors";
import { URL_MAX, id, idParams, text } from "../../lib/input";
import { queryRows } from "../../lib/list";
import { agencyTree } from "../../lib/scope";
import { requireCaller } from "../../plugins/auth";
import { LEGACY_IMPORT_JOB, findLegacyImport, presentLegacyImport, startLegacyImport } from "./legacy-import.service";

/** Spec texts (document 2 section 5, Legacy import). */
export const LEGACY_MESSAGES = {
  integration: "Integration selection is required",
  fileUrl: "File URL is required",
  // A policies-area form: the short required text (document 2 section 5 "Generic messages"; readings C-18).
  agency: "This field is required",
  account: "This field is required",
};

const body = z.object({
  integration_id: id.optional().nullable(),
  account_id: id.optional().nullable(),
  agency_id: id.optional().nullable(),
  file_url: text(URL_MAX).optional().nullable(),
});

const access = { access: { resource: "policy-import", action: "create" as const } };

/**
 * The legacy import (document 2, Legacy import; readings C-03 and C-04): staff, agents and super admins start it by
 * `POST /policies/import_legacy_policies` (the console calls the `/public/…` path its prefix rule exempts; both
 * answer) and poll the import it answers until the job has finished.
 */
export const legacyImportRoutes: FastifyPluginAsyncZod = async (app) => {
  const start = async (request: { body: z.infer<typeof body> }, caller: ReturnType<typeof requireCaller>) => {
    const input = request.body;
    const errors: Record<string, string> = {};
    if (!input.integration_id) errors.integration_id = LEGACY_MESSAGES.integration;
    if (!input.file_url?.trim()) errors.file_url = LEGACY_MESSAGES.fileUrl;
    // Super admins name the agency and the account (document 2 section 5); others work within their own scope.
    if (caller.user.role === "super_admin") {
      if (!input.agency_id) errors.agency_id = LEGACY_MESSAGES.agency;
      if (!input.account_id) errors.account_id = LEGACY_MESSAGES.account;
    }
    if (Object.keys(errors).length) throw new ValidationError(errors, Object.values(errors)[0]);
    if (input.agency_id && input.account_id) {
      const [account] = await queryRows<{ agency_id: number }>(app.db, sql`SELECT agency_id FROM accounts WHERE id = ${input.account_id}`);
      if (!account || account.agency_id !== input.agency_id) throw new ValidationError({ account_id: "The account is not one of the agency's accounts" }, "The account is not one of the agency's accounts");
    }
    const env = app.env;
    const row = await startLegacyImport(
      {
        db: app.db,
        files: app.files,
        fetch: { allowHttp: env.IMPORT_FETCH_ALLOW_HTTP, allowHosts: env.IMPORT_FETCH_ALLOW_HOSTS },
        send: (importId) => app.jobs.send(LEGACY_IMPORT_JOB, { importId }),
      },
      { scope: caller.scope, staffId: caller.user.id },
      { integration_id: input.integration_id!, account_id: input.account_id ?? undefined, file_url: input.file_url!.trim() },
    );
    return presentLegacyImport(row);
  };

  // agency_id names a tenant: one that is not the caller's is a 403 before anything else is looked at (DESIGN.md
  // section 3, Scope), whichever way the body is filled.
  const agencyCheck = async (request: { body: unknown; caller: ReturnType<typeof requireCaller> | null }) => {
    const caller = request.caller;
    const raw = request.body && typeof request.body === "object" ? (request.body as Record<string, unknown>).agency_id : undefined;
    if (!caller || raw === undefined || raw === null || raw === "" || caller.user.role === "super_admin") return;
    const parsed = id.safeParse(raw);
    const agencyId = parsed.success ? parsed.data : undefined;
    if (caller.user.role === "agent") {
      const tree = await agencyTree(app.db, caller.user.organizable_id!);
      if (agencyId === undefined || !tree.includes(agencyId)) throw new ForbiddenError("agency_id is not one of your agencies");
    } else if (caller.user.role === "staff") {
      const [own] = await queryRows<{ agency_id: number }>(app.db, sql`SELECT agency_id FROM accounts WHERE id = ${caller.user.organizable_id}`);
      if (agencyId === undefined || own?.agency_id !== agencyId) throw new ForbiddenError("agency_id is not one of your agencies");
    }
  };

  for (const path of ["/policies/import_legacy_policies", "/public/policies/import_legacy_policies"]) {
    app.post(path, { config: access, preValidation: agencyCheck, schema: { body } }, async (request, reply) => {
      const result = await start(request, requireCaller(request));
      reply.code(202);
      return result;
    });
  }

  app.get("/policies/legacy_imports/:id", { config: access, schema: { params: idParams } }, async (request) => {
    const caller = requireCaller(request);
    return presentLegacyImport(await findLegacyImport(app.db, { scope: caller.scope, staffId: caller.user.id }, request.params.id));
  });

  // The per-row result file (row, policy number, created | skipped | error, policy id, message).
  app.get("/policies/legacy_imports/:id/result", { config: access, schema: { params: idParams } }, async (request, reply) => {
    const caller = requireCaller(request);
    const row = await findLegacyImport(app.db, { scope: caller.scope, staffId: caller.user.id }, request.params.id);
    if (!row.result_key) throw new ValidationError({ id: "The import has not finished yet" }, "The import has not finished yet");
    return reply
      .header("content-type", "text/csv; charset=utf-8")
      .header("content-disposition", `attachment; filename="legacy-import-${row.id}-result.csv"`)
      .send(await app.files.open(row.result_key).catch(() => Promise.reject(new NotFoundError({ message: "The result file is no longer available" }))));
  });
};
