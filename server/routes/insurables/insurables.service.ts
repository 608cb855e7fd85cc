import { and, eq, sql } from "drizzle-orm";
import { ACTIVE_POLICY_STATUSES } from "../../../src/domain/policies";
import { LOOKUP_LIMIT } from "../../../src/domain/constants";
import { COMMUNITY_TYPE_IDS, INSURABLE_TYPES, UNIT_TYPE_IDS, hasRates, needsParent } from "../../../src/domain/insurables";
import type { Db } from "../../db/client";
import { type RATE_INTERVALS, addresses, insurableRates, insurables } from "../../db/schema";
import { NotFoundError, ValidationError } from "../../lib/errors";
import { type Author, diffChanges, recordHistory } from "../../lib/history";
import { type ListInput, parseListParams, queryRows, runList } from "../../lib/list";
import type { Scope } from "../../lib/scope";
import { MESSAGES, ZIP_PATTERN, isUsState } from "../../lib/validators";
import type { AddressProvider } from "../../lib/address-provider";
import { accountScopeCondition, likePattern } from "../lookups/lookups.scope";
import { insurableListQuery, insurableListSpec } from "./insurables.list";

type Tx = Db;
const inTransaction = <T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> => db.transaction((tx) => work(tx as unknown as Tx));
const andAll = (conditions: ReturnType<typeof sql>[]) => (conditions.length ? sql` AND ${sql.join(conditions, sql` AND `)}` : sql``);

const kindOf = (typeId: number) => INSURABLE_TYPES.find((t) => t.id === typeId)?.kind;

export async function listInsurables(db: Db, scope: Scope, input: ListInput, defaultPer?: number) {
  // The location pickers' lookups by type ids (document 3 sections 7 and 9) ask for a parent's children up to 10000 at
  // once; with the lists' cap of 1000 they were refused (422) and the lease form offered no building or unit.
  const underParent = Boolean(input.filter && typeof input.filter === "object" && (input.filter as Record<string, unknown>).insurable_id !== undefined);
  return runList(db, insurableListQuery(scope, [], input.filter, input), parseListParams(input, insurableListSpec, { defaultPer, maxPer: underParent ? LOOKUP_LIMIT : undefined }));
}

export type AddressInput = {
  street_number?: string | null;
  street_name?: string | null;
  street_two?: string | null;
  city?: string | null;
  state?: string | null;
  county?: string | null;
  zip_code?: string | null;
};

/** One property in the caller's scope (404 outside it): its nearest address, own address, parent, counts. */
export async function showInsurable(db: Db, scope: Scope, id: number) {
  const query = insurableListQuery(scope, [sql`i.id = ${id}`]);
  const [row] = await queryRows<Record<string, unknown> & { title: string; address: (AddressInput & { full?: string | null }) | null; insurable_type_id: number; insurable_id: number | null; account_id: number | null }>(
    db,
    sql`SELECT ${query.select} FROM ${query.from} WHERE ${sql.join(query.where, sql` AND `)}`,
  );
  if (!row) throw new NotFoundError("Insurable");
  const [own] = await db
    .select()
    .from(addresses)
    .where(and(eq(addresses.addressable_type, "Insurable"), eq(addresses.addressable_id, id)))
    .orderBy(sql`${addresses.primary} DESC`, addresses.id)
    .limit(1);
  // The community a unit or building belongs to (through its building when it has one).
  const [community] = await queryRows<{ id: number; title: string }>(
    db,
    sql`SELECT c.id, c.title FROM insurables x LEFT JOIN insurables p ON p.id = x.insurable_id
        JOIN insurables c ON c.id = CASE WHEN x.insurable_type_id IN (1, 2, 3) THEN x.id WHEN p.insurable_type_id = 7 THEN p.insurable_id ELSE p.id END
        WHERE x.id = ${id}`,
  );
  return {
    ...row,
    type_title: INSURABLE_TYPES.find((t) => t.id === row.insurable_type_id)?.title ?? null,
    addresses: own ? [addressJson(own)] : [],
    community: community ?? null,
    has_rates: hasRates(row.insurable_type_id),
  };
}

