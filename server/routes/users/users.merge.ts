import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { histories, profiles, users } from "../../db/schema";
import { NotFoundError, ValidationError } from "../../lib/errors";
import { type Author, recordHistory } from "../../lib/history";
import { queryRows } from "../../lib/list";
import { fullName } from "../../lib/profiles";
import { type Scope, scopeConditions } from "../../lib/scope";
import { MERGE_FIELDS, MERGE_MAX_RECORDS, type MergeField } from "../../../src/domain/userMerge";

/**
 * Merge Users (issue 13 section 4; document 3 section 2 "merge-users"): one customer record survives, the others
 * of the same person give it everything they hold and are deleted, in one transaction, the way carriers are merged
 * (reference section 4.11: the merged records are deleted). A caller may merge only records it sees whole: every
 * account, policy and lease of every record must lie in its scope, so a customer shared with a tenant the caller
 * cannot see is a 404 like a missing one (never reveal it exists).
 */

type Tx = Db;

export interface MergeRequest {
  survivorId: number;
  mergeIds: number[];
}

/** Every record lies in the caller's scope, whole (its accounts, policies and leases); else the 404 of a missing one. */
async function loadInScope(db: Db, scope: Scope, ids: number[]): Promise<void> {
  const list = sql.join(ids.map((id) => sql`${id}`), sql`, `);
  const whole = scopeConditions(scope, {
    account: (a) => sql`EXISTS (SELECT 1 FROM account_users au WHERE au.user_id = u.id AND au.account_id = ${a})
      AND NOT EXISTS (SELECT 1 FROM account_users au WHERE au.user_id = u.id AND au.account_id <> ${a})
      AND NOT EXISTS (SELECT 1 FROM policy_users pu JOIN policies po ON po.id = pu.policy_id WHERE pu.user_id = u.id AND po.account_id IS DISTINCT FROM ${a})
      AND NOT EXISTS (SELECT 1 FROM lease_users lu JOIN leases l ON l.id = lu.lease_id WHERE lu.user_id = u.id AND l.account_id IS DISTINCT FROM ${a})`,
    agencies: (agencyIds) => sql`EXISTS (SELECT 1 FROM account_users au WHERE au.user_id = u.id)
      AND NOT EXISTS (SELECT 1 FROM account_users au JOIN accounts a ON a.id = au.account_id WHERE au.user_id = u.id AND a.agency_id NOT IN (${agencyIds}))
      AND NOT EXISTS (SELECT 1 FROM policy_users pu JOIN policies po ON po.id = pu.policy_id WHERE pu.user_id = u.id
        AND (po.agency_id IS NULL OR po.agency_id NOT IN (${agencyIds})))
      AND NOT EXISTS (SELECT 1 FROM lease_users lu JOIN leases l ON l.id = lu.lease_id JOIN accounts a ON a.id = l.account_id
        WHERE lu.user_id = u.id AND a.agency_id NOT IN (${agencyIds}))`,
  });
  const where = [sql`u.id IN (${list})`, ...whole];
  const found = await queryRows<{ id: number }>(db, sql`SELECT u.id FROM users u WHERE ${sql.join(where, sql` AND `)}`);
  if (found.length !== ids.length) throw new NotFoundError("User");
}

/** The request's own rules (the route's schema checks ids and sizes): the survivor is not merged into itself, no id twice. */
function checkRequest({ survivorId, mergeIds }: MergeRequest): number[] {
  if (!mergeIds.length) throw new ValidationError({ users_to_merge_ids: "Choose at least one user to merge" });
  if (mergeIds.length > MERGE_MAX_RECORDS - 1) throw new ValidationError({ users_to_merge_ids: `max value is ${MERGE_MAX_RECORDS - 1} number` });
  if (mergeIds.includes(survivorId)) throw new ValidationError({ users_to_merge_ids: "The surviving user cannot be merged into itself" });
  if (new Set(mergeIds).size !== mergeIds.length) throw new ValidationError({ users_to_merge_ids: "A user is named twice" });
  return [survivorId, ...mergeIds];
}

