import { randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { PERMISSION_KEYS } from "../../../src/domain/permissions";
import type { Db } from "../../db/client";
import { addresses, agencies, agencyPermissions, histories, staff } from "../../db/schema";
import { ForbiddenError, NotFoundError, ValidationError } from "../../lib/errors";
import { type Author, diffChanges, recordHistory } from "../../lib/history";
import { type ListInput, type ListSpec, parseListParams, queryRows, runList } from "../../lib/list";
import { type Permission, applyAgencyPermissions, organisationPermissions, permissionsAbove, refusedKeys } from "../../lib/permission-sets";
import type { Scope } from "../../lib/scope";
import { EMAIL_PATTERN, MESSAGES, PHONE_PATTERN, ZIP_PATTERN, isUsState } from "../../lib/validators";
import { agencyListQuery, agencyListSpec, agencyScope } from "./agencies.list";

export const PARENT_INCORRECT = "Parent id incorrect";
export const CANNOT_BECOME_SUB_AGENCY = "Agency can't be updated to sub-agency";

export interface AgencyAddress {
  street_number?: string | null;
  street_name?: string | null;
  street_two?: string | null;
  city?: string | null;
  state?: string | null;
  zip_code?: string | null;
}

export interface AgencyInput {
  title?: string;
  agency_id?: number | null;
  enabled?: boolean;
  producer_code?: string | null;
  contact_info?: { contact_phone?: string | null; contact_email?: string | null };
  addresses_attributes?: AgencyAddress[];
  global_permission_attributes?: { permissions: Permission[] };
}

export interface AgencyCaller {
  role: string;
  organizableId: number | null;
  scope: Scope;
  author: Author;
}

export async function listAgencies(db: Db, scope: Scope, input: ListInput, withSubagencies: boolean) {
  // Agents browse their own tree, whose root may itself be a sub-agency: top-level only applies to super admins.
  const topLevelOnly = !withSubagencies && scope.kind === "all";
  return runList(db, agencyListQuery(scope, topLevelOnly), parseListParams(input, agencyListSpec));
}

async function assertAgencyInScope(db: Db, scope: Scope, id: number) {
  const rows = await queryRows<{ id: number }>(db, sql`SELECT ag.id FROM agencies ag WHERE ag.id = ${id} ${sql.join(agencyScope(scope).map((c) => sql` AND ${c}`), sql``)}`);
  if (!rows.length) throw new NotFoundError("Agency");
}

const fullAddress = (a: AgencyAddress) =>
  [[a.street_number, a.street_name].filter(Boolean).join(" "), a.street_two, a.city, [a.state, a.zip_code].filter(Boolean).join(" ")]
    .filter((x) => x && String(x).trim())
    .join(", ");

/**
 * The agency page's record (reference 4.1 show): the grid's row plus addresses, owner and permission set, and for a
 * sub-agency what its parent allows (`parent_permission`), which bounds what the sub-agency may switch on.
 */
export async function showAgency(db: Db, scope: Scope, id: number) {
  await assertAgencyInScope(db, scope, id);
  const query = agencyListQuery({ kind: "all" }, false);
  const [row] = await queryRows<Record<string, unknown>>(
    db,
    sql`SELECT ${query.select}, ag.staff_id,
          (SELECT json_build_object('id', st.id, 'email', st.email, 'full_name', p.full_name, 'enabled', st.enabled)
             FROM staffs st LEFT JOIN profiles p ON p.profileable_type = 'Staff' AND p.profileable_id = st.id WHERE st.id = ag.staff_id) AS owner,
          (SELECT coalesce(json_agg(json_build_object('id', bp.id, 'url', bp.url) ORDER BY bp.id), '[]'::json)
             FROM branding_profiles bp WHERE bp.profileable_type = 'Agency' AND bp.profileable_id = ag.id) AS branding_profiles
        FROM ${query.from} WHERE ag.id = ${id}`,
  );
  const rows = await db.select().from(addresses).where(and(eq(addresses.addressable_type, "Agency"), eq(addresses.addressable_id, id))).orderBy(sql`${addresses.primary} DESC`, addresses.id);
  const permissions = await organisationPermissions(db, { type: "Agency", id });
  return {
    ...row,
    addresses: rows.map((a) => ({ id: a.id, street_number: a.street_number, street_name: a.street_name, street_two: a.street_two, city: a.city, state: a.state, zip_code: a.zip_code, full: a.full })),
    global_permission: { permissions },
    parent_permission: row.agency_id === null || row.agency_id === undefined ? null : { permissions: await permissionsAbove(db, { type: "Agency", id }) },
  };
}

function validate(input: AgencyInput, creating: boolean): Record<string, string> {
  const errors: Record<string, string> = {};
  if (creating || input.title !== undefined) if (!input.title?.trim()) errors.title = MESSAGES.required("title");
  const phone = input.contact_info?.contact_phone;
  if (phone && !PHONE_PATTERN.test(phone)) errors["contact_info.contact_phone"] = MESSAGES.phone;
  const email = input.contact_info?.contact_email;
  if (email && !EMAIL_PATTERN.test(email)) errors["contact_info.contact_email"] = MESSAGES.email;
  (input.addresses_attributes ?? []).forEach((a, i) => {
    const at = `addresses_attributes.${i}`;
    if (!a.street_name?.trim()) errors[`${at}.street_name`] = MESSAGES.required("street name");
    if (!a.city?.trim()) errors[`${at}.city`] = MESSAGES.required("city");
    if (!a.state) errors[`${at}.state`] = MESSAGES.required("state");
    else if (!isUsState(a.state)) errors[`${at}.state`] = MESSAGES.state;
    if (!a.zip_code) errors[`${at}.zip_code`] = MESSAGES.required("zip code");
    else if (!ZIP_PATTERN.test(a.zip_code)) errors[`${at}.zip_code`] = MESSAGES.zip;
  });
  for (const p of input.global_permission_attributes?.permissions ?? []) {
    if (!(PERMISSION_KEYS as readonly string[]).includes(p.key)) errors["global_permission_attributes.permissions"] = `${p.key} is not a permission`;
  }
  return errors;
}

async function producerCodeTaken(db: Db, code: string, exceptId?: number) {
  const [row] = await db.select({ id: agencies.id }).from(agencies).where(and(sql`lower(${agencies.producer_code}) = ${code.toLowerCase()}`, exceptId ? sql`${agencies.id} <> ${exceptId}` : undefined));
  return Boolean(row);
}

/** A parent must exist, be top-level (two levels only) and lie in the caller's scope. */
async function checkParent(db: Db, scope: Scope, parentId: number) {
  const [parent] = await db.select({ id: agencies.id, agency_id: agencies.agency_id }).from(agencies).where(eq(agencies.id, parentId));
  if (!parent || parent.agency_id !== null) throw new ValidationError({ agency_id: PARENT_INCORRECT });
  if (scope.kind === "agencies" && !scope.agencyIds.includes(parentId)) throw new ForbiddenError("That agency is outside your scope");
}

async function saveAddresses(tx: Db, agencyId: number, list: AgencyAddress[]) {
  await tx.delete(addresses).where(and(eq(addresses.addressable_type, "Agency"), eq(addresses.addressable_id, agencyId)));
  if (!list.length) return;
  await tx.insert(addresses).values(
    list.map((a, i) => ({
      addressable_type: "Agency" as const,
      addressable_id: agencyId,
      street_number: a.street_number?.trim() || null,
      street_name: a.street_name?.trim() || null,
      street_two: a.street_two?.trim() || null,
      city: a.city?.trim() || null,
      state: a.state ?? null,
      zip_code: a.zip_code ?? null,
      full: fullAddress(a),
      primary: i === 0,
    })),
  );
}

const cleanContact = (c: AgencyInput["contact_info"]) => ({
  ...(c?.contact_phone ? { contact_phone: c.contact_phone.trim() } : {}),
  ...(c?.contact_email ? { contact_email: c.contact_email.trim() } : {}),
});

/**
 * Creates an agency (reference 3.1, 4.1): the parent is the one named (it must be top-level: two levels only), or for
 * an agent its own agency, so agents create sub-agencies under theirs. A blank producer code gets a random one. The
 * new agency starts with its parent's permission set (none: every key on).
 */
export async function createAgency(db: Db, caller: AgencyCaller, input: AgencyInput) {
  const errors = validate(input, true);
  const parentId = input.agency_id ?? (caller.role === "agent" ? caller.organizableId : null);
  if (caller.role === "agent" && parentId === null) throw new ForbiddenError();
  const code = input.producer_code?.trim() || randomBytes(5).toString("hex").toUpperCase();
  if (input.producer_code?.trim() && (await producerCodeTaken(db, code))) errors.producer_code = MESSAGES.emailTaken;
  if (Object.keys(errors).length) throw new ValidationError(errors);
  if (parentId !== null) await checkParent(db, caller.scope, parentId);
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [row] = await tx
      .insert(agencies)
      .values({ title: input.title!.trim(), agency_id: parentId, enabled: input.enabled ?? true, producer_code: code, contact_info: cleanContact(input.contact_info) })
      .returning({ id: agencies.id });
    await saveAddresses(tx, row.id, input.addresses_attributes ?? []);
    const inherited = parentId !== null ? await tx.select({ key: agencyPermissions.key, value: agencyPermissions.value }).from(agencyPermissions).where(eq(agencyPermissions.agency_id, parentId)) : [];
    if (inherited.length) await tx.insert(agencyPermissions).values(inherited.map((p) => ({ agency_id: row.id, ...p })));
    await recordHistory(tx, { type: "Agency", id: row.id, action: "create", author: caller.author, process: "console", changes: diffChanges({}, { title: input.title!.trim(), agency_id: parentId, producer_code: code }) });
    return row.id;
  });
}

