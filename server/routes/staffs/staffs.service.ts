import { and, eq, sql } from "drizzle-orm";
import { decideAccess } from "../../../src/domain/access";
import { PERMISSION_KEYS } from "../../../src/domain/permissions";
import { ROLE_ORGANIZABLE, type Role } from "../../../src/domain/roles";
import type { Db } from "../../db/client";
import { accounts, agencies, histories, profiles, staff, staffPermissions } from "../../db/schema";
import { ForbiddenError, NotFoundError, PermissionNotEnabledError, ValidationError } from "../../lib/errors";
import { type Author, diffChanges, recordHistory } from "../../lib/history";
import { type ListInput, parseListParams, queryRows, runList } from "../../lib/list";
import { hashPassword, verifyPassword } from "../../lib/passwords";
import type { Scope } from "../../lib/scope";
import { hashSecret, newSecret } from "../../lib/tokens";
import { findProfile, fullName, saveProfile } from "../../lib/profiles";
import { EMAIL_PATTERN, MESSAGES, PHONE_PATTERN } from "../../lib/validators";
import type { Mailer } from "../../mail/mailer";
import type { Caller } from "../../plugins/auth";
import { loadStaffUser, loadStaffUsers } from "./staff-user";
import { staffListQuery, staffListSpec } from "./staffs.list";

/** Agents are read through staff (document 3), but gated by their own key: agencies.agents, not managers. */
export function staffResourceFor(organizableType: unknown): "agents" | "staff" {
  return organizableType === "Agency" ? "agents" : "staff";
}

export function assertAccess(caller: Caller, resource: string, action: string) {
  const decision = decideAccess(caller.user, resource, action);
  if (decision === "forbidden") throw new ForbiddenError();
  if (decision === "permission_not_enabled") throw new PermissionNotEnabledError();
}

export async function listStaff(db: Db, scope: Scope, input: ListInput) {
  const params = parseListParams(input, staffListSpec);
  const result = await runList<{ id: number }>(db, staffListQuery(scope), params);
  return { ...result, rows: await loadStaffUsers(db, result.rows.map((r) => r.id)) };
}

async function inScope(db: Db, scope: Scope, id: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`SELECT s.id FROM ${staffListQuery(scope).from} WHERE s.id = ${id} ${sql.join(
      staffListQuery(scope).where.map((w) => sql` AND ${w}`),
      sql``,
    )}`,
  );
  return rows.length > 0;
}

export async function showStaff(db: Db, scope: Scope, id: number) {
  if (!(await inScope(db, scope, id))) throw new NotFoundError("Staff");
  return (await loadStaffUser(db, id))!;
}

export interface StaffInput {
  email?: string;
  role?: Role;
  organizable_type?: "Account" | "Agency" | null;
  organizable_id?: number | null;
  enabled?: boolean;
  profile_attributes?: Partial<Record<"first_name" | "last_name" | "middle_name" | "job_title" | "contact_phone" | "contact_email" | "birth_date", string | null>>;
  staff_permission_attributes?: { permissions: Array<{ key: string; value: boolean }> };
}

async function emailTaken(db: Db, email: string, exceptId?: number) {
  const [row] = await db
    .select({ id: staff.id })
    .from(staff)
    .where(and(sql`lower(${staff.email}) = ${email.trim().toLowerCase()}`, exceptId ? sql`${staff.id} <> ${exceptId}` : undefined));
  return Boolean(row);
}

export async function checkEmail(db: Db, email: string, id?: number) {
  return { email_available_to_use: !(await emailTaken(db, email, id)) };
}

function validateProfile(p: StaffInput["profile_attributes"], errors: Record<string, string>, creating: boolean) {
  if (creating || p?.first_name !== undefined) if (!p?.first_name?.trim()) errors["profile_attributes.first_name"] = MESSAGES.required("first name");
  if (creating || p?.last_name !== undefined) if (!p?.last_name?.trim()) errors["profile_attributes.last_name"] = MESSAGES.required("last name");
  if (p?.contact_phone && !PHONE_PATTERN.test(p.contact_phone)) errors["profile_attributes.contact_phone"] = MESSAGES.phone;
  if (p?.contact_email && !EMAIL_PATTERN.test(p.contact_email)) errors["profile_attributes.contact_email"] = MESSAGES.email;
}