const addressJson = (a: typeof addresses.$inferSelect) => ({
  id: a.id,
  street_number: a.street_number,
  street_name: a.street_name,
  street_two: a.street_two,
  city: a.city,
  state: a.state,
  county: a.county,
  zip_code: a.zip_code,
  full: a.full,
});

export function fullAddress(a: AddressInput): string {
  return [[a.street_number, a.street_name].filter(Boolean).join(" "), a.street_two, a.city, [a.state, a.zip_code].filter(Boolean).join(" ")]
    .filter((x) => x && String(x).trim())
    .join(", ");
}

/** Field errors of an address (document 3 section 5): the parts a community needs, a 5-digit zip, a US state. */
export function addressErrors(a: AddressInput | undefined, prefix: string, required: boolean): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!a) {
    if (required) errors[`${prefix}street_name`] = MESSAGES.required("street name");
    return errors;
  }
  if (required) {
    for (const [key, label] of [["street_number", "street number"], ["street_name", "street name"], ["city", "city"], ["state", "state"], ["zip_code", "zip code"]] as const) {
      if (!a[key]?.trim()) errors[`${prefix}${key}`] = MESSAGES.required(label);
    }
  }
  if (a.zip_code && !ZIP_PATTERN.test(a.zip_code)) errors[`${prefix}zip_code`] = MESSAGES.zip;
  if (a.state && !isUsState(a.state)) errors[`${prefix}state`] = MESSAGES.state;
  return errors;
}

export interface InsurableInput {
  title?: string;
  insurable_type_id?: number;
  insurable_id?: number | null;
  account_id?: number | null;
  enabled?: boolean;
  preferred_ho4?: boolean;
  additional_interest?: boolean;
  additional_interest_name?: string | null;
  minimum_liability?: number | null;
  special_status?: "none" | "affordable";
  addresses_attributes?: AddressInput[];
}

/** An account the caller may use (404-like field error outside the scope). */
async function accountInScope(db: Db, scope: Scope, accountId: number) {
  const [account] = await queryRows<{ id: number; agency_id: number }>(db, sql`SELECT a.id, a.agency_id FROM accounts a WHERE a.id = ${accountId}${andAll(accountScopeCondition(scope))}`);
  return account;
}

/**
 * Where a new property goes (document 3 section 3; reference section 3.4): types 4, 5, 7 need a parent in the caller's
 * scope — a building under a community, a unit under a building or a community — and share its account; a community
 * names an account of the caller's. Returns the account and agency it takes, or throws the field errors.
 */
async function placement(db: Db, scope: Scope, typeId: number, parentId: number | null | undefined, accountId: number | null | undefined, prefix = "") {
  const errors: Record<string, string> = {};
  const kind = kindOf(typeId);
  if (!kind) throw new ValidationError({ [`${prefix}insurable_type_id`]: MESSAGES.notInList });
  if (needsParent(typeId)) {
    if (!parentId) throw new ValidationError({ [`${prefix}insurable_id`]: MESSAGES.required("parent") });
    const parent = await queryRows<{ id: number; insurable_type_id: number; account_id: number | null; agency_id: number | null }>(
      db,
      sql`SELECT i.id, i.insurable_type_id, i.account_id, i.agency_id FROM insurables i WHERE i.id = ${parentId}${andAll(insurableScopeFor(scope))}`,
    );
    const p = parent[0];
    if (!p) throw new ValidationError({ [`${prefix}insurable_id`]: "Select parent from the drop-down list" });
    const parentKind = kindOf(p.insurable_type_id);
    const fits = kind === "building" ? parentKind === "community" : parentKind === "community" || parentKind === "building";
    if (!fits) errors[`${prefix}insurable_id`] = kind === "building" ? "must be a community" : "must be a community or a building";
    if (accountId && p.account_id && accountId !== p.account_id) errors[`${prefix}account_id`] = "must be the parent's account";
    if (Object.keys(errors).length) throw new ValidationError(errors);
    return { account_id: p.account_id, agency_id: p.agency_id, insurable_id: p.id };
  }
  if (parentId) throw new ValidationError({ [`${prefix}insurable_id`]: "A community has no parent" });
  if (!accountId) throw new ValidationError({ [`${prefix}account_id`]: MESSAGES.required("account") });
  const account = await accountInScope(db, scope, accountId);
  if (!account) throw new ValidationError({ [`${prefix}account_id`]: "Select account from the drop-down list" });
  return { account_id: account.id, agency_id: account.agency_id, insurable_id: null };
}

