import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { COVERAGE_DESIGNATIONS, REVIEW_STATUS_TO_POLICY_STATUS } from "../../../src/domain/policies";
import { formParts } from "../../files/multipart";
import { PDF_OR_IMAGE, storeCheckedUpload, type CheckedUpload } from "../../files/uploads";
import { EMAIL_MAX, POLICY_NUMBER_MAX, SHORT_TEXT, TEXT, cents, cleanFileName, date, id, isSafeText, requiredText, trimmed } from "../../lib/input";
import { ValidationError } from "../../lib/errors";
import { parseInput } from "../../lib/input-errors";
import { parseBracketQueryStrict, type QueryObject, type QueryValue } from "../../lib/query-string";
import { EMAIL_PATTERN, MESSAGES, ZIP_PATTERN, isUsState } from "../../lib/validators";

/** Certificate files: pdf and images, 30 MB (document 2 section 5: "a size parameter of 30"). */
export const CERTIFICATE_MAX_MB = 30;


export interface UploadedFile extends CheckedUpload {
  filename: string;
}

/**
 * Reads the coverage-proof multipart form (document 2 section 7 "Coverage-proof submitted form data"): bracketed
 * fields (`policy[number]`, `policy[policy_users_attributes][0][user_attributes][email]`, …) into one object, and
 * each file streamed into the store as it arrives (checked by content, 30 MB). On any failure the stored files are
 * removed again, so a refused form leaves nothing behind.
 */
export async function readCoverageProofForm(app: FastifyInstance, request: FastifyRequest): Promise<{ fields: QueryObject; files: UploadedFile[] }> {
  const pairs: string[] = [];
  const files: UploadedFile[] = [];
  try {
    if (!request.isMultipart()) {
      // A JSON body (no files) is accepted too: the same shape, nested.
      return { fields: (request.body ?? {}) as QueryObject, files };
    }
    for await (const part of formParts(request)) {
      if (part.type === "file") {
        const stored = await storeCheckedUpload(app.files, { type: "Policy" }, part.file, { field: "documents", allowed: PDF_OR_IMAGE, maxMb: CERTIFICATE_MAX_MB });
        files.push({ ...stored, filename: cleanFileName(part.filename) });
      } else {
        const value = String(part.value ?? "");
        // encodeURIComponent throws on half a surrogate pair (UTF-8 bytes cannot carry one, but be sure); NUL bytes are
        // refused by the form's schema, named like its other fields.
        if (!isSafeText(part.fieldname.replaceAll("\u0000", "")) || !isSafeText(value.replaceAll("\u0000", ""))) throw new ValidationError({ form: MESSAGES.unsafeText });
        pairs.push(`${encodeURIComponent(part.fieldname)}=${encodeURIComponent(value)}`);
      }
    }
    return { fields: parseBracketQueryStrict(pairs.join("&")), files };
  } catch (error) {
    await Promise.all(files.map((f) => app.files.remove(f.key)));
    throw error;
  }
}

/** `{0: a, 1: b}` (bracket indexes) or a list → a list in index order. */
const listOf = (value: unknown): unknown[] => {
  if (Array.isArray(value)) return value;
  if (value && typeof value === "object") return Object.entries(value as Record<string, unknown>).sort(([a], [b]) => Number(a) - Number(b)).map(([, v]) => v);
  return [];
};
const bool = z.preprocess((v) => (v === "true" || v === "1" || v === true ? true : v === "false" || v === "0" || v === false || v === "" ? false : v), z.boolean());
const blankIsNull = (v: unknown) => (v === "" || v === "null" ? null : v);
const field = (max = TEXT) => z.preprocess(blankIsNull, trimmed(max).nullable().optional());
const text = field();
const day = z.preprocess(blankIsNull, date.nullable().optional());
const optionalId = z.preprocess((v) => (v === "" || v === "null" || v === undefined || v === null ? undefined : v), id.optional());

const userShape = z.object({
  id: optionalId,
  primary: bool.optional(),
  spouse: bool.optional(),
  user_attributes: z.object({
    email: trimmed(EMAIL_MAX).default(""),
    profile_attributes: z.object({ first_name: text, last_name: text, middle_name: text, contact_phone: field(SHORT_TEXT) }).partial().default({}),
    address_attributes: z.object({ street_number: field(SHORT_TEXT), street_name: text, street_two: text, city: text, state: field(SHORT_TEXT), zip_code: field(SHORT_TEXT) }).partial().default({}),
  }),
});

const coverageShape = z.object({
  id: optionalId,
  designation: z.enum(COVERAGE_DESIGNATIONS, { message: MESSAGES.notInList }),
  // Cents (the console multiplies by 100, document 2 section 3).
  limit: z.preprocess((v) => (v === "" || v === null ? undefined : v), cents),
  enabled: bool.default(true),
});

export const REVIEW_STATUSES = Object.keys(REVIEW_STATUS_TO_POLICY_STATUS) as Array<keyof typeof REVIEW_STATUS_TO_POLICY_STATUS>;

