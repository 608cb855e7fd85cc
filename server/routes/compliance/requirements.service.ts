import { and, eq, isNull, sql } from "drizzle-orm";
import { COMMUNITY_TYPE_IDS } from "../../../src/domain/insurables";
import {
  GRACE_PERIOD_MAX_DAYS,
  type ProfileSource,
  type ProofFacts,
  type RequirementProfile,
  checkRequirements,
  defaultProfile,
  ratingRank,
  reasonsFromChecks,
} from "../../../src/domain/requirements";
import type { Db } from "../../db/client";
import { requirementProfiles } from "../../db/schema";
import { NotFoundError, ValidationError } from "../../lib/errors";
import { type Author, diffChanges, recordHistory } from "../../lib/history";
import { queryRows } from "../../lib/list";
import type { Scope } from "../../lib/scope";
import { accountScopeCondition, insurableScopeCondition } from "../lookups/lookups.scope";

const andAll = (conditions: ReturnType<typeof sql>[]) => (conditions.length ? sql` AND ${sql.join(conditions, sql` AND `)}` : sql``);

type ProfileRow = typeof requirementProfiles.$inferSelect;

const PROFILE_FIELDS = [
  "minimum_liability",
  "additional_interest_required",
  "additional_interest_name",
  "additional_interest_address",
  "accepted_carriers",
  "minimum_carrier_rating",
  "maximum_deductible",
  "landlord_listed",
  "grace_period_days",
  "reminder_days",
] as const satisfies readonly (keyof RequirementProfile)[];

export const profileOf = (row: ProfileRow): RequirementProfile => Object.fromEntries(PROFILE_FIELDS.map((f) => [f, row[f]])) as unknown as RequirementProfile;

interface AccountRow {
  id: number;
  title: string;
  minimum_liability: number | null;
  additional_interest: boolean;
  additional_interest_name: string | null;
}

async function accountRow(db: Db, scope: Scope, accountId: number): Promise<AccountRow> {
  const [row] = await queryRows<AccountRow>(
    db,
    sql`SELECT a.id, a.title, a.minimum_liability, a.additional_interest, a.additional_interest_name FROM accounts a WHERE a.id = ${accountId}${andAll(accountScopeCondition(scope))}`,
  );
  if (!row) throw new NotFoundError("Account");
  return row;
}

/** A community in the caller's scope (404 otherwise, and for a building or a unit: only communities have profiles). */
async function communityRow(db: Db, scope: Scope, id: number): Promise<{ id: number; title: string; account_id: number }> {
  const [row] = await queryRows<{ id: number; title: string; account_id: number | null; insurable_type_id: number }>(
    db,
    sql`SELECT i.id, i.title, i.account_id, i.insurable_type_id FROM insurables i WHERE i.id = ${id}${andAll(insurableScopeCondition(scope))}`,
  );
  if (!row || row.account_id === null || !(COMMUNITY_TYPE_IDS as readonly number[]).includes(row.insurable_type_id)) throw new NotFoundError("Community");
  return { id: row.id, title: row.title, account_id: row.account_id };
}

async function storedProfiles(db: Db, accountId: number, communityId: number | null) {
  const rows = await db.select().from(requirementProfiles).where(eq(requirementProfiles.account_id, accountId));
  return {
    account: rows.find((r) => r.insurable_id === null) ?? null,
    community: communityId === null ? null : (rows.find((r) => r.insurable_id === communityId) ?? null),
  };
}

export interface EffectiveProfile {
  profile: RequirementProfile;
  source: ProfileSource;
  account_id: number;
  community_id: number | null;
}

/** The profile that applies: the community's, else the account's, else the account's two old fields. */
async function resolve(db: Db, account: AccountRow, communityId: number | null): Promise<EffectiveProfile> {
  const stored = await storedProfiles(db, account.id, communityId);
  if (stored.community) return { profile: profileOf(stored.community), source: "community", account_id: account.id, community_id: communityId };
  if (stored.account) return { profile: profileOf(stored.account), source: "account", account_id: account.id, community_id: communityId };
  return { profile: defaultProfile(account), source: "default", account_id: account.id, community_id: communityId };
}