function insurableScopeFor(scope: Scope) {
  return insurableListQuery(scope).where;
}

/** Titles already used among the same-type siblings (same parent; communities: same account), compared ignoring case. */
async function siblingTitles(db: Db, typeId: number, parentId: number | null, accountId: number | null, exceptId?: number): Promise<Set<string>> {
  const rows = await queryRows<{ title: string }>(
    db,
    sql`SELECT title FROM insurables WHERE insurable_type_id = ${typeId}
        AND ${parentId ? sql`insurable_id = ${parentId}` : sql`insurable_id IS NULL AND account_id ${accountId ? sql`= ${accountId}` : sql`IS NULL`}`}
        ${exceptId ? sql`AND id <> ${exceptId}` : sql``}`,
  );
  return new Set(rows.map((r) => r.title.trim().toLowerCase()));
}

async function saveAddress(tx: Tx, id: number, input: AddressInput) {
  const [before] = await tx
    .select()
    .from(addresses)
    .where(and(eq(addresses.addressable_type, "Insurable"), eq(addresses.addressable_id, id)))
    .limit(1);
  const merged = { ...(before ?? {}), ...input };
  const values = { ...input, full: fullAddress(merged), updated_at: new Date() };
  if (before) await tx.update(addresses).set(values).where(eq(addresses.id, before.id));
  else await tx.insert(addresses).values({ ...values, addressable_type: "Insurable", addressable_id: id });
  return diffChanges(before ?? {}, input, "address.");
}

export async function createInsurable(db: Db, scope: Scope, input: InsurableInput & { title: string; insurable_type_id: number }, author: Author) {
  const where = await placement(db, scope, input.insurable_type_id, input.insurable_id, input.account_id);
  const address = input.addresses_attributes?.[0];
  const errors = addressErrors(address, "addresses_attributes.0.", COMMUNITY_TYPE_IDS.includes(input.insurable_type_id));
  if (!input.title.trim()) errors.title = MESSAGES.required("title");
  else if ((await siblingTitles(db, input.insurable_type_id, where.insurable_id, where.account_id)).has(input.title.trim().toLowerCase())) errors.title = MESSAGES.emailTaken;
  if (Object.keys(errors).length) throw new ValidationError(errors);
  const id = await inTransaction(db, async (tx) => {
    const { addresses_attributes: _a, ...values } = input;
    const [row] = await tx.insert(insurables).values({ ...values, ...where, title: input.title.trim() }).returning();
    if (address) await saveAddress(tx, row.id, address);
    await recordHistory(tx, { type: "Insurable", id: row.id, action: "create", author, process: "console", changes: diffChanges({}, { title: row.title, insurable_type_id: row.insurable_type_id, insurable_id: row.insurable_id, account_id: row.account_id }) });
    if (hasRates(row.insurable_type_id)) await ensureDefaultRates(tx, row.id);
    return row.id;
  });
  return showInsurable(db, scope, id);
}