const policyShape = z.object({
  id: optionalId,
  agency_id: optionalId,
  account_id: optionalId,
  number: field(POLICY_NUMBER_MAX),
  policy_type_id: optionalId,
  carrier_id: optionalId,
  out_of_system_carrier_title: text,
  system_purchased: bool.default(false),
  // The form's review statuses, or the stored ones.
  status: z.preprocess((v) => (typeof v === "string" && v in REVIEW_STATUS_TO_POLICY_STATUS ? REVIEW_STATUS_TO_POLICY_STATUS[v as keyof typeof REVIEW_STATUS_TO_POLICY_STATUS] : v), z.enum(["EXTERNAL_VERIFIED", "EXTERNAL_UNVERIFIED", "EXTERNAL_REJECTED", "CANCELLED"]).optional()),
  effective_date: day,
  expiration_date: day,
  cancellation_date: day,
  policy_insurables_attributes: z.preprocess(listOf, z.array(z.object({ insurable_id: optionalId })).max(10)).default([]),
  policy_users_attributes: z.preprocess(listOf, z.array(userShape).max(20)).default([]),
  policy_coverages_attributes: z.preprocess(listOf, z.array(coverageShape).max(50)).default([]),
  system_data: z.object({ rejection_reasons: z.preprocess(listOf, z.array(requiredText()).max(50)).optional() }).partial().default({}),
  // The status the reviewer's form was loaded with: a save over a status someone else changed since is a 409.
  expected_status: trimmed(40).optional(),
});

export type CoverageProofInput = z.infer<typeof policyShape>;

/** A certificate in the form (pdf or image, 30 MB), for the route schemas. */
const certificate = z.string().meta({ format: "binary", description: "pdf or image, at most 30 MB" });

/**
 * The coverage-proof form as its routes declare it (OpenAPI, fuzzing): multipart `policy[…]` fields with certificate
 * files in `policy[documents][]`, or the same object as JSON. The handler reads and checks it (readCoverageProofForm,
 * parseCoverageProof), so the route's validator lets it through (`x-multipart`).
 */
export const coverageProofForm = (key = "policy") =>
  z.object({ [key]: policyShape.extend({ documents: z.array(certificate).max(20).optional() }) }).meta({ "x-multipart": true });

/** The DMR screen's upload: one or many PDFs in `files`. */
export const pdfFilesForm = z.object({ files: z.array(certificate).min(1).max(50) }).meta({ "x-multipart": true });

/** What multipart routes accept, for the OpenAPI document. */
export const FORM_CONTENT = ["multipart/form-data", "application/json"];

/** The form's object → a checked input, refused field by field as the form names them (`policy_users_attributes.0.…`). */
export function parseCoverageProof(fields: QueryObject): CoverageProofInput {
  return parseInput(policyShape, (fields.policy ?? {}) as QueryValue, "policy");
}

/**
 * The coverage-proof form's rules (document 2 section 5; document 1 section 5 for DMR): required fields, dates in
 * order, a cancellation date with cancelled, every user's email and names, and the primary's address on edit.
 */
export function validateCoverageProof(input: CoverageProofInput, opts: { requireAddress: boolean }): Record<string, string> {
  const errors: Record<string, string> = {};
  const required = (key: string, value: unknown, name = key.replace(/_/g, " ")) => {
    if (value === undefined || value === null || value === "") errors[key] = MESSAGES.required(name);
  };
  required("account_id", input.account_id, "account");
  required("number", input.number, "policy number");
  if (!input.carrier_id && !input.out_of_system_carrier_title) errors.out_of_system_carrier_title = MESSAGES.required("carrier");
  required("policy_type_id", input.policy_type_id, "policy type");
  required("effective_date", input.effective_date, "effective date");
  required("expiration_date", input.expiration_date, "expiration date");
  if (input.effective_date && input.expiration_date && input.expiration_date < input.effective_date) {
    errors.expiration_date = "cannot be before the effective date";
  }
  if (input.status === "CANCELLED") required("cancellation_date", input.cancellation_date, "cancellation date");
  if (!input.policy_insurables_attributes[0]?.insurable_id) errors.unit = MESSAGES.required("unit");
  if (input.policy_users_attributes.length === 0) errors.users = "At least one insured is required";
  input.policy_users_attributes.forEach((u, i) => {
    const key = `users.${i}`;
    const { email, profile_attributes: p, address_attributes: a } = u.user_attributes;
    if (!email) errors[`${key}.email`] = MESSAGES.required("email");
    else if (!EMAIL_PATTERN.test(email)) errors[`${key}.email`] = MESSAGES.email;
    if (!p.first_name) errors[`${key}.first_name`] = MESSAGES.required("first name");
    if (!p.last_name) errors[`${key}.last_name`] = MESSAGES.required("last name");
    if (a.zip_code && !ZIP_PATTERN.test(a.zip_code)) errors[`${key}.zip_code`] = MESSAGES.zip;
    if (a.state && !isUsState(a.state)) errors[`${key}.state`] = MESSAGES.state;
    if (opts.requireAddress && i === 0) {
      for (const field of ["street_number", "street_name", "city", "state", "zip_code"] as const) {
        if (!a[field]) errors[`${key}.${field}`] = MESSAGES.required(field.replace(/_/g, " "));
      }
    }
  });
  const emails = input.policy_users_attributes.map((u) => u.user_attributes.email.toLowerCase()).filter(Boolean);
  emails.forEach((email, i) => {
    if (emails.indexOf(email) !== i) errors[`users.${i}.email`] = "is listed twice";
  });
  return errors;
}
