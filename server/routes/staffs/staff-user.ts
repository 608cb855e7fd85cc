import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { accounts, agencies, profiles, staff, staffPermissions } from "../../db/schema";
import { effectiveStaffPermissions } from "../../lib/permission-sets";

/** An invitation link is good for 7 days; re-invite issues a new one and the old one stops working (issue 13). */
export const INVITATION_TTL_MS = 7 * 24 * 3600 * 1000;

type StaffRow = typeof staff.$inferSelect;
type ProfileRow = typeof profiles.$inferSelect;

/** The StaffUser JSON of docs/API.md: what sign-in, validate_token and the profile screens read. */
export interface StaffUser {
  id: number;
  email: string;
  role: StaffRow["role"];
  enabled: boolean;
  owner: boolean;
  organizable_id: number | null;
  organizable_type: StaffRow["organizable_type"];
  organizable: { id: number; title: string; organizable_type: string; agency_id: number | null } | null;
  agency_id: number | null;
  profile_attributes: ReturnType<typeof profileJson>;
  /** What the staff member may use: agency ∩ account ∩ own keys (server/lib/permission-sets.ts), read by canAccess. */
  staff_permission: { permissions: Array<{ key: string; value: boolean }> };
  invitation_accepted_at: string | null;
  /** Invited and not accepted yet: no password, so no sign-in until the invitation is accepted. */
  invitation_pending: boolean;
  created_at: string;
  updated_at: string;
}

export function profileJson(p: ProfileRow | undefined) {
  return {
    id: p?.id ?? null,
    first_name: p?.first_name ?? null,
    last_name: p?.last_name ?? null,
    middle_name: p?.middle_name ?? null,
    full_name: p?.full_name ?? null,
    job_title: p?.job_title ?? null,
    title: p?.title ?? null,
    contact_email: p?.contact_email ?? null,
    contact_phone: p?.contact_phone ?? null,
    birth_date: p?.birth_date ?? null,
  };
}

/** Serialises staff rows with their profile, organizable and effective permission flags, in a few queries for any count. */
export async function loadStaffUsers(db: Db, ids: number[]): Promise<StaffUser[]> {
  if (ids.length === 0) return [];
  const rows = await db.select().from(staff).where(inArray(staff.id, ids));
  const profileRows = await db
    .select()
    .from(profiles)
    .where(and(eq(profiles.profileable_type, "Staff"), inArray(profiles.profileable_id, ids)));
  const permissionRows = await db.select().from(staffPermissions).where(inArray(staffPermissions.staff_id, ids));
  const accountIds = rows.filter((r) => r.organizable_type === "Account").map((r) => r.organizable_id!);
  const agencyIds = rows.filter((r) => r.organizable_type === "Agency").map((r) => r.organizable_id!);
  const accountRows = accountIds.length
    ? await db.select({ id: accounts.id, title: accounts.title, agency_id: accounts.agency_id }).from(accounts).where(inArray(accounts.id, accountIds))
    : [];
  const agencyRows = agencyIds.length
    ? await db.select({ id: agencies.id, title: agencies.title, agency_id: agencies.agency_id }).from(agencies).where(inArray(agencies.id, agencyIds))
    : [];

  const permissions = await effectiveStaffPermissions(
    db,
    rows.map((r) => ({
      id: r.id,
      organizable_type: r.organizable_type,
      organizable_id: r.organizable_id,
      own: permissionRows.filter((p) => p.staff_id === r.id).map((p) => ({ key: p.key, value: p.value })),
    })),
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids
    .map((id) => byId.get(id))
    .filter((r): r is StaffRow => r !== undefined)
    .map((r) => {
      const org =
        r.organizable_type === "Account"
          ? accountRows.find((a) => a.id === r.organizable_id)
          : r.organizable_type === "Agency"
            ? agencyRows.find((a) => a.id === r.organizable_id)
            : undefined;
      const agencyId = r.organizable_type === "Agency" ? r.organizable_id : r.organizable_type === "Account" ? (org?.agency_id ?? null) : null;
      return {
        id: r.id,
        email: r.email,
        role: r.role,
        enabled: r.enabled,
        owner: r.owner,
        organizable_id: r.organizable_id,
        organizable_type: r.organizable_type,
        organizable: org ? { id: org.id, title: org.title, organizable_type: r.organizable_type!, agency_id: org.agency_id } : null,
        agency_id: agencyId,
        profile_attributes: profileJson(profileRows.find((p) => p.profileable_id === r.id)),
        staff_permission: { permissions: permissions.get(r.id) ?? [] },
        invitation_accepted_at: r.invitation_accepted_at?.toISOString() ?? null,
        invitation_pending: r.encrypted_password === null && r.invitation_accepted_at === null,
        created_at: r.created_at.toISOString(),
        updated_at: r.updated_at.toISOString(),
      };
    });
}

export async function loadStaffUser(db: Db, id: number): Promise<StaffUser | undefined> {
  return (await loadStaffUsers(db, [id]))[0];
}
