/** The four staff roles (document 1 section 3); one role per staff (DESIGN.md section 3). */
export const ROLES = ["staff", "agent", "super_admin", "policy_support"] as const;
export type Role = (typeof ROLES)[number];

/** Request prefix per role (document 1 section 6). */
export const ROLE_PREFIX: Record<Role, string> = {
  staff: "staff_account",
  agent: "staff_agency",
  super_admin: "staff_super_admin",
  policy_support: "policy-support",
};

export const ALL_PREFIXES = Object.values(ROLE_PREFIX);

/**
 * Who may call through each prefix: the prefix's own role, and super admins on policy-support too, whose Policy Review
 * lists through `/policy-support/policies_dashboard_index` like policy support's (readings C-28).
 */
export const PREFIX_ROLES: Record<Role, readonly Role[]> = {
  staff: ["staff"],
  agent: ["agent"],
  super_admin: ["super_admin"],
  policy_support: ["policy_support", "super_admin"],
};

/** The organizable a role belongs to: staff work for an Account, agents for an Agency, the others for nobody. */
export const ROLE_ORGANIZABLE: Record<Role, "Account" | "Agency" | null> = {
  staff: "Account",
  agent: "Agency",
  super_admin: null,
  policy_support: null,
};

/** Agency id 1 is the platform's own agency ('Browse as Agency', document 1 section 2.3). */
export const PLATFORM_AGENCY_ID = 1;

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}
