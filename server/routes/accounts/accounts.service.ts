import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { accounts, addresses, agencies, histories, staff } from "../../db/schema";
import { ForbiddenError, NotFoundError, ValidationError } from "../../lib/errors";
import { type Author, diffChanges, recordHistory } from "../../lib/history";
import { type ListInput, type ListSpec, parseListParams, queryRows, runList } from "../../lib/list";
import { type Permission, accountList, agencyOnlyKeys, applyAccountPermissions, newAccountList, organisationPermissions, permissionsAbove, refusedKeys } from "../../lib/permission-sets";
import type { Scope } from "../../lib/scope";
import { EMAIL_PATTERN, MESSAGES, PHONE_PATTERN, ZIP_PATTERN, isUsState } from "../../lib/validators";
import { accountListQuery, accountListSpec, accountScope } from "./accounts.list";

export interface AddressInput {
  street_number?: string | null;
  street_name?: string | null;
  street_two?: string | null;
  city?: string | null;
  state?: string | null;
  zip_code?: string | null;
  primary?: boolean;
}

export interface AccountInput {
  title?: string;
  agency_id?: number;
  enabled?: boolean;
  contact_info?: { contact_phone?: string | null; contact_email?: string | null };
  additional_interest?: boolean;
  additional_interest_name?: string | null;
  minimum_liability?: number | null;
  addresses_attributes?: AddressInput[];
  global_permission_attributes?: { permissions: Permission[] };
}

export async function listAccounts(db: Db, scope: Scope, input: ListInput) {
  return runList(db, accountListQuery(scope), parseListParams(input, accountListSpec));
}

async function accountInScope(db: Db, scope: Scope, id: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`SELECT a.id FROM accounts a WHERE a.id = ${id} ${sql.join(accountScope(scope).map((c) => sql` AND ${c}`), sql``)}`,
  );
  return rows.length > 0;
}

/** 404 for an account that does not exist or lies outside the caller's scope (never reveal it exists). */
export async function assertAccountInScope(db: Db, scope: Scope, id: number) {
  if (!(await accountInScope(db, scope, id))) throw new NotFoundError("Account");
}

export const fullAddress = (a: AddressInput) =>
  [[a.street_number, a.street_name].filter(Boolean).join(" "), a.street_two, a.city, [a.state, a.zip_code].filter(Boolean).join(" ")]
    .filter((x) => x && String(x).trim())
    .join(", ");

/**
 * The account page's record: the grid's row plus every address, the owner and the agency, the permission set the
 * account holds (its own narrowed by its agency's) and the agency's, which bounds what the account may switch on.
 */
export async function showAccount(db: Db, scope: Scope, id: number) {
  await assertAccountInScope(db, scope, id);
  const query = accountListQuery({ kind: "all" });
  const [row] = await queryRows<Record<string, unknown>>(
    db,
    sql`SELECT ${query.select}, a.slug, a.staff_id,
          (SELECT json_build_object('id', st.id, 'email', st.email, 'full_name', p.full_name, 'enabled', st.enabled)
             FROM staffs st LEFT JOIN profiles p ON p.profileable_type = 'Staff' AND p.profileable_id = st.id WHERE st.id = a.staff_id) AS owner
        FROM ${query.from} WHERE a.id = ${id}`,
  );
  const rows = await db
    .select()
    .from(addresses)
    .where(and(eq(addresses.addressable_type, "Account"), eq(addresses.addressable_id, id)))
    .orderBy(sql`${addresses.primary} DESC`, addresses.id);
  return {
    ...row,
    addresses: rows.map((a) => ({
      id: a.id,
      street_number: a.street_number,
      street_name: a.street_name,
      street_two: a.street_two,
      city: a.city,
      state: a.state,
      zip_code: a.zip_code,
      full: a.full,
      primary: a.primary,
    })),
    // Only the keys that apply to account staff: the agency-only ones are never an account's (reference 3.2).
    global_permission: { permissions: accountList(await organisationPermissions(db, { type: "Account", id })) },
    agency_permission: { permissions: accountList(await permissionsAbove(db, { type: "Account", id })) },
  };
}

