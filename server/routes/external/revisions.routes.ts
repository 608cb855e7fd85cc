import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { documentJson, documentsOf } from "../../files/documents";
import { DECLINE_EXPIRED_JOB, type DeclineExpiredParams } from "../../jobs/decline-expired-proofs";
import { ValidationError } from "../../lib/errors";
import { date, id, jsonValue, requiredText } from "../../lib/input";
import type { QueryObject } from "../../lib/query-string";
import { MESSAGES } from "../../lib/validators";
import { type Caller, requireCaller } from "../../plugins/auth";
import { loadPolicyDetailIfVisible } from "../policies/policy-detail";
import { FORM_CONTENT, coverageProofForm, parseCoverageProof, readCoverageProofForm, validateCoverageProof } from "./external-form";
import { compareProofs, loadFormData, unitLocation } from "./form-data";
import { approveRevision, closeRevision, editRevision, findRevision, overlayProof } from "./revisions.service";

const reasons = z.array(requiredText()).min(1, "Please select decline reasons").max(50);
// The revision version the reviewer read (issue 10): pending updates decided or rewritten since answer 409.
const version = z.string().trim().regex(/^\d{1,20}$/, "is not a version").optional();
const ids = z.object({ id, revId: z.union([z.literal("latest"), id]) });
const review = { access: { resource: "policies", action: "review" } };

export const REVISION_APPROVED = "Updates have been approved";
export const REVISION_DECLINED = "Updates have been declined";
export const REVISION_ARCHIVED = "Updates have been archived";
export const REVISION_EDITED = "Updates have been saved";
export const DECLINATION_SCHEDULED = "Declination job has been scheduled";

/**
 * Pending revisions of verified proofs (document 2 sections 4 and 7, issue 4 part 2): read with what they would
 * change, approve (optionally rejecting the policy), decline or archive with reasons, edit before deciding; the
 * `updates/*` calls act on the policy's pending revision; and the declination job for expired proofs.
 */