/** The profile's own changes (its history rows on the account or the community), newest first. */
async function profileHistory(db: Db, type: "Account" | "Insurable", id: number) {
  return queryRows<{ id: number; created_at: string; author: string; action: string; data: Record<string, unknown> }>(
    db,
    sql`SELECT h.id, h.created_at, h.author, h.action, h.data FROM histories h
        WHERE h.recordable_type = ${type} AND h.recordable_id = ${id} AND h.action IN ('create_related', 'update_related', 'remove_related')
          AND EXISTS (SELECT 1 FROM jsonb_object_keys(h.data) k WHERE k LIKE 'requirement_profile%')
        ORDER BY h.created_at DESC, h.id DESC LIMIT 20`,
  );
}

/** The account page's panel: its own stored profile (or none) and what applies to its units without a community one. */
export async function accountProfile(db: Db, scope: Scope, accountId: number) {
  const account = await accountRow(db, scope, accountId);
  const stored = await storedProfiles(db, accountId, null);
  return { stored: stored.account ? profileOf(stored.account) : null, ...(await resolve(db, account, null)), history: await profileHistory(db, "Account", accountId) };
}

/** The community page's panel: its own profile (or none, then the account's applies). */
export async function communityProfile(db: Db, scope: Scope, communityId: number) {
  const community = await communityRow(db, scope, communityId);
  const account = await accountRow(db, { kind: "all" }, community.account_id);
  const stored = await storedProfiles(db, account.id, communityId);
  return {
    stored: stored.community ? profileOf(stored.community) : null,
    ...(await resolve(db, account, communityId)),
    account_profile: stored.account ? profileOf(stored.account) : defaultProfile(account),
    history: await profileHistory(db, "Insurable", communityId),
  };
}

function validate(input: RequirementProfile): Record<string, string> {
  const errors: Record<string, string> = {};
  if (input.additional_interest_required && !input.additional_interest_name?.trim()) errors.additional_interest_name = "Required when an additional interest is required";
  if (input.minimum_carrier_rating && ratingRank(input.minimum_carrier_rating) < 0) errors.minimum_carrier_rating = "Is not an AM Best rating";
  if (input.grace_period_days !== null && input.grace_period_days < 0 || input.grace_period_days !== null && input.grace_period_days > GRACE_PERIOD_MAX_DAYS) errors.grace_period_days = `Must be between 0 and ${GRACE_PERIOD_MAX_DAYS}`;
  return errors;
}

const normalise = (input: RequirementProfile): RequirementProfile => ({
  ...input,
  additional_interest_name: input.additional_interest_name?.trim() || null,
  additional_interest_address: input.additional_interest_address?.trim() || null,
  accepted_carriers: [...new Set(input.accepted_carriers.map((c) => c.trim()).filter(Boolean))],
  minimum_carrier_rating: input.minimum_carrier_rating?.trim().toUpperCase() || null,
  reminder_days: input.reminder_days?.length ? [...new Set(input.reminder_days)].sort((a, b) => b - a) : null,
});

/** Writes the profile of an account (communityId null) or a community; history on the account or the community. */
async function save(db: Db, owner: { accountId: number; communityId: number | null }, raw: RequirementProfile, author: Author) {
  const input = normalise(raw);
  const errors = validate(input);
  if (Object.keys(errors).length) throw new ValidationError(errors);
  await db.transaction(async (tx) => {
    const where = and(eq(requirementProfiles.account_id, owner.accountId), owner.communityId === null ? isNull(requirementProfiles.insurable_id) : eq(requirementProfiles.insurable_id, owner.communityId));
    const [before] = await tx.select().from(requirementProfiles).where(where).for("update");
    if (before) await tx.update(requirementProfiles).set({ ...input, updated_at: new Date() }).where(eq(requirementProfiles.id, before.id));
    else await tx.insert(requirementProfiles).values({ ...input, account_id: owner.accountId, insurable_id: owner.communityId });
    const changes = diffChanges((before ? profileOf(before) : {}) as Record<string, unknown>, input as unknown as Record<string, unknown>, "requirement_profile.");
    await recordHistory(tx as unknown as Db, {
      type: owner.communityId === null ? "Account" : "Insurable",
      id: owner.communityId ?? owner.accountId,
      action: before ? "update_related" : "create_related",
      author,
      process: "console",
      changes,
    });
  });
}