function validate(input: AccountInput, creating: boolean): Record<string, string> {
  const errors: Record<string, string> = {};
  if (creating || input.title !== undefined) if (!input.title?.trim()) errors.title = MESSAGES.required("title");
  if (creating && !input.agency_id) errors.agency_id = MESSAGES.required("agency");
  const phone = input.contact_info?.contact_phone;
  if (phone && !PHONE_PATTERN.test(phone)) errors["contact_info.contact_phone"] = MESSAGES.phone;
  const email = input.contact_info?.contact_email;
  if (email && !EMAIL_PATTERN.test(email)) errors["contact_info.contact_email"] = MESSAGES.email;
  if (input.minimum_liability !== undefined && input.minimum_liability !== null && input.minimum_liability < 0) errors.minimum_liability = MESSAGES.min(0);
  (input.addresses_attributes ?? []).forEach((a, i) => {
    const at = `addresses_attributes.${i}`;
    if (!a.street_name?.trim()) errors[`${at}.street_name`] = MESSAGES.required("street name");
    if (!a.city?.trim()) errors[`${at}.city`] = MESSAGES.required("city");
    if (!a.state) errors[`${at}.state`] = MESSAGES.required("state");
    else if (!isUsState(a.state)) errors[`${at}.state`] = MESSAGES.state;
    if (!a.zip_code) errors[`${at}.zip_code`] = MESSAGES.required("zip code");
    else if (!ZIP_PATTERN.test(a.zip_code)) errors[`${at}.zip_code`] = MESSAGES.zip;
  });
  return errors;
}

/**
 * The agency an account is created in or moved to must lie in the caller's scope: agents their tree (their own
 * agency when they name none), super admins any. Account staff never move their account.
 */
async function agencyFor(db: Db, scope: Scope, role: string, organizableId: number | null, wanted: number | undefined) {
  const agencyId = wanted ?? (role === "agent" ? (organizableId ?? undefined) : undefined);
  if (agencyId === undefined) return undefined;
  const [agency] = await db.select({ id: agencies.id }).from(agencies).where(eq(agencies.id, agencyId));
  if (!agency) throw new ValidationError({ agency_id: "Select agency from the drop-down list" });
  if (scope.kind === "account") throw new ForbiddenError("Account staff cannot move their account to another agency");
  if (scope.kind === "agencies" && !scope.agencyIds.includes(agencyId)) throw new ForbiddenError("That agency is outside your scope");
  if (scope.kind === "none") throw new ForbiddenError();
  return agencyId;
}

/** Addresses sent replace the account's addresses (reference 4.1: omitted ones are deleted); the first is primary. */
async function saveAddresses(tx: Db, accountId: number, list: AddressInput[]) {
  await tx.delete(addresses).where(and(eq(addresses.addressable_type, "Account"), eq(addresses.addressable_id, accountId)));
  if (!list.length) return;
  const primaryIndex = Math.max(0, list.findIndex((a) => a.primary));
  await tx.insert(addresses).values(
    list.map((a, i) => ({
      addressable_type: "Account" as const,
      addressable_id: accountId,
      street_number: a.street_number?.trim() || null,
      street_name: a.street_name?.trim() || null,
      street_two: a.street_two?.trim() || null,
      city: a.city?.trim() || null,
      state: a.state ?? null,
      zip_code: a.zip_code ?? null,
      full: fullAddress(a),
      primary: i === primaryIndex,
    })),
  );
}

const addressSummary = (list: AddressInput[]) => list.map(fullAddress);

export interface AccountCaller {
  role: string;
  organizableId: number | null;
  scope: Scope;
  author: Author;
}

/**
 * An account narrows its agency's permission set, never widens it (reference section 3.2): a key the agency (or its
 * parent) lacks is refused, and so is any agency-only key, which never applies to account staff. Only super admins
 * and the agents over the account change it; its own staff never do, as agents never change their own agency's.
 */
async function checkPermissions(caller: AccountCaller, wanted: Permission[], above: () => Promise<Permission[]>) {
  if (!wanted.length) return;
  if (caller.role !== "super_admin" && caller.role !== "agent") throw new ForbiddenError("Only a super admin or the account's agents change this account's permissions");
  const refused = [...agencyOnlyKeys(wanted), ...refusedKeys(await above(), wanted.filter((p) => !agencyOnlyKeys([p]).length))];
  if (refused.length) throw new ValidationError({ "global_permission_attributes.permissions": refused.join(", ") });
}

export async function createAccount(db: Db, caller: AccountCaller, input: AccountInput) {
  const errors = validate({ ...input, agency_id: input.agency_id ?? (caller.role === "agent" ? (caller.organizableId ?? undefined) : undefined) }, true);
  if (Object.keys(errors).length) throw new ValidationError(errors);
  const agencyId = (await agencyFor(db, caller.scope, caller.role, caller.organizableId, input.agency_id))!;
  const wanted = input.global_permission_attributes?.permissions ?? [];
  await checkPermissions(caller, wanted, () => organisationPermissions(db, { type: "Agency", id: agencyId }));
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [row] = await tx
      .insert(accounts)
      .values({
        title: input.title!.trim(),
        agency_id: agencyId,
        enabled: input.enabled ?? true,
        contact_info: cleanContact(input.contact_info),
        additional_interest: input.additional_interest ?? true,
        additional_interest_name: input.additional_interest_name?.trim() || null,
        minimum_liability: input.minimum_liability ?? null,
      })
      .returning({ id: accounts.id });
    await saveAddresses(tx, row.id, input.addresses_attributes ?? []);
    // A new account starts without rent-guarantee mass import and the requests keys (reference 3.2); what the
    // caller asked for wins over those defaults. The create history row lists each key that starts off.
    const defaultsOff = newAccountList().filter((p) => !p.value);
    const permissions = await applyAccountPermissions(tx, row.id, null, [...wanted, ...defaultsOff]);
    await recordHistory(tx, {
      type: "Account",
      id: row.id,
      action: "create",
      author: caller.author,
      process: "console",
      changes: { ...diffChanges({}, { title: input.title!.trim(), agency_id: agencyId, addresses: addressSummary(input.addresses_attributes ?? []) }), ...permissions },
    });
    return row.id;
  });
}