export async function updateAgency(db: Db, caller: AgencyCaller, id: number, input: AgencyInput) {
  await assertAgencyInScope(db, caller.scope, id);
  const errors = validate(input, false);
  const [before] = await db.select().from(agencies).where(eq(agencies.id, id));
  if (input.producer_code?.trim() && (await producerCodeTaken(db, input.producer_code.trim(), id))) errors.producer_code = MESSAGES.emailTaken;
  const parentChanges = input.agency_id !== undefined && input.agency_id !== before.agency_id;
  if (parentChanges && before.agency_id === null) errors.agency_id = CANNOT_BECOME_SUB_AGENCY;
  if (Object.keys(errors).length) throw new ValidationError(errors);
  if (parentChanges) {
    // Agents never move their own agency; a sub-agency moves only under another top-level agency.
    if (caller.role === "agent" && id === caller.organizableId) throw new ForbiddenError();
    if (input.agency_id === null) throw new ValidationError({ agency_id: PARENT_INCORRECT });
    await checkParent(db, caller.scope, input.agency_id!);
  }
  const wanted = input.global_permission_attributes?.permissions ?? [];
  if (wanted.length) {
    if (caller.role === "agent" && id === caller.organizableId) throw new ForbiddenError("Only a super admin or the parent agency's agents change this agency's permissions");
    if (before.agency_id !== null) {
      const refused = refusedKeys(await permissionsAbove(db, { type: "Agency", id }), wanted);
      if (refused.length) throw new ValidationError({ "global_permission_attributes.permissions": refused.join(", ") });
    }
  }
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const set: Partial<typeof agencies.$inferInsert> = {};
    if (input.title !== undefined) set.title = input.title.trim();
    if (parentChanges) set.agency_id = input.agency_id!;
    if (input.producer_code?.trim()) set.producer_code = input.producer_code.trim();
    if (input.contact_info !== undefined) set.contact_info = cleanContact(input.contact_info);
    const changes = diffChanges(before as unknown as Record<string, unknown>, set as Record<string, unknown>);
    if (Object.keys(set).length) await tx.update(agencies).set({ ...set, updated_at: new Date() }).where(eq(agencies.id, id));
    if (input.addresses_attributes) {
      const previous = await tx.select({ full: addresses.full }).from(addresses).where(and(eq(addresses.addressable_type, "Agency"), eq(addresses.addressable_id, id))).orderBy(sql`${addresses.primary} DESC`, addresses.id);
      const prev = previous.map((a) => a.full ?? "");
      const next = input.addresses_attributes.map(fullAddress);
      if (JSON.stringify(prev) !== JSON.stringify(next)) changes.addresses = { previous_value: prev, new_value: next };
      await saveAddresses(tx, id, input.addresses_attributes);
    }
    if (wanted.length) {
      Object.assign(changes, await applyAgencyPermissions(tx, id, before.staff_id, wanted, caller.author));
    }
    await recordHistory(tx, { type: "Agency", id, action: "update", author: caller.author, process: "console", changes });
  });
}

