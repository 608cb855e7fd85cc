import { and, eq, sql } from "drizzle-orm";
import type { PgSelect } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client";
import { preparedPerDatabase } from "../../db/prepared";
import { accounts, agencies, profiles, staff } from "../../db/schema";
import { type ChainRow, chainOf, chainRowsSql, narrow, type Permission } from "../../lib/permission-sets";

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

/**
 * What a StaffUser is made of, as the columns of one select over `staffs` joined by `joinStaffUserParts`: the row,
 * its profile, its organisation, its own keys and the permission sets above it (chainRowsSql), so any number of staff
 * (or the signed-in one, with their session: server/routes/auth/auth.service.ts) cost one query.
 */
export const staffUserColumns = {
  staff,
  profile: profiles,
  account: { id: accounts.id, title: accounts.title, agency_id: accounts.agency_id },
  agency: { id: agencies.id, title: agencies.title, agency_id: agencies.agency_id },
  own: sql<Permission[]>`coalesce((SELECT json_agg(json_build_object('key', sp.key, 'value', sp.value))
    FROM staff_permissions sp WHERE sp.staff_id = ${staff.id}), '[]'::json)`,
  chain: sql<ChainRow[]>`coalesce((SELECT json_agg(json_build_object('depth', c.depth, 'key', c.key, 'value', c.value))
    FROM (${chainRowsSql(sql`(SELECT ${staff.organizable_type}::text, ${staff.organizable_id}) o(org_type, org_id)`)}) c), '[]'::json)`,
};

type StaffUserParts = {
  staff: StaffRow;
  profile: ProfileRow | null;
  account: { id: number; title: string; agency_id: number | null } | null;
  agency: { id: number; title: string; agency_id: number | null } | null;
  own: Permission[];
  chain: ChainRow[];
};

/**
 * The joins `staffUserColumns` read, on a dynamic select from (or joined to) `staffs`. The select names its columns,
 * so its rows keep their type (the left-joined parts are null when missing: StaffUserParts says so).
 */
export function joinStaffUserParts<T extends PgSelect>(query: T): T {
  return query
    .leftJoin(profiles, and(eq(profiles.profileable_type, "Staff"), eq(profiles.profileable_id, staff.id)))
    .leftJoin(accounts, and(eq(staff.organizable_type, "Account"), eq(accounts.id, staff.organizable_id)))
    .leftJoin(agencies, and(eq(staff.organizable_type, "Agency"), eq(agencies.id, staff.organizable_id))) as unknown as T;
}

/** The StaffUser JSON of one row of `staffUserColumns`. */
export function toStaffUser(parts: StaffUserParts): StaffUser {
  const r = parts.staff;
  const org = r.organizable_type === "Account" ? parts.account : r.organizable_type === "Agency" ? parts.agency : null;
  const agencyId = r.organizable_type === "Agency" ? r.organizable_id : r.organizable_type === "Account" ? (org?.agency_id ?? null) : null;
  // Agency (and parent) ∩ account ∩ own; super admins and support: their own (server/lib/permission-sets.ts).
  const permissions = narrow(parts.own, r.organizable_type && r.organizable_id ? chainOf(parts.chain) : []);
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
    profile_attributes: profileJson(parts.profile ?? undefined),
    staff_permission: { permissions },
    invitation_accepted_at: r.invitation_accepted_at?.toISOString() ?? null,
    invitation_pending: r.encrypted_password === null && r.invitation_accepted_at === null,
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
  };
}

/**
 * loadStaffUsers' statement, built and named once per database (server/db/prepared.ts): the ids are one array
 * placeholder, so its text is the same for any count. Built per call, drizzle walked its ~60 columns and joins each
 * time (a third of a staff page's CPU) and PostgreSQL planned it again (issue 9, load).
 */
const staffUsersByIds = preparedPerDatabase((db) =>
  joinStaffUserParts(db.select(staffUserColumns).from(staff).$dynamic())
    .where(sql`${staff.id} = ANY(${sql.placeholder("ids")}::int[])`)
    .prepare("staff_users_by_ids"),
);

/** Serialises staff rows with their profile, organizable and effective permission flags, in one query for any count. */
export async function loadStaffUsers(db: Db, ids: number[]): Promise<StaffUser[]> {
  if (ids.length === 0) return [];
  const rows = await staffUsersByIds(db).execute({ ids });
  const byId = new Map(rows.map((r) => [r.staff.id, r as StaffUserParts]));
  return ids
    .map((id) => byId.get(id))
    .filter((r): r is StaffUserParts => r !== undefined)
    .map(toStaffUser);
}

export async function loadStaffUser(db: Db, id: number): Promise<StaffUser | undefined> {
  return (await loadStaffUsers(db, [id]))[0];
}