/** Title, flags and address; a property never changes type, parent or account here (Insurable Updates does that). */
export async function updateInsurable(db: Db, scope: Scope, id: number, input: InsurableInput, author: Author) {
  const current = await showInsurable(db, scope, id);
  const typeId = current.insurable_type_id;
  const errors: Record<string, string> = {};
  if (input.insurable_type_id !== undefined && input.insurable_type_id !== typeId) errors.insurable_type_id = MESSAGES.notPermitted;
  if (input.insurable_id !== undefined && input.insurable_id !== current.insurable_id) errors.insurable_id = MESSAGES.notPermitted;
  if (input.account_id !== undefined && input.account_id !== current.account_id) errors.account_id = MESSAGES.notPermitted;
  const address = input.addresses_attributes?.[0];
  Object.assign(errors, addressErrors(address, "addresses_attributes.0.", false));
  if (input.title !== undefined) {
    if (!input.title.trim()) errors.title = MESSAGES.required("title");
    else if ((await siblingTitles(db, typeId, current.insurable_id, current.account_id as number | null, id)).has(input.title.trim().toLowerCase())) errors.title = MESSAGES.emailTaken;
  }
  if (Object.keys(errors).length) throw new ValidationError(errors);
  await inTransaction(db, async (tx) => {
    const [before] = await tx.select().from(insurables).where(eq(insurables.id, id));
    const { addresses_attributes: _a, insurable_type_id: _t, insurable_id: _p, account_id: _acc, ...values } = input;
    const clean = { ...values, title: values.title?.trim() };
    let changes = diffChanges(before, clean);
    if (Object.values(clean).some((v) => v !== undefined)) await tx.update(insurables).set({ ...clean, updated_at: new Date() }).where(eq(insurables.id, id));
    if (address) changes = { ...changes, ...(await saveAddress(tx, id, address)) };
    await recordHistory(tx, { type: "Insurable", id, action: "update", author, process: "console", changes });
  });
  return showInsurable(db, scope, id);
}

// ---------- bulk creation from ranges ----------

export const MAX_BULK_TITLES = 5000;

/**
 * Titles from ranges (reference section 4.12): "1..20" → 1 … 20, "A..F" → A … F, "101..110", "A1..A9" (a prefix and a
 * numeric range, zero-padded like the start), a plain "Penthouse" as itself. Null when a range is not one of these.
 */
export function expandRange(range: string): string[] | null {
  const text = range.trim();
  if (!text) return null;
  const parts = text.split("..");
  if (parts.length === 1) return [text];
  if (parts.length !== 2) return null;
  const [from, to] = parts.map((p) => p.trim());
  const letters = /^[A-Za-z]$/;
  if (letters.test(from) && letters.test(to)) {
    const a = from.charCodeAt(0);
    const b = to.charCodeAt(0);
    if (b < a || (from.toUpperCase() === from) !== (to.toUpperCase() === to)) return null;
    return Array.from({ length: b - a + 1 }, (_, i) => String.fromCharCode(a + i));
  }
  const numbered = /^(.*?)(\d+)$/;
  const m1 = numbered.exec(from);
  const m2 = numbered.exec(to);
  if (!m1 || !m2 || m1[1] !== m2[1]) return null;
  const start = Number(m1[2]);
  const end = Number(m2[2]);
  if (end < start || end - start >= MAX_BULK_TITLES) return null;
  const width = m1[2].startsWith("0") ? m1[2].length : 0;
  return Array.from({ length: end - start + 1 }, (_, i) => `${m1[1]}${String(start + i).padStart(width, "0")}`);
}

export interface BulkInput {
  common_attributes: { account_id?: number | null; agency_id?: number | null; insurable_type_id: number; insurable_id?: number | null; enabled?: boolean; category?: "property" | "entity" };
  ranges: string[];
}

/**
 * Buildings or units in bulk (reference section 4.12): titles from the ranges under one parent; titles that exist
 * among the siblings are skipped (`already_created`), the rest created in one transaction (`created`); a range that
 * cannot be read is reported in `errors` and creates nothing.
 */