/** Checks that the organizable a new staff joins lies in the creator's scope (reference section 1, Staff management). */
async function assertOrganizableInScope(db: Db, scope: Scope, type: "Account" | "Agency", id: number) {
  if (type === "Account") {
    const [acc] = await db.select({ id: accounts.id, agency_id: accounts.agency_id }).from(accounts).where(eq(accounts.id, id));
    if (!acc) throw new ValidationError({ organizable_id: "Select account from the drop-down list" });
    const ok = scope.kind === "all" || (scope.kind === "account" && scope.accountId === id) || (scope.kind === "agencies" && scope.agencyIds.includes(acc.agency_id));
    if (!ok) throw new ForbiddenError("That account is outside your scope");
  } else {
    const [ag] = await db.select({ id: agencies.id }).from(agencies).where(eq(agencies.id, id));
    if (!ag) throw new ValidationError({ organizable_id: "Select agency from the drop-down list" });
    const ok = scope.kind === "all" || (scope.kind === "agencies" && scope.agencyIds.includes(id));
    if (!ok) throw new ForbiddenError("That agency is outside your scope");
  }
}

async function sendInvitation(db: Db, mailer: Mailer, publicUrl: string, staffId: number, email: string) {
  const token = newSecret();
  await db.update(staff).set({ invitation_token_hash: hashSecret(token), invitation_sent_at: new Date() }).where(eq(staff.id, staffId));
  await mailer.send({
    to: email,
    subject: "You have been invited to Coverdesk",
    text: `You have been invited to Coverdesk.\n\nAccept the invitation and choose a password:\n${publicUrl.replace(/\/$/, "")}/auth/accept-invitation/${token}`,
    template: "staff_invitation",
    related: { type: "Staff", id: staffId },
  });
}

export async function createStaff(db: Db, mailer: Mailer, publicUrl: string, caller: Caller, input: StaffInput) {
  const errors: Record<string, string> = {};
  const role = input.role ?? (input.organizable_type === "Agency" ? "agent" : "staff");
  if (!input.email?.trim()) errors.email = MESSAGES.required("email");
  else if (!EMAIL_PATTERN.test(input.email.trim())) errors.email = MESSAGES.email;
  else if (await emailTaken(db, input.email)) errors.email = MESSAGES.emailTaken;
  validateProfile(input.profile_attributes, errors, true);
  const organizableType = ROLE_ORGANIZABLE[role];
  if (organizableType && !input.organizable_id) errors.organizable_id = MESSAGES.required(organizableType.toLowerCase());
  if (Object.keys(errors).length) throw new ValidationError(errors);
  if (caller.user.role !== "super_admin" && (role === "super_admin" || role === "policy_support")) throw new ForbiddenError();
  if (organizableType) await assertOrganizableInScope(db, caller.scope, organizableType, input.organizable_id!);

  const id = await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [row] = await tx
      .insert(staff)
      .values({
        email: input.email!.trim(),
        role,
        organizable_type: organizableType,
        organizable_id: organizableType ? input.organizable_id! : null,
        enabled: false,
      })
      .returning({ id: staff.id });
    const p = input.profile_attributes ?? {};
    await tx.insert(profiles).values({ ...p, full_name: fullName(p), profileable_type: "Staff", profileable_id: row.id });
    await recordHistory(tx, { type: "Staff", id: row.id, action: "create", author: authorOf(caller), process: "console", changes: diffChanges({}, { email: input.email, role }) });
    return row.id;
  });
  await sendInvitation(db, mailer, publicUrl, id, input.email!.trim());
  return (await loadStaffUser(db, id))!;
}

const authorOf = (caller: Caller): Author => ({ name: caller.user.profile_attributes.full_name || caller.user.email, staffId: caller.user.id });

/** Profile, email, enabled and permission flags, with one history row for the whole change. */
async function applyUpdate(db: Db, id: number, input: StaffInput, author: Author) {
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [before] = await tx.select().from(staff).where(eq(staff.id, id));
    const profileBefore = await findProfile(tx, "Staff", id);
    const changes = {
      ...diffChanges(before, { email: input.email?.trim(), enabled: input.enabled }),
      ...diffChanges(profileBefore ?? {}, input.profile_attributes ?? {}, "profile."),
    };
    const staffSet: Partial<typeof staff.$inferInsert> = {};
    if (input.email !== undefined) staffSet.email = input.email.trim();
    if (input.enabled !== undefined) staffSet.enabled = input.enabled;
    if (Object.keys(staffSet).length) await tx.update(staff).set({ ...staffSet, updated_at: new Date() }).where(eq(staff.id, id));
    if (input.profile_attributes) await saveProfile(tx, "Staff", id, profileBefore, input.profile_attributes);
    if (input.staff_permission_attributes) {
      await tx.delete(staffPermissions).where(eq(staffPermissions.staff_id, id));
      const rows = input.staff_permission_attributes.permissions.map((p) => ({ staff_id: id, key: p.key, value: p.value }));
      if (rows.length) await tx.insert(staffPermissions).values(rows);
      changes["staff_permission.permissions"] = { previous_value: null, new_value: input.staff_permission_attributes.permissions };
    }
    await recordHistory(tx, { type: "Staff", id, action: "update", author, process: "console", changes });
  });
}

