import { and, eq, ne, sql } from "drizzle-orm";
import { decideAccess } from "../../../src/domain/access";
import { PERMISSION_KEYS } from "../../../src/domain/permissions";
import { ROLE_ORGANIZABLE, type Role } from "../../../src/domain/roles";
import type { Db } from "../../db/client";
import { accounts, agencies, assignments, histories, profiles, staff, staffPermissions, staffSessions } from "../../db/schema";
import { ForbiddenError, NotFoundError, PermissionNotEnabledError, ValidationError } from "../../lib/errors";
import { type Author, diffChanges, recordHistory } from "../../lib/history";
import { type ListInput, parseListParams, queryRows, runList } from "../../lib/list";
import { hashPassword, verifyPassword } from "../../lib/passwords";
import type { Scope } from "../../lib/scope";
import { hashSecret, newSecret } from "../../lib/tokens";
import { findProfile, fullName, saveProfile } from "../../lib/profiles";
import { EMAIL_PATTERN, MESSAGES, passwordError, PHONE_PATTERN } from "../../lib/validators";
import type { Mailer } from "../../mail/mailer";
import type { Actor, Caller } from "../../plugins/auth";
import { loadStaffUser, loadStaffUsers, type StaffUser } from "./staff-user";
import { staffListQuery, staffListSpec } from "./staffs.list";

/** Agents are read through staff (document 3), but gated by their own key: agencies.agents, not managers. */
export function staffResourceFor(organizableType: unknown): "agents" | "staff" {
  return organizableType === "Agency" ? "agents" : "staff";
}

/** The role a create asks for: the given one, else the organizable's (an Agency makes an agent). */
export function roleToCreate(input: Pick<StaffInput, "role" | "organizable_type">): Role {
  return input.role ?? (input.organizable_type === "Agency" ? "agent" : "staff");
}

/**
 * The resource a create is checked against follows the role it makes, not the organizable_type the body names:
 * `{role: "agent"}` without `organizable_type` still needs the agents key (issue 9, hole 5).
 */
export function resourceToCreate(input: Pick<StaffInput, "role" | "organizable_type">): "agents" | "staff" {
  return staffResourceFor(ROLE_ORGANIZABLE[roleToCreate(input)]);
}

export function assertAccess(caller: Actor, resource: string, action: string) {
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

/**
 * The staff form's email check (document 3: `{email, id}`), answered within the caller's organisation only (issue 9,
 * hole 9): `id` must be a staff the caller sees (404 otherwise), and only staff the caller sees count as taking the
 * email, so the call cannot map emails or ids of other tenants. An email held elsewhere is still refused on save.
 */
export async function checkEmail(db: Db, scope: Scope, email: string, id?: number) {
  if (id !== undefined && !(await inScope(db, scope, id))) throw new NotFoundError("Staff");
  const query = staffListQuery(scope);
  const rows = await queryRows<{ id: number }>(
    db,
    sql`SELECT s.id FROM ${query.from} WHERE lower(s.email) = ${email.trim().toLowerCase()} ${id !== undefined ? sql`AND s.id <> ${id}` : sql``}
        ${sql.join(query.where.map((w) => sql` AND ${w}`), sql``)} LIMIT 1`,
  );
  return { email_available_to_use: rows.length === 0 };
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
    text: `You have been invited to Coverdesk.\n\nAccept the invitation and choose a password within 7 days:\n${publicUrl.replace(/\/$/, "")}/auth/accept-invitation/${token}`,
    template: "staff_invitation",
    related: { type: "Staff", id: staffId },
    secrets: [token],
  });
}