export async function bulkCreate(db: Db, scope: Scope, input: BulkInput, author: Author) {
  const common = input.common_attributes;
  if (!needsParent(common.insurable_type_id)) throw new ValidationError({ "insurables.common_attributes.insurable_type_id": "Ranges create buildings or units" });
  const where = await placement(db, scope, common.insurable_type_id, common.insurable_id, common.account_id, "insurables.common_attributes.");
  if (common.agency_id && where.agency_id && common.agency_id !== where.agency_id) {
    throw new ValidationError({ "insurables.common_attributes.account_id": "is not an account of this agency" });
  }
  const errors: Array<{ title: string; errors: string[] }> = [];
  const titles: string[] = [];
  for (const range of input.ranges) {
    const expanded = expandRange(range);
    if (!expanded) errors.push({ title: range, errors: ["is not a range (use 1..20 or A..F)"] });
    else titles.push(...expanded);
  }
  if (titles.length > MAX_BULK_TITLES) throw new ValidationError({ "insurables.ranges": MESSAGES.tooMany(MAX_BULK_TITLES) });
  const existing = await siblingTitles(db, common.insurable_type_id, where.insurable_id, where.account_id);
  const seen = new Set<string>();
  const already_created: string[] = [];
  const fresh: string[] = [];
  for (const title of titles) {
    const key = title.toLowerCase();
    if (existing.has(key)) already_created.push(title);
    else if (!seen.has(key)) fresh.push(title);
    seen.add(key);
  }
  const created = await inTransaction(db, async (tx) => {
    if (!fresh.length) return [];
    const rows = await tx
      .insert(insurables)
      .values(fresh.map((title) => ({ title, insurable_type_id: common.insurable_type_id, enabled: common.enabled ?? true, category: common.category ?? "property", ...where })))
      .returning({ id: insurables.id, title: insurables.title });
    await recordHistory(tx, { type: "Insurable", id: where.insurable_id!, action: "create_related", author, process: "console", changes: { children: { previous_value: null, new_value: rows.length } } });
    return rows;
  });
  return { created, already_created, errors };
}

// ---------- search, policies, rates ----------

/** The shell's and pickers' property search: titles (and addresses) containing the text, at most 10, within scope. */
export async function searchInsurables(db: Db, scope: Scope, text: string) {
  if (text.trim().length < 2) return [];
  const query = insurableListQuery(scope, [sql`(lower(i.title) LIKE ${likePattern(text.trim())} OR lower(addr.full) LIKE ${likePattern(text.trim())})`]);
  return queryRows(db, sql`SELECT ${query.select} FROM ${query.from} WHERE ${sql.join(query.where, sql` AND `)} ORDER BY i.insurable_type_id, i.title, i.id LIMIT 10`);
}

