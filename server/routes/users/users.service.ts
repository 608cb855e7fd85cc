import { and, eq, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { addresses, type HistoryChanges, users } from "../../db/schema";
import { NotFoundError, ValidationError } from "../../lib/errors";
import { type Author, diffChanges, recordHistory } from "../../lib/history";
import { isCalendarDate } from "../../lib/input";
import { type FilterType, type ListInput, type ListSpec, parseListParams, queryRows, runList } from "../../lib/list";
import type { QueryObject, QueryValue } from "../../lib/query-string";
import { type ProfileInput, findProfile, saveProfile } from "../../lib/profiles";
import { type Scope, scopeConditions } from "../../lib/scope";
import { EMAIL_PATTERN, MESSAGES, PHONE_PATTERN, ZIP_PATTERN, isUsState } from "../../lib/validators";
import { type UserRow, userJson, userListQuery, userListSpec } from "./users.list";

export async function listUsers(db: Db, scope: Scope, input: ListInput, defaultPer?: number) {
  const params = parseListParams(input, userListSpec, { defaultPer });
  const result = await runList<UserRow>(db, userListQuery(scope), params);
  return { ...result, rows: result.rows.map(userJson) };
}

/** `POST /users/list` names its search fields flat (document 3 section 7); they map onto the list filters. */
const LIST_SEARCH_FIELDS: Record<string, string> = {
  full_name: "profile.full_name",
  email: "email",
  login_email: "email",
  contact_email: "profile.contact_email",
  contact_phone: "profile.contact_phone",
  tcode: "t_code",
  t_code: "t_code",
  number: "number",
};
const LIST_PLAIN_FIELDS: Record<string, string> = {
  account_id: "accounts.id",
  community_id: "insurables.id",
  has_current_leases: "has_current_leases",
  has_existing_policies: "has_existing_policies",
};

/** The filter keys of `POST /users/list`, for its route schema. */
export const LIST_BODY_FILTERS: Record<string, FilterType> = {
  ...Object.fromEntries(Object.keys(LIST_SEARCH_FIELDS).map((key) => [key, "text" as const])),
  ...Object.fromEntries(Object.entries(LIST_PLAIN_FIELDS).map(([key, path]) => [key, userListSpec.filters[path].type])),
};

export function usersListBodyToFilter(filter: QueryValue | undefined): QueryObject {
  const out: QueryObject = {};
  if (!filter || typeof filter !== "object" || Array.isArray(filter)) return out;
  for (const [key, value] of Object.entries(filter)) {
    if (value === "" || value === null || value === undefined) continue;
    if (LIST_SEARCH_FIELDS[key]) out[LIST_SEARCH_FIELDS[key]] = { like: value as QueryValue };
    else if (LIST_PLAIN_FIELDS[key]) out[LIST_PLAIN_FIELDS[key]] = value as QueryValue;
    else throw new ValidationError({ [`filter.${key}`]: "is not a filter of this list" });
  }
  return out;
}

/** One customer in the caller's scope, with address, policies and leases (document 3 user detail). */
export async function showUser(db: Db, scope: Scope, id: number) {
  const list = await runList<UserRow>(
    db,
    userListQuery(scope, [sql`u.id = ${id}`]),
    parseListParams({ pagination: { per: "1" } }, userListSpec),
  );
  const row = list.rows[0];
  if (!row) throw new NotFoundError("User");
  const [address] = await db
    .select()
    .from(addresses)
    .where(and(eq(addresses.addressable_type, "User"), eq(addresses.addressable_id, id)))
    .limit(1);
  // A customer of several tenants: only this caller's policies and leases are listed (issue 9, hole 2).
  const andAll = (conditions: SQL[]) => (conditions.length ? sql`AND ${sql.join(conditions, sql` AND `)}` : sql``);
  const policyScope = scopeConditions(scope, { account: (a) => sql`po.account_id = ${a}`, agencies: (ids) => sql`po.agency_id IN (${ids})` });
  const leaseScope = scopeConditions(scope, { account: (a) => sql`l.account_id = ${a}`, agencies: (ids) => sql`l.account_id IN (SELECT id FROM accounts WHERE agency_id IN (${ids}))` });
  const policies = await queryRows<Record<string, unknown>>(
    db,
    sql`SELECT po.id, po.number, po.status, po.policy_type_id, po.policy_in_system, po.effective_date, po.expiration_date, pu.primary
        FROM policy_users pu JOIN policies po ON po.id = pu.policy_id WHERE pu.user_id = ${id} ${andAll(policyScope)} ORDER BY po.created_at DESC LIMIT 100`,
  );
  const leases = await queryRows<Record<string, unknown>>(
    db,
    sql`SELECT l.id, l.reference, l.status, l.start_date, l.end_date, i.title AS insurable_title, l.insurable_id
        FROM lease_users lu JOIN leases l ON l.id = lu.lease_id JOIN insurables i ON i.id = l.insurable_id
        WHERE lu.user_id = ${id} ${andAll(leaseScope)} ORDER BY l.start_date DESC LIMIT 100`,
  );
  return {
    ...userJson(row),
    address_attributes: address
      ? {
          id: address.id,
          street_number: address.street_number,
          street_name: address.street_name,
          street_two: address.street_two,
          city: address.city,
          state: address.state,
          zip_code: address.zip_code,
          full: address.full,
        }
      : null,
    policies,
    leases,
  };
}

export interface UserUpdate {
  email?: string;
  profile_attributes?: Partial<Record<"first_name" | "last_name" | "middle_name" | "contact_email" | "contact_phone" | "birth_date" | "gender" | "salutation", string | null>>;
  address_attributes?: Partial<Record<"street_number" | "street_name" | "street_two" | "city" | "state" | "zip_code" | "country", string | null>>;
}

const GENDERS = ["unspecified", "male", "female", "other"];
const SALUTATIONS = ["unspecified", "mr", "mrs", "miss", "dr", "lord"];

/** Field errors keyed `email`, `profile_attributes.first_name`, …; `prefix` places them under a parent key. */
export function validateUserUpdate(input: UserUpdate, prefix = ""): Record<string, string> {
  const errors: Record<string, string> = {};
  if (input.email !== undefined && !EMAIL_PATTERN.test(input.email)) errors[`${prefix}email`] = MESSAGES.email;
  const p = input.profile_attributes ?? {};
  const profileKey = `${prefix}profile_attributes.`;
  if (p.first_name !== undefined && !p.first_name?.trim()) errors[`${profileKey}first_name`] = MESSAGES.required("first name");
  if (p.last_name !== undefined && !p.last_name?.trim()) errors[`${profileKey}last_name`] = MESSAGES.required("last name");
  if (p.contact_email && !EMAIL_PATTERN.test(p.contact_email)) errors[`${profileKey}contact_email`] = MESSAGES.email;
  if (p.contact_phone && !PHONE_PATTERN.test(p.contact_phone)) errors[`${profileKey}contact_phone`] = MESSAGES.phone;
  if (p.birth_date && !isCalendarDate(p.birth_date)) errors[`${profileKey}birth_date`] = MESSAGES.date;
  if (p.gender && !GENDERS.includes(p.gender)) errors[`${profileKey}gender`] = "is not included in the list";
  if (p.salutation && !SALUTATIONS.includes(p.salutation)) errors[`${profileKey}salutation`] = "is not included in the list";
  const a = input.address_attributes ?? {};
  if (a.zip_code && !ZIP_PATTERN.test(a.zip_code)) errors[`${prefix}address_attributes.zip_code`] = MESSAGES.zip;
  if (a.state && !isUsState(a.state)) errors[`${prefix}address_attributes.state`] = MESSAGES.state;
  if (a.country && a.country !== "US") errors[`${prefix}address_attributes.country`] = "is not included in the list";
  return errors;
}

/** Writes a validated update of one customer inside the caller's transaction; returns what changed for history. */
export async function writeUserUpdate(tx: Db, id: number, input: UserUpdate): Promise<HistoryChanges> {
  const [before] = await tx.select().from(users).where(eq(users.id, id));
  const profileBefore = await findProfile(tx, "User", id);
  const [addressBefore] = await tx
    .select()
    .from(addresses)
    .where(and(eq(addresses.addressable_type, "User"), eq(addresses.addressable_id, id)))
    .limit(1);
  const changes = {
    ...diffChanges(before, { email: input.email?.trim() }),
    ...diffChanges(profileBefore ?? {}, input.profile_attributes ?? {}, "profile."),
    ...diffChanges(addressBefore ?? {}, input.address_attributes ?? {}, "address."),
  };
  if (input.email) await tx.update(users).set({ email: input.email.trim(), updated_at: new Date() }).where(eq(users.id, id));
  if (input.profile_attributes) await saveProfile(tx, "User", id, profileBefore, input.profile_attributes as ProfileInput);
  if (input.address_attributes) {
    const merged = { ...addressBefore, ...input.address_attributes };
    const full = [[merged.street_number, merged.street_name].filter(Boolean).join(" "), merged.street_two, merged.city, [merged.state, merged.zip_code].filter(Boolean).join(" ")]
      .filter((x) => x && String(x).trim())
      .join(", ");
    const values = { ...input.address_attributes, country: input.address_attributes.country ?? undefined, full, updated_at: new Date() };
    if (addressBefore) await tx.update(addresses).set(values).where(eq(addresses.id, addressBefore.id));
    else await tx.insert(addresses).values({ ...values, addressable_type: "User", addressable_id: id });
  }
  return changes;
}

/** Whether another customer already uses the address (case-insensitive). */
export async function emailTaken(db: Db, email: string, exceptId: number): Promise<boolean> {
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`, sql`${users.id} <> ${exceptId}`));
  return Boolean(taken);
}

export async function updateUser(db: Db, scope: Scope, id: number, input: UserUpdate, author: Author) {
  await showUser(db, scope, id); // 404 outside scope before anything is validated or written
  const errors = validateUserUpdate(input);
  if (input.email && (await emailTaken(db, input.email, id))) errors.email = MESSAGES.emailTaken;
  if (Object.keys(errors).length) throw new ValidationError(errors);

  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const changes = await writeUserUpdate(tx, id, input);
    await recordHistory(tx, { type: "User", id, action: "update", author, process: "console", changes });
  });
  return showUser(db, scope, id);
}

const historySpec: ListSpec = {
  filters: {},
  sorts: { created_at: sql`h.created_at` },
  defaultSort: { column: "created_at", direction: "desc" },
  tieBreaker: sql`h.id`,
};

/** GET /users/{id}/histories: the customer's history, newest first (issue 13 section 4), for a customer in scope. */
export async function userHistories(db: Db, scope: Scope, id: number, input: ListInput) {
  await showUser(db, scope, id);
  return runList(
    db,
    {
      select: sql`h.id, h.action, h.author, h.process, h.data, h.created_at`,
      from: sql`histories h`,
      where: [sql`h.recordable_type = 'User'`, sql`h.recordable_id = ${id}`],
      id: sql`h.id`,
    },
    parseListParams(input, historySpec),
  );
}