/**
 * Enable / disable an agency (reference 4.1, super admins): disabling disables every agent of the agency; enabling
 * re-enables only its owner. History on the agency and on every agent whose access changed.
 */
export async function setAgencyEnabled(db: Db, caller: AgencyCaller, id: number, enabled: boolean) {
  await assertAgencyInScope(db, caller.scope, id);
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [before] = await tx.select().from(agencies).where(eq(agencies.id, id));
    await tx.update(agencies).set({ enabled, updated_at: new Date() }).where(eq(agencies.id, id));
    await recordHistory(tx, { type: "Agency", id, action: "update", author: caller.author, process: "console", changes: diffChanges({ enabled: before.enabled }, { enabled }) });
    const changed = enabled
      ? before.staff_id
        ? await tx.update(staff).set({ enabled: true, updated_at: new Date() }).where(and(eq(staff.id, before.staff_id), eq(staff.enabled, false))).returning({ id: staff.id })
        : []
      : await tx.update(staff).set({ enabled: false, updated_at: new Date() }).where(and(eq(staff.organizable_type, "Agency"), eq(staff.organizable_id, id), eq(staff.enabled, true))).returning({ id: staff.id });
    for (const { id: staffId } of changed) {
      await recordHistory(tx, { type: "Staff", id: staffId, action: "update", author: caller.author, process: "console", changes: { enabled: { previous_value: !enabled, new_value: enabled } } });
    }
  });
}