interface PersonRow {
  id: number;
  email: string;
  first_name: string | null;
  last_name: string | null;
  middle_name: string | null;
  full_name: string | null;
  contact_email: string | null;
  contact_phone: string | null;
  birth_date: string | null;
  gender: string | null;
  salutation: string | null;
  address: string | null;
}

async function people(db: Db, ids: number[]): Promise<PersonRow[]> {
  const list = sql.join(ids.map((id) => sql`${id}`), sql`, `);
  const rows = await queryRows<PersonRow>(
    db,
    sql`SELECT u.id, u.email, p.first_name, p.last_name, p.middle_name, p.full_name, p.contact_email, p.contact_phone, p.birth_date,
          p.gender, p.salutation,
          (SELECT ad.full FROM addresses ad WHERE ad.addressable_type = 'User' AND ad.addressable_id = u.id ORDER BY ad."primary" DESC, ad.id LIMIT 1) AS address
        FROM users u LEFT JOIN profiles p ON p.profileable_type = 'User' AND p.profileable_id = u.id WHERE u.id IN (${list})`,
  );
  return ids.map((id) => rows.find((r) => r.id === id)!);
}

const blank = (value: string | null | undefined) => value === null || value === undefined || value.trim() === "" || value === "unspecified";
const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export interface FieldChoice {
  field: MergeField;
  values: Array<{ user_id: number; value: string }>;
  /** The value kept without a choice: the survivor's, or the only one given. Null when the caller must choose. */
  kept_user_id: number | null;
}

/** Per field, the distinct non-blank values; a field with two or more is a conflict the caller settles. */
function fieldChoices(rows: PersonRow[]): FieldChoice[] {
  return MERGE_FIELDS.map((field) => {
    const values: FieldChoice["values"] = [];
    for (const row of rows) {
      const value = row[field];
      if (blank(value)) continue;
      if (!values.some((v) => same(v.value, value!))) values.push({ user_id: row.id, value: value! });
    }
    return { field, values, kept_user_id: values.length > 1 ? null : (values[0]?.user_id ?? rows[0].id) };
  });
}

/** What moves from the merged records to the survivor, counted (the preview) — the same queries the merge runs. */
const MOVES: Record<string, (ids: SQL) => SQL> = {
  accounts: (ids) => sql`SELECT count(DISTINCT account_id)::int AS n FROM account_users WHERE user_id IN (${ids})`,
  policies: (ids) => sql`SELECT count(DISTINCT policy_id)::int AS n FROM policy_users WHERE user_id IN (${ids})`,
  leases: (ids) => sql`SELECT count(DISTINCT lease_id)::int AS n FROM lease_users WHERE user_id IN (${ids})`,
  leads: (ids) => sql`SELECT count(*)::int AS n FROM leads WHERE user_id IN (${ids})`,
  addresses: (ids) => sql`SELECT count(*)::int AS n FROM addresses WHERE addressable_type = 'User' AND addressable_id IN (${ids})`,
  payment_profiles: (ids) => sql`SELECT count(*)::int AS n FROM payment_profiles WHERE payer_type = 'User' AND payer_id IN (${ids})`,
  invoices: (ids) => sql`SELECT count(*)::int AS n FROM invoices WHERE payer_type = 'User' AND payer_id IN (${ids})`,
  change_requests: (ids) => sql`SELECT count(*)::int AS n FROM change_requests WHERE requestable_type = 'User' AND requestable_id IN (${ids})`,
  t_codes: (ids) => sql`SELECT count(*)::int AS n FROM integration_profiles WHERE profileable_type = 'User' AND profileable_id IN (${ids})`,
  histories: (ids) => sql`SELECT count(*)::int AS n FROM histories WHERE recordable_type = 'User' AND recordable_id IN (${ids})`,
};

async function countMoves(db: Db, ids: number[]): Promise<Record<string, number>> {
  const list = sql.join(ids.map((id) => sql`${id}`), sql`, `);
  const out: Record<string, number> = {};
  for (const [key, query] of Object.entries(MOVES)) out[key] = (await queryRows<{ n: number }>(db, query(list)))[0].n;
  return out;
}