export async function createStaff(db: Db, mailer: Mailer, publicUrl: string, caller: Caller, input: StaffInput) {
  const errors: Record<string, string> = {};
  const role = roleToCreate(input);
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
        // Enabled from the start: a pending invitee has no password, so cannot sign in until accepting (issue 13).
        enabled: true,
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

const authorOf = (caller: Actor): Author => ({ name: caller.user.profile_attributes.full_name || caller.user.email, staffId: caller.user.id });

type PermissionList = Array<{ key: string; value: boolean }>;

const samePermissions = (a: PermissionList, b: PermissionList) => {
  const asMap = (list: PermissionList) => new Map(list.map((p) => [p.key, p.value]));
  const [x, y] = [asMap(a), asMap(b)];
  return x.size === y.size && [...x].every(([key, value]) => y.get(key) === value);
};

/**
 * Who may change a staff member's permission keys (issue 9, hole 5): a super admin, the owner of the staff's
 * organisation, or an agent over it (an account of the agent's agency tree, or a sub-agency of the agent's own);
 * never the staff themselves. Everyone else may still edit the other fields.
 */
export function mayChangePermissions(caller: Caller, target: StaffUser): boolean {
  const me = caller.user;
  if (target.id === me.id) return false;
  if (me.role === "super_admin") return true;
  if (!target.organizable_type || !target.organizable_id) return false;
  const sameOrganisation = me.organizable_type === target.organizable_type && me.organizable_id === target.organizable_id;
  if (me.owner && sameOrganisation) return true;
  if (me.role !== "agent" || caller.scope.kind !== "agencies") return false;
  if (target.organizable_type === "Account") return target.agency_id !== null && caller.scope.agencyIds.includes(target.agency_id);
  return target.organizable_id !== me.organizable_id && caller.scope.agencyIds.includes(target.organizable_id);
}

/** Profile, email, enabled and permission flags, with one history row for the whole change. */
async function applyUpdate(db: Db, id: number, input: StaffInput, author: Author) {
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [before] = await tx.select().from(staff).where(eq(staff.id, id));
    const profileBefore = await findProfile(tx, "Staff", id);
    const changes = {
      ...diffChanges(before, { email: input.email?.trim(), enabled: input.enabled, organizable_id: input.organizable_id ?? undefined }),
      ...diffChanges(profileBefore ?? {}, input.profile_attributes ?? {}, "profile."),
    };
    const staffSet: Partial<typeof staff.$inferInsert> = {};
    if (input.email !== undefined) staffSet.email = input.email.trim();
    if (input.enabled !== undefined) staffSet.enabled = input.enabled;
    if (input.organizable_id && input.organizable_id !== before.organizable_id) {
      staffSet.organizable_id = input.organizable_id;
      // Community assignments name the old account's properties: they go with the move.
      const dropped = await tx.delete(assignments).where(eq(assignments.staff_id, id)).returning({ id: assignments.id });
      if (dropped.length) changes.assignments = { previous_value: dropped.length, new_value: 0 };
    }
    if (Object.keys(staffSet).length) await tx.update(staff).set({ ...staffSet, updated_at: new Date() }).where(eq(staff.id, id));
    if (input.profile_attributes) await saveProfile(tx, "Staff", id, profileBefore, input.profile_attributes);
    // An empty list means "no change", never "every key on" (issue 9, hole 5).
    const permissions = input.staff_permission_attributes?.permissions ?? [];
    if (permissions.length) {
      const previous = await tx.select({ key: staffPermissions.key, value: staffPermissions.value }).from(staffPermissions).where(eq(staffPermissions.staff_id, id));
      if (!samePermissions(previous, permissions)) {
        await tx.delete(staffPermissions).where(eq(staffPermissions.staff_id, id));
        await tx.insert(staffPermissions).values(permissions.map((p) => ({ staff_id: id, key: p.key, value: p.value })));
        changes["staff_permission.permissions"] = { previous_value: previous, new_value: permissions };
      }
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

/**
 * "Assign to accounts or agencies" (document 3 section 1), read conservatively: a property manager moves to another
 * account, an agent to another agency, never across (the role stays), both in the caller's scope. Only super admins
 * and agents move people, never themselves nor the owner of the organisation they leave (it would be left without
 * one). The staff member's own keys go with them; what they hold is narrowed by the new organisation's set.
 */
async function checkMove(db: Db, caller: Caller, target: StaffUser, input: StaffInput) {
  const type = target.organizable_type;
  if (!type) throw new ValidationError({ organizable_id: "Super admins and policy support belong to no organisation" });
  if (caller.user.role !== "super_admin" && caller.user.role !== "agent") throw new ForbiddenError("Only a super admin or an agent moves staff to another organisation");
  if (target.id === caller.user.id) throw new ForbiddenError("You cannot move yourself to another organisation");
  const table = type === "Account" ? accounts : agencies;
  const [left] = await db.select({ owner: table.staff_id }).from(table).where(eq(table.id, target.organizable_id!));
  if (left?.owner === target.id) throw new ValidationError({ organizable_id: `The owner of the ${type === "Account" ? "account" : "agency"} can't be moved` });
  await assertOrganizableInScope(db, caller.scope, type, input.organizable_id!);
}

export async function updateStaff(db: Db, caller: Caller, id: number, input: StaffInput) {
  const target = await showStaff(db, caller.scope, id);
  if (input.organizable_type !== undefined && input.organizable_type !== target.organizable_type) {
    throw new ValidationError({ organizable_type: "A property manager stays with an account, an agent with an agency" });
  }
  const moving = input.organizable_id !== undefined && input.organizable_id !== target.organizable_id;
  if (moving) {
    if (input.organizable_id === null) throw new ValidationError({ organizable_id: MESSAGES.required(target.organizable_type === "Agency" ? "agency" : "account") });
    await checkMove(db, caller, target, input);
  }
  const wanted = input.staff_permission_attributes?.permissions ?? [];
  if (wanted.length && !samePermissions(target.staff_permission.permissions, wanted) && !mayChangePermissions(caller, target)) {
    throw new ForbiddenError(
      id === caller.user.id
        ? "You cannot change your own permissions"
        : "Only a super admin, the organisation's owner or an agent over it can change this staff member's permissions",
    );
  }
  const errors = validateUpdate(input);
  if (input.email && (await emailTaken(db, input.email, id))) errors.email = MESSAGES.emailTaken;
  if (Object.keys(errors).length) throw new ValidationError(errors);
  // The list shown is what the staff member holds (their own narrowed by their organisation's): sent back as it is,
  // it changes nothing, rather than copying the organisation's switch-offs into their own list.
  const unchanged = wanted.length > 0 && samePermissions(target.staff_permission.permissions, wanted);
  const move = moving ? { organizable_id: input.organizable_id } : { organizable_id: undefined };
  await applyUpdate(db, id, { ...input, ...move, ...(unchanged ? { staff_permission_attributes: undefined } : {}) }, authorOf(caller));
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
    const weak = passwordError(input.password);
    if (weak) errors.password = weak;
    if (input.password !== input.password_confirmation) errors.password_confirmation = "doesn't match Password";
  }
  if (Object.keys(errors).length) throw new ValidationError(errors);
  // Own permission flags and role are never self-editable.
  await applyUpdate(db, id, { email: input.email, profile_attributes: input.profile_attributes }, authorOf(caller));
  if (input.password) {
    const encrypted = await hashPassword(input.password);
    await db.transaction(async (tx) => {
      await tx.update(staff).set({ encrypted_password: encrypted, updated_at: new Date() }).where(eq(staff.id, id));
      // A new password ends the other sessions: whoever knew the old one is signed out; this one stays.
      await tx.delete(staffSessions).where(and(eq(staffSessions.staff_id, id), ne(staffSessions.id, caller.session.sessionId)));
    });
  }
  return (await loadStaffUser(db, id))!;
}

export async function toggleEnabled(db: Db, caller: Caller, id: number) {
  const target = await showStaff(db, caller.scope, id);
  if (id === caller.user.id) throw new ForbiddenError("You cannot disable yourself");
  await applyUpdate(db, id, { enabled: !target.enabled }, authorOf(caller));
  return { success: true, enabled: !target.enabled };
}

/**
 * A grid's bulk Enable or Disable (issue 17 section 5): the toggle's rules for one staff member (in scope, the key of
 * their kind, never oneself), set to the state asked rather than flipped, so rows already in it are left as they are.
 */
export async function setStaffEnabled(db: Db, caller: Actor, id: number, enabled: boolean) {
  const target = await showStaff(db, caller.scope, id);
  assertAccess(caller, staffResourceFor(target.organizable_type), "toggle_enabled");
  if (id === caller.user.id) throw new ForbiddenError("You cannot disable yourself");
  if (target.enabled !== enabled) await applyUpdate(db, id, { enabled }, authorOf(caller));
}

export async function reInvite(db: Db, mailer: Mailer, publicUrl: string, caller: Actor, id: number) {
  const target = await showStaff(db, caller.scope, id);
  assertAccess(caller, staffResourceFor(target.organizable_type), "re_invite");
  if (!target.invitation_pending) throw new ValidationError({ staff: "Already activated" }, "Already activated");
  await sendInvitation(db, mailer, publicUrl, id, target.email);
  return { success: true };
}

/** A staff's history needs the key that reads that staff (managers, or agents for agents), one's own included. */
export async function staffHistories(db: Db, caller: Caller, id: number, input: ListInput) {
  const target = await showStaff(db, caller.scope, id);
  assertAccess(caller, staffResourceFor(target.organizable_type), "show");
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