const cleanContact = (c: AccountInput["contact_info"]) => ({
  ...(c?.contact_phone ? { contact_phone: c.contact_phone.trim() } : {}),
  ...(c?.contact_email ? { contact_email: c.contact_email.trim() } : {}),
});

export async function updateAccount(db: Db, caller: AccountCaller, id: number, input: AccountInput) {
  await assertAccountInScope(db, caller.scope, id);
  const errors = validate(input, false);
  if (Object.keys(errors).length) throw new ValidationError(errors);
  const [before] = await db.select().from(accounts).where(eq(accounts.id, id));
  const agencyId = input.agency_id !== undefined && input.agency_id !== before.agency_id ? await agencyFor(db, caller.scope, caller.role, caller.organizableId, input.agency_id) : undefined;
  const wanted = input.global_permission_attributes?.permissions ?? [];
  await checkPermissions(caller, wanted, () =>
    agencyId === undefined ? permissionsAbove(db, { type: "Account", id }) : organisationPermissions(db, { type: "Agency", id: agencyId }),
  );
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const set: Partial<typeof accounts.$inferInsert> = {};
    if (input.title !== undefined) set.title = input.title.trim();
    if (agencyId !== undefined) set.agency_id = agencyId;
    if (input.contact_info !== undefined) set.contact_info = cleanContact(input.contact_info);
    if (input.additional_interest !== undefined) set.additional_interest = input.additional_interest;
    if (input.additional_interest_name !== undefined) set.additional_interest_name = input.additional_interest_name?.trim() || null;
    if (input.minimum_liability !== undefined) set.minimum_liability = input.minimum_liability;
    const changes = diffChanges(before as unknown as Record<string, unknown>, set as Record<string, unknown>);
    if (Object.keys(set).length) await tx.update(accounts).set({ ...set, updated_at: new Date() }).where(eq(accounts.id, id));
    if (input.addresses_attributes) {
      const previous = await tx.select().from(addresses).where(and(eq(addresses.addressable_type, "Account"), eq(addresses.addressable_id, id))).orderBy(sql`${addresses.primary} DESC`, addresses.id);
      const next = addressSummary(input.addresses_attributes);
      const prev = previous.map((a) => a.full ?? "");
      if (JSON.stringify(prev) !== JSON.stringify(next)) changes.addresses = { previous_value: prev, new_value: next };
      await saveAddresses(tx, id, input.addresses_attributes);
    }
    if (wanted.length) Object.assign(changes, await applyAccountPermissions(tx, id, before.staff_id, wanted));
    await recordHistory(tx, { type: "Account", id, action: "update", author: caller.author, process: "console", changes });
  });
}

/**
 * Enable / disable (reference 4.1): disabling disables every staff member of the account (they are signed out on
 * their next call); enabling re-enables only the owner. One transaction, a history row on the account and on every
 * staff member whose access changed.
 */
export async function setAccountEnabled(db: Db, caller: AccountCaller, id: number, enabled: boolean) {
  await assertAccountInScope(db, caller.scope, id);
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [before] = await tx.select().from(accounts).where(eq(accounts.id, id));
    await tx.update(accounts).set({ enabled, updated_at: new Date() }).where(eq(accounts.id, id));
    await recordHistory(tx, { type: "Account", id, action: "update", author: caller.author, process: "console", changes: diffChanges({ enabled: before.enabled }, { enabled }) });
    const changed = enabled
      ? before.staff_id
        ? await tx.update(staff).set({ enabled: true, updated_at: new Date() }).where(and(eq(staff.id, before.staff_id), eq(staff.enabled, false))).returning({ id: staff.id })
        : []
      : await tx
          .update(staff)
          .set({ enabled: false, updated_at: new Date() })
          .where(and(eq(staff.organizable_type, "Account"), eq(staff.organizable_id, id), eq(staff.enabled, true)))
          .returning({ id: staff.id });
    for (const { id: staffId } of changed) {
      await recordHistory(tx, { type: "Staff", id: staffId, action: "update", author: caller.author, process: "console", changes: { enabled: { previous_value: !enabled, new_value: enabled } } });
    }
  });
}