export async function saveAccountProfile(db: Db, scope: Scope, accountId: number, input: RequirementProfile, author: Author) {
  await accountRow(db, scope, accountId);
  await save(db, { accountId, communityId: null }, input, author);
  return accountProfile(db, scope, accountId);
}

export async function saveCommunityProfile(db: Db, scope: Scope, communityId: number, input: RequirementProfile, author: Author) {
  const community = await communityRow(db, scope, communityId);
  await save(db, { accountId: community.account_id, communityId }, input, author);
  return communityProfile(db, scope, communityId);
}

/** The community goes back to the account's profile. */
export async function removeCommunityProfile(db: Db, scope: Scope, communityId: number, author: Author) {
  const community = await communityRow(db, scope, communityId);
  await db.transaction(async (tx) => {
    const [before] = await tx.delete(requirementProfiles).where(eq(requirementProfiles.insurable_id, communityId)).returning();
    if (before)
      await recordHistory(tx as unknown as Db, { type: "Insurable", id: communityId, action: "remove_related", author, process: "console", changes: { requirement_profile: { previous_value: profileOf(before), new_value: null } } });
  });
  return communityProfile(db, scope, community.id);
}

/** The unit's community (through its building when it has one), account and the lease whose move-in counts. */
async function unitPlace(db: Db, scope: Scope, unitId: number) {
  const [row] = await queryRows<{ account_id: number | null; community_id: number | null; move_in: string | null }>(
    db,
    sql`SELECT i.account_id,
          (SELECT c.id FROM insurables c WHERE c.id = CASE WHEN p.insurable_type_id = 7 THEN p.insurable_id ELSE p.id END) AS community_id,
          (SELECT l.start_date::text FROM leases l WHERE l.insurable_id = i.id AND l.status <> 'expired'
            ORDER BY (l.status = 'current') DESC, l.start_date, l.id LIMIT 1) AS move_in
        FROM insurables i LEFT JOIN insurables p ON p.id = i.insurable_id
        WHERE i.id = ${unitId}${andAll(insurableScopeCondition(scope))}`,
  );
  if (!row || row.account_id === null) throw new NotFoundError("Insurable");
  return row as { account_id: number; community_id: number | null; move_in: string | null };
}

/** What a check needs about where the proof belongs: the profile, the landlord's name and the move-in date. */
export async function placeContext(db: Db, scope: Scope, where: { accountId?: number | null; unitId?: number | null }) {
  let accountId = where.accountId ?? null;
  let communityId: number | null = null;
  let moveIn: string | null = null;
  if (where.unitId) {
    const place = await unitPlace(db, scope, where.unitId);
    if (accountId !== null && accountId !== place.account_id) throw new ValidationError({ unit_id: "The unit belongs to another account" });
    accountId = place.account_id;
    communityId = place.community_id;
    moveIn = place.move_in;
  }
  if (accountId === null) return null;
  const account = await accountRow(db, scope, accountId);
  return { ...(await resolve(db, account, communityId)), landlord: account.title, move_in: moveIn };
}

export async function carrierRating(db: Db, title: string | null): Promise<string | null> {
  if (!title?.trim()) return null;
  const [row] = await queryRows<{ am_best_rating: string | null }>(db, sql`SELECT am_best_rating FROM carriers WHERE lower(title) = lower(${title.trim()}) LIMIT 1`);
  return row?.am_best_rating ?? null;
}

export interface CheckInput {
  account_id?: number | null;
  unit_id?: number | null;
  proof: Omit<ProofFacts, "carrier_rating">;
}

/**
 * The proof review's rule panel (issue 17 section 1): each rule of the profile that applies to the unit (its
 * community's, else the account's), met or not by what the form says, and the decline reasons the failures support.
 */
export async function checkProof(db: Db, scope: Scope, input: CheckInput) {
  const place = await placeContext(db, scope, { accountId: input.account_id, unitId: input.unit_id });
  if (!place) return { profile: null, source: null, checks: [], suggested_reasons: [] };
  const facts: ProofFacts = { ...input.proof, carrier_rating: await carrierRating(db, input.proof.carrier) };
  const checks = checkRequirements(place.profile, facts, { landlord: place.landlord, move_in: place.move_in });
  return { profile: place.profile, source: place.source, account_id: place.account_id, community_id: place.community_id, checks, suggested_reasons: reasonsFromChecks(checks) };
}