const historySpec: ListSpec = { filters: {}, sorts: { created_at: sql`h.created_at` }, defaultSort: { column: "created_at", direction: "desc" }, tieBreaker: sql`h.id` };

export async function agencyHistories(db: Db, scope: Scope, id: number, input: ListInput) {
  await assertAgencyInScope(db, scope, id);
  return runList(
    db,
    { select: sql`h.id, h.action, h.author, h.process, h.data, h.created_at`, from: sql`${histories} h`, where: [sql`h.recordable_type = 'Agency'`, sql`h.recordable_id = ${id}`], id: sql`h.id` },
    parseListParams(input, historySpec),
  );
}

/** POST /agencies/filter (reference 4.1): the agencies the caller may see, by title, with or without children. */
export async function filterAgencies(db: Db, scope: Scope, input: { title?: string; agency_id?: number; include_children?: boolean; page: number; per: number }) {
  const conditions = [
    ...agencyScope(scope),
    ...(input.title ? [sql`lower(ag.title) LIKE ${`%${input.title.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`] : []),
    ...(input.agency_id ? [input.include_children ? sql`(ag.id = ${input.agency_id} OR ag.agency_id = ${input.agency_id})` : sql`ag.id = ${input.agency_id}`] : []),
  ];
  return queryRows(
    db,
    sql`SELECT ag.id, ag.title, ag.agency_id, ag.enabled FROM agencies ag
        ${conditions.length ? sql`WHERE ${sql.join(conditions, sql` AND `)}` : sql``}
        ORDER BY lower(ag.title), ag.id LIMIT ${input.per} OFFSET ${(input.page - 1) * input.per}`,
  );
}
