import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { idParams } from "../../lib/input";
import { requireCaller } from "../../plugins/auth";
import { loadPolicyDetail } from "../policies/policy-detail";
import { FORM_CONTENT, coverageProofForm, parseCoverageProof, readCoverageProofForm } from "./external-form";
import { REVISION_SUBMITTED, UPDATED, UPLOADED } from "./external-messages";
import { saveExternalPolicy } from "./external.service";
import { loadFormData } from "./form-data";


/**
 * The review form's own calls (document 1 section 7: `/api/policy/submit` and `/api/policy/{id}/form-data`; readings
 * C-15): thin aliases over the coverage-proof service, so a proof saved here is the same as one saved from the upload
 * page. The form data is the shape the form submits (document 2 section 7), multipart with certificates or JSON.
 */
export const policyFormRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post("/policy/submit", { config: { access: { resource: "policies", action: "upload_proof" } }, schema: { body: coverageProofForm(), consumes: FORM_CONTENT } }, async (request, reply) => {
    const caller = requireCaller(request);
    const { fields, files } = await readCoverageProofForm(app, request);
    const saved = await saveExternalPolicy(app, caller, { ...parseCoverageProof(fields), id: undefined }, files);
    reply.code(201);
    return { message: UPLOADED, policy: await loadPolicyDetail(app, caller, saved.id) };
  });

  app.get("/policy/:id/form-data", { config: { access: { resource: "policies", action: "show" } }, schema: { params: idParams } }, async (request) => ({
    policy: await loadFormData(app.db, requireCaller(request), request.params.id),
  }));

  app.put("/policy/:id/form-data", { config: { access: { resource: "policies", action: "edit" } }, schema: { params: idParams, body: coverageProofForm(), consumes: FORM_CONTENT } }, async (request) => {
    const caller = requireCaller(request);
    const { fields, files } = await readCoverageProofForm(app, request);
    const saved = await saveExternalPolicy(app, caller, { ...parseCoverageProof(fields), id: request.params.id }, files);
    return { message: saved.revisionId ? REVISION_SUBMITTED : UPDATED, policy: await loadPolicyDetail(app, caller, saved.id) };
  });
};
