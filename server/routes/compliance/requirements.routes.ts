import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AM_BEST_RATINGS, GRACE_PERIOD_MAX_DAYS, REMINDER_DAYS_MAX_COUNT, REMINDER_DAY_MAX } from "../../../src/domain/requirements";
import { TEXT, cents, date, id, idParams, text } from "../../lib/input";
import { staffAuthor } from "../../lib/history";
import { lookupScope } from "../../lib/scope";
import { requireCaller } from "../../plugins/auth";
import { accountProfile, checkProof, communityProfile, removeCommunityProfile, saveAccountProfile, saveCommunityProfile } from "./requirements.service";

const profileInput = z
  .object({
    minimum_liability: cents.nullable().default(null),
    additional_interest_required: z.boolean().default(false),
    additional_interest_name: text(TEXT).nullable().default(null),
    additional_interest_address: text(500).nullable().default(null),
    accepted_carriers: z.array(text(TEXT)).max(100).default([]),
    minimum_carrier_rating: z.enum(AM_BEST_RATINGS).nullable().default(null),
    maximum_deductible: cents.nullable().default(null),
    landlord_listed: z.boolean().default(false),
    grace_period_days: z.number().int().min(0).max(GRACE_PERIOD_MAX_DAYS).nullable().default(null),
    reminder_days: z.array(z.number().int().min(1).max(REMINDER_DAY_MAX)).max(REMINDER_DAYS_MAX_COUNT).nullable().default(null),
  })
  .strip();
const profileBody = z.object({ requirement_profile: profileInput });

const checkBody = z.object({
  account_id: id.nullable().optional(),
  unit_id: id.nullable().optional(),
  proof: z
    .object({
      liability_limit: cents.nullable().default(null),
      deductible: cents.nullable().default(null),
      carrier: text(TEXT).nullable().default(null),
      interested_parties: z.array(text(1000)).max(20).nullable().default(null),
      effective_date: date.nullable().default(null),
    })
    .strip(),
});

/**
 * Requirement profiles (issue 17 section 1): read and written on the account page (with accounts' show and edit) and
 * on the community page (with insurable's), history on the account or the community; and the proof review's check of
 * a proof against the profile that applies to its unit.
 */
export const requirementRoutes: FastifyPluginAsyncZod = async (app) => {
  const account = (action: string) => ({ access: { resource: "accounts", action } });
  const insurable = (action: string) => ({ access: { resource: "insurable", action } });

  app.get("/accounts/:id/requirement_profile", { config: account("show"), schema: { params: idParams } }, async (request) => {
    return accountProfile(app.db, requireCaller(request).scope, request.params.id);
  });
  app.put("/accounts/:id/requirement_profile", { config: account("edit"), schema: { params: idParams, body: profileBody } }, async (request) => {
    const caller = requireCaller(request);
    return saveAccountProfile(app.db, caller.scope, request.params.id, request.body.requirement_profile, staffAuthor(caller.user));
  });

  app.get("/insurables/:id/requirement_profile", { config: insurable("show"), schema: { params: idParams } }, async (request) => {
    return communityProfile(app.db, requireCaller(request).scope, request.params.id);
  });
  app.put("/insurables/:id/requirement_profile", { config: insurable("edit"), schema: { params: idParams, body: profileBody } }, async (request) => {
    const caller = requireCaller(request);
    return saveCommunityProfile(app.db, caller.scope, request.params.id, request.body.requirement_profile, staffAuthor(caller.user));
  });
  app.delete("/insurables/:id/requirement_profile", { config: insurable("edit"), schema: { params: idParams } }, async (request) => {
    const caller = requireCaller(request);
    return removeCommunityProfile(app.db, caller.scope, request.params.id, staffAuthor(caller.user));
  });

  // Every reviewer (policy support reviews every account's proofs) and every office role within its scope.
  app.post("/requirement_checks", { schema: { body: checkBody } }, async (request) => {
    const caller = requireCaller(request);
    return checkProof(app.db, lookupScope(caller), request.body);
  });
};
