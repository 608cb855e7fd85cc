import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { todayIn } from "../../compliance/timeline";
import { formParts } from "../../files/multipart";
import { PDF_OR_IMAGE, storeCheckedUpload } from "../../files/uploads";
import { ValidationError } from "../../lib/errors";
import { POLICY_NUMBER_MAX, TEXT, cents, cleanFileName, date, isSafeText, requiredText } from "../../lib/input";
import { parseInput } from "../../lib/input-errors";
import { MESSAGES } from "../../lib/validators";
import { CERTIFICATE_MAX_MB, type UploadedFile } from "../external/external-form";
import { checkResidentProof, countUploadCall, describeLink, openLink, submitResidentProof } from "./upload-links.service";

const tokenParams = z.object({ token: z.string().min(1).max(400) });

const FIELDS = ["carrier", "policy_number", "effective_date", "expiration_date", "liability_limit"] as const;
const proofFields = z.object({
  carrier: requiredText(TEXT),
  policy_number: requiredText(POLICY_NUMBER_MAX),
  effective_date: date,
  expiration_date: date,
  liability_limit: cents,
});

/** The resident's form as the route declares it (OpenAPI, fuzzing); the handler reads it part by part. */
const proofForm = z
  .object({
    carrier: z.string().max(TEXT),
    policy_number: z.string().max(POLICY_NUMBER_MAX),
    effective_date: z.string().max(10).meta({ format: "date" }),
    expiration_date: z.string().max(10).meta({ format: "date" }),
    liability_limit: z.string().max(15).meta({ description: "the liability limit in integer cents" }),
    file: z.string().meta({ format: "binary", description: `the declarations page: pdf or image, at most ${CERTIFICATE_MAX_MB} MB` }),
  })
  .meta({ "x-multipart": true });

/**
 * The resident upload page's calls (issue 17 section 2), public: the signed token in the path is the only authority,
 * and it opens one resident's link and nothing else. `GET` tells the page whom and what the link is for; `POST` sends
 * the proof (multipart: the policy facts and one certificate). Refused links answer 404 (not a link) or 410 (expired,
 * already used) with a code the page words; every call counts against the caller's address.
 */
export const uploadLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/upload_links/:token", { schema: { params: tokenParams } }, async (request) => {
    await countUploadCall(app.db, request.ip, app.env.SIGN_IN_WINDOW);
    const link = await openLink(app.db, app.env.FILES_SECRET, request.params.token, request.ip);
    return describeLink(app, link);
  });

  app.post("/upload_links/:token", { schema: { params: tokenParams, body: proofForm, consumes: ["multipart/form-data", "application/json"] } }, async (request, reply) => {
    await countUploadCall(app.db, request.ip, app.env.SIGN_IN_WINDOW);
    const { token } = request.params;
    // A refused link is said before any file is stored.
    await openLink(app.db, app.env.FILES_SECRET, token, request.ip);
    const fields: Record<string, string> = Object.create(null);
    const files: UploadedFile[] = [];
    // Once the proof is handed to the service, the service removes the stored file if it refuses it.
    let handedOver = false;
    try {
      if (request.isMultipart()) {
        for await (const part of formParts(request)) {
          if (part.type === "file") {
            if (part.fieldname !== "file" || files.length > 0) {
              part.file.resume();
              throw new ValidationError({ file: "Please attach one file" });
            }
            const stored = await storeCheckedUpload(app.files, { type: "Policy" }, part.file, { field: "file", allowed: PDF_OR_IMAGE, maxMb: CERTIFICATE_MAX_MB });
            files.push({ ...stored, filename: cleanFileName(part.filename) });
          } else if ((FIELDS as readonly string[]).includes(part.fieldname)) {
            const value = String(part.value ?? "");
            if (!isSafeText(value)) throw new ValidationError({ [part.fieldname]: MESSAGES.unsafeText });
            fields[part.fieldname] = value;
          }
          // Any other field is ignored: never read into an object's prototype, never obeyed.
        }
      } else if (request.body && typeof request.body === "object" && !Array.isArray(request.body)) {
        for (const key of FIELDS) {
          const value = (request.body as Record<string, unknown>)[key];
          if (Object.hasOwn(request.body, key) && value !== undefined && value !== null) fields[key] = typeof value === "string" ? value : String(value);
        }
      }
      const trimmed = Object.fromEntries(FIELDS.map((key) => [key, fields[key]?.trim() || undefined]));
      // Every field's message at once, the file's included, so the page can mark them all in one go.
      let input: z.output<typeof proofFields>;
      try {
        input = parseInput(proofFields, trimmed);
      } catch (error) {
        if (error instanceof ValidationError && files.length === 0) {
          const body = error.body as { errors: Record<string, string> };
          throw new ValidationError({ ...body.errors, file: "Please attach the declarations page (PDF or image)" });
        }
        throw error;
      }
      const today = todayIn(new Date());
      const errors = checkResidentProof(input, files, today);
      if (Object.keys(errors).length) throw new ValidationError(errors);
      handedOver = true;
      const answer = await submitResidentProof(app, token, request.ip, input, files, today);
      reply.code(201);
      return answer;
    } catch (error) {
      if (!handedOver) await Promise.all(files.map((f) => app.files.remove(f.key)));
      throw error;
    }
  });
};