const TAB_KINDS = {
  communities: [1, 2, 3],
  buildings: [7],
  units: [4, 5],
} as const;

const insurableTabSpec: ListSpec = {
  filters: { title: { type: "text", column: sql`i.title` }, enabled: { type: "bool", column: sql`i.enabled` } },
  sorts: { id: sql`i.id`, title: sql`lower(i.title)`, created_at: sql`i.created_at` },
  defaultSort: { column: "title", direction: "asc" },
  tieBreaker: sql`i.id`,
};

/** account_communities / account_buildings / account_units: the account's properties of one kind, paginated. */
export async function accountInsurables(db: Db, scope: Scope, id: number, kind: keyof typeof TAB_KINDS, input: ListInput) {
  await assertAccountInScope(db, scope, id);
  const types = TAB_KINDS[kind];
  return runList(
    db,
    {
      select: sql`i.id, i.title, i.enabled, i.insurable_type_id, i.insurable_id, i.covered, i.occupied,
        parent.title AS parent_title,
        (SELECT ad.full FROM addresses ad WHERE ad.addressable_type = 'Insurable' AND ad.addressable_id = i.id ORDER BY ad.primary DESC, ad.id LIMIT 1) AS address`,
      from: sql`insurables i LEFT JOIN insurables parent ON parent.id = i.insurable_id`,
      where: [sql`i.account_id = ${id}`, sql`i.insurable_type_id IN (${sql.join(types.map((t) => sql`${t}`), sql`, `)})`],
      id: sql`i.id`,
    },
    parseListParams(input, insurableTabSpec),
  );
}

const policyTabSpec: ListSpec = {
  filters: { number: { type: "text", column: sql`po.number` }, status: { type: "text", column: sql`po.status` } },
  sorts: { id: sql`po.id`, number: sql`po.number`, status: sql`po.status`, effective_date: sql`po.effective_date`, expiration_date: sql`po.expiration_date`, created_at: sql`po.created_at` },
  defaultSort: { column: "created_at", direction: "desc" },
  tieBreaker: sql`po.id`,
};

/** account_policies: the account's policies, newest first, paginated. */
export async function accountPolicies(db: Db, scope: Scope, id: number, input: ListInput) {
  await assertAccountInScope(db, scope, id);
  return runList(
    db,
    {
      select: sql`po.id, po.number, po.status, po.policy_in_system, po.effective_date, po.expiration_date, po.created_at,
        (SELECT p.full_name FROM policy_users pu JOIN profiles p ON p.profileable_type = 'User' AND p.profileable_id = pu.user_id
          WHERE pu.policy_id = po.id ORDER BY pu.primary DESC, pu.id LIMIT 1) AS primary_user`,
      from: sql`policies po`,
      where: [sql`po.account_id = ${id}`],
      id: sql`po.id`,
    },
    parseListParams(input, policyTabSpec),
  );
}

const historySpec: ListSpec = {
  filters: {},
  sorts: { created_at: sql`h.created_at` },
  defaultSort: { column: "created_at", direction: "desc" },
  tieBreaker: sql`h.id`,
};

export async function accountHistories(db: Db, scope: Scope, id: number, input: ListInput) {
  await assertAccountInScope(db, scope, id);
  return runList(
    db,
    {
      select: sql`h.id, h.action, h.author, h.process, h.data, h.created_at`,
      from: sql`${histories} h`,
      where: [sql`h.recordable_type = 'Account'`, sql`h.recordable_id = ${id}`],
      id: sql`h.id`,
    },
    parseListParams(input, historySpec),
  );
}

/** GET /agency-accounts/{agencyId}: the enabled accounts of an agency by title (reference 4.1), within scope. */
export async function agencyAccounts(db: Db, scope: Scope, agencyId: number) {
  // Another tenant's agency is a 404 like any record outside the caller's scope.
  const visible =
    scope.kind === "all" ||
    (scope.kind === "agencies" && scope.agencyIds.includes(agencyId)) ||
    (scope.kind === "account" && (await queryRows(db, sql`SELECT 1 FROM accounts WHERE id = ${scope.accountId} AND agency_id = ${agencyId}`)).length > 0);
  if (!visible) throw new NotFoundError("Agency");
  return queryRows(
    db,
    sql`SELECT a.id, a.title, json_build_object('full', pa.full) AS address FROM accounts a
        LEFT JOIN LATERAL (SELECT ad.full FROM addresses ad WHERE ad.addressable_type = 'Account' AND ad.addressable_id = a.id ORDER BY ad.primary DESC, ad.id LIMIT 1) pa ON true
        WHERE a.agency_id = ${agencyId} AND a.enabled ${sql.join(accountScope(scope).map((c) => sql` AND ${c}`), sql``)}
        ORDER BY lower(a.title), a.id LIMIT 1000`,
  );
}
