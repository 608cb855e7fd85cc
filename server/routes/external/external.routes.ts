import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ValidationError } from "../../lib/errors";
import { POLICY_NUMBER_MAX, id, idParams, requiredText, trimmed } from "../../lib/input";
import { MESSAGES } from "../../lib/validators";
import { requireCaller } from "../../plugins/auth";
import { loadPolicyDetail, loadPolicyDetailIfVisible } from "../policies/policy-detail";
import { FORM_CONTENT, coverageProofForm, parseCoverageProof, readCoverageProofForm } from "./external-form";
import { REVISION_SUBMITTED, UPDATED, UPLOADED } from "./external-messages";
import { checkNumber, decideExternal, deletePolicyDocument, saveExternalPolicy } from "./external.service";

const reasons = z.array(requiredText()).min(1, "Please select decline reasons").max(50);
// The status the reviewer read: a decision on a proof whose status changed since answers 409 (issue 10).
const expectedStatus = trimmed(40).optional();
const idBody = z.object({ policy: z.object({ id, expected_status: expectedStatus }) });

/**
 * Proofs of coverage (document 2 sections 2, 4, 7; reference section 4.3): upload and update as multipart forms with
 * the certificate files, the number check, accept and decline, and deleting one certificate.
 */
export const externalPolicyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post("/policies/external/upload", { config: { access: { resource: "policies", action: "upload_proof" } }, schema: { body: coverageProofForm(), consumes: FORM_CONTENT } }, async (request, reply) => {
    const caller = requireCaller(request);
    const { fields, files } = await readCoverageProofForm(app, request);
    const input = { ...parseCoverageProof(fields), id: undefined };
    const saved = await saveExternalPolicy(app, caller, input, files);
    reply.code(201);
    return { message: UPLOADED, policy: await loadPolicyDetail(app, caller, saved.id) };
  });

  app.post("/policies/external/update", { config: { access: { resource: "policies", action: "edit" } }, schema: { body: coverageProofForm(), consumes: FORM_CONTENT } }, async (request) => {
    const caller = requireCaller(request);
    const { fields, files } = await readCoverageProofForm(app, request);
    const input = parseCoverageProof(fields);
    if (!input.id) {
      await Promise.all(files.map((f) => app.files.remove(f.key)));
      throw new ValidationError({ id: MESSAGES.required("id") });
    }
    const saved = await saveExternalPolicy(app, caller, input, files);
    return { message: saved.revisionId ? REVISION_SUBMITTED : UPDATED, policy: await loadPolicyDetailIfVisible(app, caller, saved.id) };
  });

  app.post(
    "/policies/external/check",
    { config: { access: { resource: "policies", action: "list" } }, schema: { body: z.object({ policy: z.object({ number: requiredText(POLICY_NUMBER_MAX) }) }) } },
    async (request) => checkNumber(app, requireCaller(request), request.body.policy.number),
  );

  app.post("/policies/external/accept", { config: { access: { resource: "policies", action: "review" } }, schema: { body: idBody } }, async (request) => {
    const caller = requireCaller(request);
    await decideExternal(app, caller, request.body.policy.id, { status: "EXTERNAL_VERIFIED", expectedStatus: request.body.policy.expected_status });
    return { message: "Policy has been accepted", policy: await loadPolicyDetail(app, caller, request.body.policy.id) };
  });

  app.post(
    "/policies/external/decline",
    {
      config: { access: { resource: "policies", action: "review" } },
      schema: {
        body: z.object({
          policy: z.object({
            id,
            status: z.enum(["EXTERNAL_REJECTED", "EXTERNAL_UNVERIFIED", "CANCELLED"]).default("EXTERNAL_REJECTED"),
            system_data: z.object({ rejection_reasons: reasons }),
            expected_status: expectedStatus,
          }),
        }),
      },
    },
    async (request) => {
      const caller = requireCaller(request);
      const { id, status, system_data, expected_status } = request.body.policy;
      await decideExternal(app, caller, id, { status, reasons: system_data.rejection_reasons, expectedStatus: expected_status });
      return { message: "Policy has been declined", policy: await loadPolicyDetailIfVisible(app, caller, id) };
    },
  );

  app.delete(
    "/policies/:id/delete_policy_document",
    {
      config: { access: { resource: "policies", action: "edit" } },
      schema: { params: idParams, body: z.object({ document_id: id }) },
    },
    async (request) => {
      await deletePolicyDocument(app, requireCaller(request), request.params.id, request.body.document_id);
      return { message: "File successfully deleted!" };
    },
  );
};