function validateUpdate(input: StaffInput): Record<string, string> {
  const errors: Record<string, string> = {};
  if (input.email !== undefined && !EMAIL_PATTERN.test(input.email.trim())) errors.email = MESSAGES.email;
  validateProfile(input.profile_attributes, errors, false);
  for (const p of input.staff_permission_attributes?.permissions ?? []) {
    if (!(PERMISSION_KEYS as readonly string[]).includes(p.key)) errors["staff_permission_attributes.permissions"] = `${p.key} is not a permission`;
  }
  return errors;
}

export async function updateStaff(db: Db, caller: Caller, id: number, input: StaffInput) {
  await showStaff(db, caller.scope, id);
  const errors = validateUpdate(input);
  if (input.email && (await emailTaken(db, input.email, id))) errors.email = MESSAGES.emailTaken;
  if (Object.keys(errors).length) throw new ValidationError(errors);
  await applyUpdate(db, id, input, authorOf(caller));
  return (await loadStaffUser(db, id))!;
}

export async function updateSelf(
  db: Db,
  caller: Caller,
  id: number,
  input: StaffInput & { password?: string; password_confirmation?: string; current_password?: string },
) {
  if (id !== caller.user.id) throw new ForbiddenError("You can only update your own profile");
  const errors = validateUpdate({ ...input, staff_permission_attributes: undefined });
  if (input.email && (await emailTaken(db, input.email, id))) errors.email = MESSAGES.emailTaken;
  if (input.password !== undefined && input.password !== "") {
    const [row] = await db.select({ hash: staff.encrypted_password }).from(staff).where(eq(staff.id, id));
    if (!(await verifyPassword(row?.hash, input.current_password ?? ""))) errors.current_password = "is invalid";
    if (input.password.length < 6) errors.password = "must be at least 6 characters";
    if (input.password !== input.password_confirmation) errors.password_confirmation = "doesn't match Password";
  }
  if (Object.keys(errors).length) throw new ValidationError(errors);
  // Own permission flags and role are never self-editable.
  await applyUpdate(db, id, { email: input.email, profile_attributes: input.profile_attributes }, authorOf(caller));
  if (input.password) {
    await db.update(staff).set({ encrypted_password: await hashPassword(input.password), updated_at: new Date() }).where(eq(staff.id, id));
  }
  return (await loadStaffUser(db, id))!;
}

export async function toggleEnabled(db: Db, caller: Caller, id: number) {
  const target = await showStaff(db, caller.scope, id);
  if (id === caller.user.id) throw new ForbiddenError("You cannot disable yourself");
  await applyUpdate(db, id, { enabled: !target.enabled }, authorOf(caller));
  return { success: true, enabled: !target.enabled };
}

export async function reInvite(db: Db, mailer: Mailer, publicUrl: string, caller: Caller, id: number) {
  const target = await showStaff(db, caller.scope, id);
  if (target.enabled || target.invitation_accepted_at) throw new ValidationError({ staff: "Already activated" });
  await sendInvitation(db, mailer, publicUrl, id, target.email);
  return { success: true };
}

export async function staffHistories(db: Db, caller: Caller, id: number, input: ListInput) {
  await showStaff(db, caller.scope, id);
  const spec = {
    filters: {},
    sorts: { created_at: sql`h.created_at` },
    defaultSort: { column: "created_at", direction: "desc" as const },
    tieBreaker: sql`h.id`,
  };
  return runList(
    db,
    {
      select: sql`h.id, h.action, h.author, h.process, h.data, h.created_at`,
      from: sql`${histories} h`,
      where: [sql`h.recordable_type = 'Staff'`, sql`h.recordable_id = ${id}`],
      id: sql`h.id`,
    },
    parseListParams(input, spec),
  );
}