/** The policies on the property's units (or the unit itself), newest first, 1-based pages. */
export async function insurablePolicies(db: Db, scope: Scope, id: number, page: number, per: number) {
  await showInsurable(db, scope, id);
  const under = sql`(pi.insurable_id = ${id} OR u.insurable_id = ${id} OR b.insurable_id = ${id})`;
  const [count] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(DISTINCT po.id)::int AS n FROM policies po JOIN policy_insurables pi ON pi.policy_id = po.id JOIN insurables u ON u.id = pi.insurable_id
        LEFT JOIN insurables b ON b.id = u.insurable_id WHERE ${under}`,
  );
  const rows = await queryRows(
    db,
    sql`SELECT DISTINCT ON (po.created_at, po.id) po.id, po.number, po.status, po.policy_type_id, po.policy_in_system, po.effective_date, po.expiration_date,
          u.id AS unit_id, u.title AS unit_title, po.created_at
        FROM policies po JOIN policy_insurables pi ON pi.policy_id = po.id JOIN insurables u ON u.id = pi.insurable_id
        LEFT JOIN insurables b ON b.id = u.insurable_id WHERE ${under}
        ORDER BY po.created_at DESC, po.id DESC LIMIT ${per} OFFSET ${(page - 1) * per}`,
  );
  return { rows, total: count.n, page, per };
}

/** The standard rate table of a residential community: monthly premiums per liability limit (ours; no carrier call). */
const DEFAULT_RATES: Array<{ title: string; premium: number; coverage_limits: Record<string, number>; deductibles: Record<string, number>; mandatory: boolean }> = [
  { title: "Liability $100,000", premium: 800, coverage_limits: { liability: 10_000_000 }, deductibles: { all_peril: 25_000 }, mandatory: true },
  { title: "Liability $300,000", premium: 1100, coverage_limits: { liability: 30_000_000 }, deductibles: { all_peril: 25_000 }, mandatory: false },
  { title: "Contents $10,000", premium: 900, coverage_limits: { personal_property: 1_000_000 }, deductibles: { all_peril: 50_000 }, mandatory: false },
];

async function ensureDefaultRates(tx: Tx, id: number) {
  const [any] = await tx.select({ id: insurableRates.id }).from(insurableRates).where(eq(insurableRates.insurable_id, id)).limit(1);
  if (!any) await tx.insert(insurableRates).values(DEFAULT_RATES.map((r) => ({ ...r, insurable_id: id, interval: "month" as const })));
}

async function ratedCommunity(db: Db, scope: Scope, id: number) {
  const insurable = await showInsurable(db, scope, id);
  if (!hasRates(insurable.insurable_type_id)) throw new ValidationError({ insurable_id: "Only residential communities have rates" });
  return insurable;
}

export async function listRates(db: Db, scope: Scope, id: number) {
  await ratedCommunity(db, scope, id);
  return db.select().from(insurableRates).where(eq(insurableRates.insurable_id, id)).orderBy(insurableRates.interval, insurableRates.premium, insurableRates.id);
}

/** Refresh: a community without rates gets the standard table; existing rates are kept as they are. */
export async function refreshRates(db: Db, scope: Scope, id: number) {
  await ratedCommunity(db, scope, id);
  await inTransaction(db, (tx) => ensureDefaultRates(tx, id));
  return listRates(db, scope, id);
}

export type RateInput = {
  enabled?: boolean;
  mandatory?: boolean;
  premium?: number;
  interval?: (typeof RATE_INTERVALS)[number];
  title?: string;
};

export async function updateRate(db: Db, scope: Scope, id: number, rateId: number, input: RateInput, author: Author) {
  await ratedCommunity(db, scope, id);
  const [before] = await db.select().from(insurableRates).where(and(eq(insurableRates.id, rateId), eq(insurableRates.insurable_id, id)));
  if (!before) throw new NotFoundError("Record");
  await inTransaction(db, async (tx) => {
    await tx.update(insurableRates).set({ ...input, updated_at: new Date() }).where(eq(insurableRates.id, rateId));
    const changes = Object.fromEntries(Object.entries(diffChanges(before, input)).map(([k, v]) => [`rate.${rateId}.${k}`, v]));
    await recordHistory(tx, { type: "Insurable", id, action: "update_related", author, process: "console", changes });
  });
  const [after] = await db.select().from(insurableRates).where(eq(insurableRates.id, rateId));
  return after;
}

/** Coverage of the property's units: which are covered, and by what (policy numbers in force today). */
export async function coverage(db: Db, scope: Scope, id: number) {
  await showInsurable(db, scope, id);
  return queryRows(
    db,
    sql`SELECT u.id, u.title, u.covered, u.occupied, b.title AS building_title,
          (SELECT coalesce(json_agg(json_build_object('id', po.id, 'number', po.number, 'status', po.status, 'policy_type_id', po.policy_type_id) ORDER BY po.id), '[]'::json)
             FROM policy_insurables pi JOIN policies po ON po.id = pi.policy_id
            WHERE pi.insurable_id = u.id AND po.status IN (${sql.join(ACTIVE_POLICY_STATUSES.map((st) => sql`${st}`), sql`, `)})
              AND po.effective_date <= current_date AND po.expiration_date >= current_date AND po.cancellation_date IS NULL) AS policies
        FROM insurables u LEFT JOIN insurables b ON b.id = u.insurable_id AND b.insurable_type_id = 7
        WHERE u.insurable_type_id IN (${sql.join(UNIT_TYPE_IDS.map((t) => sql`${t}`), sql`, `)}) AND (u.id = ${id} OR u.insurable_id = ${id} OR b.insurable_id = ${id})
        ORDER BY b.title NULLS FIRST, u.title, u.id LIMIT 1000`,
  );
}

/** Residents: the leases on the property's units with their tenants. */
export async function residents(db: Db, scope: Scope, id: number) {
  await showInsurable(db, scope, id);
  return queryRows(
    db,
    sql`SELECT l.id AS lease_id, l.reference, l.status, l.start_date, l.end_date, u.id AS unit_id, u.title AS unit_title,
          (SELECT coalesce(json_agg(json_build_object('id', us.id, 'email', us.email, 'full_name', pr.full_name, 'primary', lu."primary") ORDER BY lu."primary" DESC, us.id), '[]'::json)
             FROM lease_users lu JOIN users us ON us.id = lu.user_id LEFT JOIN profiles pr ON pr.profileable_type = 'User' AND pr.profileable_id = us.id
            WHERE lu.lease_id = l.id) AS tenants
        FROM leases l JOIN insurables u ON u.id = l.insurable_id LEFT JOIN insurables b ON b.id = u.insurable_id AND b.insurable_type_id = 7
        WHERE (u.id = ${id} OR u.insurable_id = ${id} OR b.insurable_id = ${id})
        ORDER BY (l.status = 'current') DESC, l.start_date DESC, l.id DESC LIMIT 500`,
  );
}

export const INSURABLE_TYPE_ROWS = INSURABLE_TYPES.map((t) => ({ id: t.id, title: t.title, kind: t.kind }));

// ---------- address sync and property info (behind the address provider) ----------

/** Normalizes the property's own address through the provider and saves it; 422 with the parts it cannot read. */
export async function syncAddress(db: Db, scope: Scope, id: number, provider: AddressProvider, author: Author) {
  const insurable = await showInsurable(db, scope, id);
  const own = insurable.addresses[0];
  if (!own) throw new ValidationError({ addresses: "This property has no address of its own" });
  const { address, problems } = await provider.normalize(own);
  if (Object.keys(problems).length) throw new ValidationError(Object.fromEntries(Object.entries(problems).map(([k, v]) => [`address.${k}`, v])));
  await inTransaction(db, async (tx) => {
    const { full: _full, ...parts } = address;
    const changes = await saveAddress(tx, id, parts);
    await recordHistory(tx, { type: "Insurable", id, action: "update", author, process: "integration", changes });
  });
  return showInsurable(db, scope, id);
}

/** What the console shows about a property: its normalized address and its units' occupancy and coverage. */
export async function propertyInfo(db: Db, scope: Scope, id: number, provider: AddressProvider) {
  const insurable = await showInsurable(db, scope, id);
  const source = insurable.addresses[0] ?? (insurable.address as AddressInput | null);
  const normalized = source ? await provider.normalize(source) : null;
  const [counts] = await queryRows<{ units: number; occupied: number; covered: number; current_leases: number }>(
    db,
    sql`SELECT count(*)::int AS units, count(*) FILTER (WHERE u.occupied)::int AS occupied, count(*) FILTER (WHERE u.covered)::int AS covered,
          (SELECT count(*)::int FROM leases l WHERE l.status = 'current' AND l.insurable_id IN (SELECT x.id FROM insurables x LEFT JOIN insurables xb ON xb.id = x.insurable_id
             WHERE x.id = ${id} OR x.insurable_id = ${id} OR xb.insurable_id = ${id})) AS current_leases
        FROM insurables u LEFT JOIN insurables b ON b.id = u.insurable_id
        WHERE u.insurable_type_id IN (4, 5) AND (u.id = ${id} OR u.insurable_id = ${id} OR b.insurable_id = ${id})`,
  );
  return { id, title: insurable.title, address: normalized?.address ?? null, address_problems: normalized?.problems ?? {}, ...counts };
}