export const revisionRoutes: FastifyPluginAsyncZod = async (app) => {
  /** A revision with what it would change, where its unit sits (for the form's location chain) and its certificates. */
  async function revisionJson(policyId: number, revisionId: number | "latest", caller: Caller) {
    const revision = await findRevision(app.db, caller, policyId, revisionId);
    const current = await loadFormData(app.db, caller, policyId);
    const docs = await documentsOf(app.db, { type: "PolicyRevision", id: revision.id });
    return {
      ...revision,
      diff: await compareProofs(app.db, current, revision.changes),
      location: await unitLocation(app.db, revision.changes.policy_insurables_attributes?.[0]?.insurable_id),
      documents: docs.map((d) => documentJson(d, app.env.FILES_SECRET)),
    };
  }

  app.get("/policies/:id/policy_revisions/:revId", { config: review, schema: { params: ids } }, async (request) =>
    revisionJson(request.params.id, request.params.revId, requireCaller(request)),
  );

  app.post(
    "/policies/:id/policy_revisions/:revId/approve",
    {
      config: review,
      schema: {
        params: ids,
        body: z
          .object({ override_policy_status: z.enum(["rejected"]).optional(), system_data: z.object({ rejection_reasons: reasons }).optional(), version })
          .refine((b) => !b.override_policy_status || b.system_data, { message: "Please select decline reasons", path: ["rejection_reasons"] })
          .default({}),
      },
    },
    async (request) => {
      const caller = requireCaller(request);
      const { override_policy_status, system_data, version: expectedVersion } = request.body;
      await approveRevision(app, caller, request.params.id, request.params.revId, { rejectWith: override_policy_status ? system_data?.rejection_reasons : undefined, expectedVersion });
      return { message: REVISION_APPROVED, policy: await loadPolicyDetailIfVisible(app, caller, request.params.id) };
    },
  );

  app.post(
    "/policies/:id/policy_revisions/:revId/decline",
    { config: review, schema: { params: ids, body: z.object({ system_data: z.object({ rejection_reasons: reasons }), archive: z.boolean().default(false), version }) } },
    async (request) => {
      const caller = requireCaller(request);
      const revision = await findRevision(app.db, caller, request.params.id, request.params.revId);
      const outcome = request.body.archive ? "archived" : "declined";
      await closeRevision(app, caller, revision, outcome, request.body.system_data.rejection_reasons, request.body.version);
      return { message: outcome === "archived" ? REVISION_ARCHIVED : REVISION_DECLINED, policy: await loadPolicyDetailIfVisible(app, caller, request.params.id) };
    },
  );

  // JSON `{policy_revision: {…}}`, or the coverage-proof form itself (multipart `policy[…]` with new certificates).
  app.patch("/policies/:id/policy_revisions/:revId", { config: review, schema: { params: ids, body: coverageProofForm("policy_revision"), consumes: FORM_CONTENT } }, async (request) => {
    const caller = requireCaller(request);
    const { fields, files } = await readCoverageProofForm(app, request);
    try {
      const revision = await findRevision(app.db, caller, request.params.id, request.params.revId);
      const given = (fields.policy_revision ?? fields.policy) as QueryObject | undefined;
      if (!given || typeof given !== "object") throw new ValidationError({ policy_revision: MESSAGES.required("policy revision") });
      const { version: givenVersion, ...changes } = given;
      const expectedVersion = version.safeParse(typeof givenVersion === "string" ? givenVersion : undefined);
      if (!expectedVersion.success) throw new ValidationError({ version: "is not a version" });
      const input = parseCoverageProof({ policy: { ...overlayProof(revision.changes as unknown as QueryObject, changes), id: String(revision.policy_id) } });
      const errors = validateCoverageProof(input, { requireAddress: true });
      if (Object.keys(errors).length) throw new ValidationError(errors);
      await editRevision(app, caller, revision, input, files, expectedVersion.data);
      return { message: REVISION_EDITED, ...(await revisionJson(revision.policy_id, revision.id, caller)) };
    } catch (error) {
      await Promise.all(files.map((f) => app.files.remove(f.key)));
      throw error;
    }
  });

  // `updates/*` act on the policy's pending revision; the console names the one it read and its version.
  const readRevision = { revision_id: id.optional(), version };
  const policyBody = z.object({ policy: z.object({ id, ...readRevision }).catchall(jsonValue) });

  // Accept the pending updates; with status EXTERNAL_REJECTED and reasons, accept them but decline the policy.
  app.post(
    "/policies/updates/accept",
    {
      config: review,
      schema: {
        body: z.object({
          policy: z.object({
            id,
            status: z.enum(["EXTERNAL_VERIFIED", "EXTERNAL_REJECTED"]).default("EXTERNAL_VERIFIED"),
            system_data: z.object({ rejection_reasons: z.array(requiredText()).max(50).optional() }).default({}),
            ...readRevision,
          }),
        }),
      },
    },
    async (request) => {
      const caller = requireCaller(request);
      const { id, status, system_data, revision_id, version: expectedVersion } = request.body.policy;
      if (status === "EXTERNAL_REJECTED" && !system_data.rejection_reasons?.length) {
        throw new ValidationError({ rejection_reasons: "Please select decline reasons" }, "Please select decline reasons");
      }
      await approveRevision(app, caller, id, revision_id ?? "latest", { rejectWith: status === "EXTERNAL_REJECTED" ? system_data.rejection_reasons : undefined, expectedVersion });
      return { message: REVISION_APPROVED, policy: await loadPolicyDetailIfVisible(app, caller, id) };
    },
  );

  app.post(
    "/policies/updates/decline",
    { config: review, schema: { body: z.object({ policy: z.object({ id, system_data: z.object({ rejection_reasons: reasons }), ...readRevision }) }) } },
    async (request) => {
      const caller = requireCaller(request);
      const { id, system_data, revision_id, version: expectedVersion } = request.body.policy;
      const revision = await findRevision(app.db, caller, id, revision_id ?? "latest");
      await closeRevision(app, caller, revision, "declined", system_data.rejection_reasons, expectedVersion);
      return { message: REVISION_DECLINED, policy: await loadPolicyDetailIfVisible(app, caller, id) };
    },
  );

  // Adjust the updates: the reviewer's corrections laid over the submitted fields, then applied.
  app.post("/policies/updates/adjust", { config: review, schema: { body: policyBody } }, async (request) => {
    const caller = requireCaller(request);
    const { id, revision_id, version: expectedVersion, ...fields } = request.body.policy;
    await approveRevision(app, caller, id, revision_id ?? "latest", { adjust: fields as QueryObject, expectedVersion });
    return { message: REVISION_APPROVED, policy: await loadPolicyDetailIfVisible(app, caller, id) };
  });

  app.post(
    "/policies/schedule_declination_job",
    { config: review, schema: { body: z.object({ before: date.optional() }).default({}) } },
    async (request, reply) => {
      const caller = requireCaller(request);
      const params: DeclineExpiredParams = {
        before: request.body.before ?? new Date().toISOString().slice(0, 10),
        requestedBy: { id: caller.user.id, name: caller.user.profile_attributes.full_name || caller.user.email },
      };
      await app.jobs.send(DECLINE_EXPIRED_JOB, params);
      reply.code(202);
      return { message: DECLINATION_SCHEDULED };
    },
  );
};