const personJson = (row: PersonRow) => ({
  id: row.id,
  email: row.email,
  profile_attributes: {
    first_name: row.first_name,
    last_name: row.last_name,
    full_name: row.full_name,
    contact_email: row.contact_email,
    contact_phone: row.contact_phone,
    birth_date: row.birth_date,
  },
});

/** POST /users/{id}/merge/preview: who, what moves, and the fields whose values differ. Writes nothing. */
export async function previewMerge(db: Db, scope: Scope, request: MergeRequest) {
  const ids = checkRequest(request);
  await loadInScope(db, scope, ids);
  const rows = await people(db, ids);
  return {
    survivor: personJson(rows[0]),
    merged: rows.slice(1).map(personJson),
    moves: await countMoves(db, request.mergeIds),
    fields: fieldChoices(rows),
  };
}

/**
 * POST /users/{id}/merge: every conflicting field needs a choice (the id of the record whose value is kept); then,
 * in one transaction, the survivor takes the chosen values, the merged records' links, and their history; each moved
 * record gets a history row naming both customers; the merged records are deleted with a "remove" row saying where
 * they went. The survivor's has_* flags are recomputed from what it now holds.
 */
export async function mergeUsers(db: Db, scope: Scope, request: MergeRequest, choices: Partial<Record<MergeField, number>>, author: Author) {
  const ids = checkRequest(request);
  const errors: Record<string, string> = {};
  for (const [field, chosen] of Object.entries(choices)) {
    if (!(MERGE_FIELDS as readonly string[]).includes(field)) errors[`choices.${field}`] = "is not a field of a user";
    else if (!ids.includes(chosen!)) errors[`choices.${field}`] = "must be one of the users merged";
  }
  if (Object.keys(errors).length) throw new ValidationError(errors);
  await loadInScope(db, scope, ids);
  const survivorId = request.survivorId;
  const mergeIds = request.mergeIds;

  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Tx;
    // Lock every record first, so two merges naming the same customer run one after the other.
    await tx.execute(sql`SELECT id FROM users WHERE id IN (${sql.join(ids.map((id) => sql`${id}`), sql`, `)}) ORDER BY id FOR UPDATE`);
    const rows = await people(tx, ids);
    if (rows.some((r) => !r)) throw new NotFoundError("User");
    const fields = fieldChoices(rows);
    const missing = fields.filter((f) => f.kept_user_id === null && choices[f.field] === undefined);
    if (missing.length) throw new ValidationError(Object.fromEntries(missing.map((f) => [`choices.${f.field}`, "Choose which value to keep"])));

    const survivor = rows[0];
    const kept = (field: MergeField): PersonRow => {
      const chosen = choices[field] ?? fields.find((f) => f.field === field)!.kept_user_id!;
      return rows.find((r) => r.id === chosen) ?? survivor;
    };
    const list = sql.join(mergeIds.map((id) => sql`${id}`), sql`, `);
    const now = new Date();
    const mergedNames = rows.slice(1).map((r) => ({ id: r.id, email: r.email }));
    const movedNote = (from: number) => ({ user_id: { previous_value: from, new_value: survivorId } });

    // Policies and leases: the survivor takes each merged record's place; where both were on one, one link stays
    // (primary if either was), and the policy or lease records the change.
    const linked = { Policy: new Set<number>(), Lease: new Set<number>() };
    for (const link of [
      { table: sql.raw("policy_users"), parent: sql.raw("policy_id"), type: "Policy" as const },
      { table: sql.raw("lease_users"), parent: sql.raw("lease_id"), type: "Lease" as const },
    ]) {
      const linkRows = await queryRows<{ id: number; parent_id: number; user_id: number; primary: boolean }>(
        tx,
        sql`SELECT id, ${link.parent} AS parent_id, user_id, "primary" FROM ${link.table} WHERE user_id IN (${list}) ORDER BY id`,
      );
      for (const row of linkRows) {
        linked[link.type].add(row.parent_id);
        const [own] = await queryRows<{ id: number }>(tx, sql`SELECT id FROM ${link.table} WHERE ${link.parent} = ${row.parent_id} AND user_id = ${survivorId}`);
        if (own) {
          if (row.primary) await tx.execute(sql`UPDATE ${link.table} SET "primary" = true, updated_at = ${now} WHERE id = ${own.id}`);
          await tx.execute(sql`DELETE FROM ${link.table} WHERE id = ${row.id}`);
        } else await tx.execute(sql`UPDATE ${link.table} SET user_id = ${survivorId}, updated_at = ${now} WHERE id = ${row.id}`);
        await recordHistory(tx, { type: link.type, id: row.parent_id, action: "update_related", author, process: "console", changes: movedNote(row.user_id) });
      }
    }

    const leadRows = await queryRows<{ id: number; user_id: number }>(
      tx,
      sql`UPDATE leads l SET user_id = ${survivorId}, updated_at = ${now} FROM (SELECT id, user_id FROM leads WHERE user_id IN (${list})) old
          WHERE l.id = old.id RETURNING l.id, old.user_id`,
    );
    for (const lead of leadRows) await recordHistory(tx, { type: "Lead", id: lead.id, action: "update_related", author, process: "console", changes: movedNote(lead.user_id) });

    const accountsMoved = await queryRows<{ account_id: number }>(
      tx,
      sql`INSERT INTO account_users (account_id, user_id, status) SELECT DISTINCT ON (account_id) account_id, ${survivorId}, status FROM account_users
          WHERE user_id IN (${list}) ORDER BY account_id, status ON CONFLICT DO NOTHING RETURNING account_id`,
    );

    // The chosen address becomes the survivor's primary one; the others move along, not primary, so none is lost.
    const movedAddresses = await queryRows<{ id: number }>(
      tx,
      sql`UPDATE addresses SET addressable_id = ${survivorId}, "primary" = false, updated_at = ${now}
          WHERE addressable_type = 'User' AND addressable_id IN (${list}) RETURNING id`,
    );
    if (survivor.address !== null || movedAddresses.length) {
      const [chosen] = await queryRows<{ id: number }>(
        tx,
        sql`SELECT id FROM addresses WHERE addressable_type = 'User' AND addressable_id = ${survivorId}
            ORDER BY ("full" IS NOT DISTINCT FROM ${kept("address").address}) DESC, "primary" DESC, id LIMIT 1`,
      );
      if (chosen) {
        await tx.execute(sql`UPDATE addresses SET "primary" = (id = ${chosen.id}) WHERE addressable_type = 'User' AND addressable_id = ${survivorId}`);
      }
    }

    const [hasDefault] = await queryRows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM payment_profiles WHERE payer_type = 'User' AND payer_id = ${survivorId} AND default_profile`);
    const payments = await queryRows<{ id: number }>(
      tx,
      sql`UPDATE payment_profiles SET payer_id = ${survivorId}, default_profile = CASE WHEN ${hasDefault.n > 0} THEN false ELSE default_profile END, updated_at = ${now}
          WHERE payer_type = 'User' AND payer_id IN (${list}) RETURNING id`,
    );
    // Only one default may remain when the survivor had none and several merged records had one.
    await tx.execute(sql`UPDATE payment_profiles SET default_profile = false WHERE payer_type = 'User' AND payer_id = ${survivorId} AND default_profile
        AND id <> (SELECT min(id) FROM payment_profiles WHERE payer_type = 'User' AND payer_id = ${survivorId} AND default_profile)`);
    const invoiceRows = await queryRows<{ id: number }>(tx, sql`UPDATE invoices SET payer_id = ${survivorId}, updated_at = ${now} WHERE payer_type = 'User' AND payer_id IN (${list}) RETURNING id`);
    const requests = await queryRows<{ id: number }>(
      tx,
      sql`UPDATE change_requests SET requestable_id = ${survivorId}, updated_at = ${now} WHERE requestable_type = 'User' AND requestable_id IN (${list}) RETURNING id`,
    );
    await tx.execute(sql`UPDATE policy_revisions SET submitted_by_id = ${survivorId} WHERE submitted_by_type = 'User' AND submitted_by_id IN (${list})`);
    const tCodes = await queryRows<{ id: number }>(
      tx,
      sql`UPDATE integration_profiles SET profileable_id = ${survivorId}, updated_at = ${now} WHERE profileable_type = 'User' AND profileable_id IN (${list}) RETURNING id`,
    );
    const historyRows = await tx
      .update(histories)
      .set({ recordable_id: survivorId })
      .where(and(eq(histories.recordable_type, "User"), inArray(histories.recordable_id, mergeIds)))
      .returning({ id: histories.id });

    // The survivor's profile: the chosen value of each field (the login email after the merged records are gone).
    const [profileBefore] = await tx.select().from(profiles).where(and(eq(profiles.profileable_type, "User"), eq(profiles.profileable_id, survivorId)));
    const profileValues = {
      first_name: kept("first_name").first_name,
      last_name: kept("last_name").last_name,
      middle_name: kept("middle_name").middle_name,
      contact_email: kept("contact_email").contact_email,
      contact_phone: kept("contact_phone").contact_phone,
      birth_date: kept("birth_date").birth_date,
      gender: (kept("gender").gender ?? "unspecified") as "unspecified",
      salutation: (kept("salutation").salutation ?? "unspecified") as "unspecified",
    };
    const profileChanges: Record<string, { previous_value: unknown; new_value: unknown }> = {};
    for (const [key, value] of Object.entries(profileValues)) {
      const previous = profileBefore ? (profileBefore as Record<string, unknown>)[key] ?? null : null;
      if ((previous ?? null) !== (value ?? null)) profileChanges[`profile.${key}`] = { previous_value: previous, new_value: value };
    }
    if (profileBefore) await tx.update(profiles).set({ ...profileValues, full_name: fullName(profileValues), updated_at: now }).where(eq(profiles.id, profileBefore.id));
    else await tx.insert(profiles).values({ ...profileValues, full_name: fullName(profileValues), profileable_type: "User", profileable_id: survivorId });
    await tx.delete(profiles).where(and(eq(profiles.profileable_type, "User"), inArray(profiles.profileable_id, mergeIds)));

    for (const row of rows.slice(1)) {
      await recordHistory(tx, {
        type: "User",
        id: row.id,
        action: "remove",
        author,
        process: "console",
        changes: { merged_into: { previous_value: null, new_value: survivorId }, email: { previous_value: row.email, new_value: null } },
      });
    }
    await tx.execute(sql`DELETE FROM account_users WHERE user_id IN (${list})`);
    await tx.delete(users).where(inArray(users.id, mergeIds));
    const email = kept("email").email;
    if (email !== survivor.email) profileChanges.email = { previous_value: survivor.email, new_value: email };
    await tx.execute(sql`UPDATE users u SET email = ${email}, updated_at = ${now},
        has_existing_policies = EXISTS (SELECT 1 FROM policy_users pu WHERE pu.user_id = u.id),
        has_leases = EXISTS (SELECT 1 FROM lease_users lu WHERE lu.user_id = u.id),
        has_current_leases = EXISTS (SELECT 1 FROM lease_users lu JOIN leases l ON l.id = lu.lease_id WHERE lu.user_id = u.id AND l.status = 'current')
      WHERE u.id = ${survivorId}`);

    const moved = {
      accounts: accountsMoved.length,
      policies: linked.Policy.size,
      leases: linked.Lease.size,
      leads: leadRows.length,
      addresses: movedAddresses.length,
      payment_profiles: payments.length,
      invoices: invoiceRows.length,
      change_requests: requests.length,
      t_codes: tCodes.length,
      histories: historyRows.length,
    };
    await recordHistory(tx, {
      type: "User",
      id: survivorId,
      action: "update",
      author,
      process: "console",
      changes: { ...profileChanges, merged: { previous_value: null, new_value: mergedNames }, moved: { previous_value: null, new_value: moved } },
    });
    return { id: survivorId, merged: mergedNames, moved };
  });
}
