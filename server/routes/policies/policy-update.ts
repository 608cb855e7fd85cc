import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Db } from "../../db/client";
import { policies, policyApplications } from "../../db/schema";
import { deepMerge, flattenPaths } from "../../lib/deep-merge";
import { ValidationError } from "../../lib/errors";
import { EMAIL_MAX, SHORT_TEXT, TEXT, id, jsonValue, text } from "../../lib/input";
import { diffChanges, recordHistory, staffAuthor } from "../../lib/history";
import { queryRows } from "../../lib/list";
import { EMAIL_PATTERN, MESSAGES, PHONE_PATTERN, ZIP_PATTERN, isUsState } from "../../lib/validators";
import type { Caller } from "../../plugins/auth";
import { type UserUpdate, emailTaken, validateUserUpdate, writeUserUpdate } from "../users/users.service";
import { findPolicyRow } from "./policy-detail";

/** Policy types whose in-system policies the console edits (document 2 section 2: residential, commercial, rent guarantee). */
const EDITABLE_IN_SYSTEM_TYPES = [1, 4, 5];
export const CANNOT_UPDATE = "Cannot update in system policy";

const field = text(TEXT).nullable().optional();
const addressShape = z
  .object({ street_number: field, street_name: field, street_two: field, city: field, state: field, zip_code: field, country: field })
  .partial()
  .strip();

export const policyUpdateBody = z.object({
  policy: z.object({
    policy_application_attributes: z.object({ fields: z.record(text(SHORT_TEXT), jsonValue).default({}) }).optional(),
    users: z
      .array(
        z.object({
          id,
          email: text(EMAIL_MAX).optional(),
          profile_attributes: z
            .object({ first_name: field, middle_name: field, last_name: field, contact_phone: field, contact_email: field, birth_date: field, gender: field, salutation: field })
            .partial()
            .optional(),
          address_attributes: addressShape.optional(),
        }),
      )
      .max(20)
      .optional(),
  }),
});
export type PolicyUpdateBody = z.infer<typeof policyUpdateBody>;

type Fields = Record<string, unknown>;
const obj = (v: unknown): Fields => (typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Fields) : {});

/** The checks of document 2 section 5 that the server can make on the application's sections. */
function validateFields(fields: Fields): Record<string, string> {
  const errors: Record<string, string> = {};
  const checkAddress = (address: Fields, key: string) => {
    if (address.zip_code && !ZIP_PATTERN.test(String(address.zip_code))) errors[`${key}.zip_code`] = MESSAGES.zip;
    if (address.state && !isUsState(String(address.state))) errors[`${key}.state`] = MESSAGES.state;
    if (address.country && address.country !== "US") errors[`${key}.country`] = "is not included in the list";
  };
  const landlord = obj(fields.landlord);
  if (landlord.email && !EMAIL_PATTERN.test(String(landlord.email))) errors["fields.landlord.email"] = MESSAGES.email;
  if (landlord.phone_number && !PHONE_PATTERN.test(String(landlord.phone_number))) errors["fields.landlord.phone_number"] = MESSAGES.phone;
  const applicant = obj(obj(fields.employment).primary_applicant);
  checkAddress(obj(applicant.address), "fields.employment.primary_applicant.address");
  if (applicant.employment_type && !["Employed", "Self Employed"].includes(String(applicant.employment_type))) {
    errors["fields.employment.primary_applicant.employment_type"] = "is not included in the list";
  }
  const business = obj(fields.business);
  if (business.phone && !PHONE_PATTERN.test(String(business.phone))) errors["fields.business.phone"] = MESSAGES.phone;
  checkAddress(obj(business.address), "fields.business.address");
  return errors;
}

/**
 * PUT /policies/{id} (reference section 4.4): the application's fields deep-merged, each named customer's profile and
 * address saved, one history row on the policy listing every changed leaf. Nothing is written if any field is wrong.
 */
export async function updatePolicy(app: FastifyInstance, caller: Caller, id: number, body: PolicyUpdateBody): Promise<void> {
  const row = await findPolicyRow(app, caller, id);
  if (!row.policy_in_system || !EDITABLE_IN_SYSTEM_TYPES.includes(row.policy_type_id)) {
    // External policies change through the coverage-proof form, which keeps their review state (issue 4).
    throw new ValidationError({ policy: CANNOT_UPDATE }, CANNOT_UPDATE);
  }
  const input = body.policy;
  const fieldsPatch = input.policy_application_attributes?.fields ?? {};
  const errors = validateFields(fieldsPatch);

  const members = await queryRows<{ user_id: number }>(app.db, sql`SELECT user_id FROM policy_users WHERE policy_id = ${id}`);
  const memberIds = new Set(members.map((m) => m.user_id));
  const userUpdates = input.users ?? [];
  for (const [index, user] of userUpdates.entries()) {
    if (!memberIds.has(user.id)) {
      errors[`users.${index}.id`] = "is not a customer of this policy";
      continue;
    }
    Object.assign(errors, validateUserUpdate(user as UserUpdate, `users.${index}.`));
    if (user.email && (await emailTaken(app.db, user.email, user.id))) errors[`users.${index}.email`] = MESSAGES.emailTaken;
  }
  if (Object.keys(errors).length) throw new ValidationError(errors);

  await app.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [application] = await tx.select().from(policyApplications).where(eq(policyApplications.policy_id, id)).for("update");
    const before = application?.fields ?? {};
    const merged = deepMerge(before, fieldsPatch);
    const changes = diffChanges(flattenPaths(before), flattenPaths(merged), "fields.");
    if (Object.keys(changes).length) {
      if (application) await tx.update(policyApplications).set({ fields: merged, updated_at: new Date() }).where(eq(policyApplications.id, application.id));
      else await tx.insert(policyApplications).values({ policy_id: id, fields: merged });
    }
    for (const user of userUpdates) {
      const userChanges = await writeUserUpdate(tx, user.id, user as UserUpdate);
      for (const [field, change] of Object.entries(userChanges)) changes[`users.${user.id}.${field}`] = change;
    }
    if (Object.keys(changes).length) await tx.update(policies).set({ updated_at: new Date() }).where(eq(policies.id, id));
    await recordHistory(tx, { type: "Policy", id, action: "update", author: staffAuthor(caller.user), process: "console", changes });
  });
}
