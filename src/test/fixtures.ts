import type { Staff, StaffUser, User } from "../dataProvider/types";
import type { PermissionEntry } from "../domain/permissions";
import type { Role } from "../domain/roles";

/** Signed-in staff of each role, as sign_in answers them. */
export function staffUser(role: Role, permissions: PermissionEntry[] = []): StaffUser {
  const organizable_type = role === "staff" ? "Account" : role === "agent" ? "Agency" : null;
  return {
    id: { staff: 11, agent: 12, super_admin: 13, policy_support: 14 }[role],
    email: `${role}@coverdesk.test`,
    role,
    enabled: true,
    owner: false,
    organizable_id: organizable_type ? 5 : null,
    organizable_type,
    organizable: organizable_type ? { id: 5, title: organizable_type === "Account" ? "Sunrise Apartments" : "Acme Agency", organizable_type } : null,
    profile_attributes: { first_name: "Pat", last_name: role, full_name: `Pat ${role}` },
    staff_permission: { permissions },
  };
}

export function customer(id: number, overrides: Partial<User> & { full_name?: string } = {}): User {
  const { full_name, ...rest } = overrides;
  return {
    id,
    email: `customer${id}@example.com`,
    t_code: `T${1000 + id}`,
    has_current_leases: id % 2 === 1,
    has_existing_policies: id % 2 === 0,
    profile_attributes: {
      first_name: "First",
      last_name: `Customer ${id}`,
      full_name: full_name ?? `Customer ${id}`,
      contact_email: `contact${id}@example.com`,
      contact_phone: "555-010-0000",
    },
    accounts: [{ id: 5, title: "Sunrise Apartments" }],
    created_at: `2026-01-0${(id % 9) + 1}T10:00:00.000Z`,
    updated_at: `2026-01-0${(id % 9) + 1}T10:00:00.000Z`,
    ...rest,
  };
}

export function staffMember(id: number, overrides: Partial<Staff> = {}): Staff {
  return {
    id,
    email: `manager${id}@coverdesk.test`,
    role: "staff",
    enabled: true,
    owner: false,
    organizable_id: 5,
    organizable_type: "Account",
    organizable: { id: 5, title: "Sunrise Apartments" },
    agency_id: 2,
    profile_attributes: { first_name: "Manager", last_name: String(id), full_name: `Manager ${id}` },
    staff_permission: { permissions: [] },
    invitation_accepted_at: "2026-01-01T00:00:00.000Z",
    created_at: "2026-01-01T00:00:00.000Z",
    ...overrides,
  };
}
