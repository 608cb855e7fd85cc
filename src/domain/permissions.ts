/**
 * Staff permission keys and the one rule that reads them (document 1 sections 3 and 5, readings C-20).
 * Every key defaults to on. An empty or missing list allows everything; when a list exists,
 * a key that is not in it is off.
 */
export const SPEC_PERMISSION_KEYS = [
  "policies.master",
  "policies.policies",
  "policies.rent_mass_import",
  "policies.coverage_proof",
  "insurables.communities",
  "insurables.buildings",
  "insurables.units",
  "insurables.create",
  "property_management.managers",
  "property_management.users",
  "property_management.users.edit",
  "property_management.accounts",
  "requests.refunds",
  "agencies.details",
  "agencies.agents",
  "agencies.carriers",
  "dashboard.policy_support",
] as const;

/** Keys the reference server knows beyond the spec's (reference section 3.2). */
export const REFERENCE_PERMISSION_KEYS = [
  "dashboard.leads",
  "dashboard.properties",
  "policies.claims",
  "requests.cancellations",
  "agencies.manage_agents",
  "leases.leases",
] as const;

export const PERMISSION_KEYS = [...SPEC_PERMISSION_KEYS, ...REFERENCE_PERMISSION_KEYS] as const;
export type PermissionKey = (typeof PERMISSION_KEYS)[number];

/**
 * Keys that govern only what agencies, agents and the platform do, so they never apply to an account's staff:
 * the Agency category (reference 3.2: new accounts are made "without agencies.*"), the accounts grid (document 2
 * section 3: property_management.accounts "is off for staff"), uploading a proof of coverage (readings C-05: super
 * admins and agents) and Policy Review (super admins and policy support). An account's permission set holds the
 * other keys only; the server refuses these on an account (422).
 */
export const AGENCY_ONLY_PERMISSION_KEYS = [
  "agencies.details",
  "agencies.agents",
  "agencies.manage_agents",
  "agencies.carriers",
  "property_management.accounts",
  "policies.coverage_proof",
  "dashboard.policy_support",
] as const satisfies readonly PermissionKey[];

/** The keys an account's permission set holds: those that apply to its staff. */
export const ACCOUNT_PERMISSION_KEYS: readonly PermissionKey[] = PERMISSION_KEYS.filter((key) => !(AGENCY_ONLY_PERMISSION_KEYS as readonly string[]).includes(key));

/**
 * What a new account holds (reference 3.2: new accounts copy the agency set with policies.rent_mass_import off and
 * without the agencies and requests keys): its agency's set still bounds it; these keys start off on the account
 * itself (the agencies keys are not an account's at all), and its agents may switch them on later.
 */
export const NEW_ACCOUNT_KEYS_OFF: readonly PermissionKey[] = ["policies.rent_mass_import", "requests.refunds", "requests.cancellations"];

export interface PermissionEntry {
  key: string;
  value: boolean | null;
}

/** The slice of a signed-in staff the permission rules read. */
export interface PermissionHolder {
  staff_permission?: { permissions?: PermissionEntry[] | null } | null;
}

/** Category and title of each key, for the available-permissions call and the profile screen. */
export const PERMISSION_CATALOGUE: Record<PermissionKey, { title: string; category: string; category_title: string }> = {
  "policies.master": { title: "Master Policies", category: "policies", category_title: "Policies" },
  "policies.policies": { title: "Policies", category: "policies", category_title: "Policies" },
  "policies.rent_mass_import": { title: "Rent Guarantee Mass Import", category: "policies", category_title: "Policies" },
  "policies.coverage_proof": { title: "Coverage Proof", category: "policies", category_title: "Policies" },
  "policies.claims": { title: "Claims", category: "policies", category_title: "Policies" },
  "insurables.communities": { title: "Communities", category: "insurables", category_title: "Properties" },
  "insurables.buildings": { title: "Buildings", category: "insurables", category_title: "Properties" },
  "insurables.units": { title: "Units", category: "insurables", category_title: "Properties" },
  "insurables.create": { title: "Add a Property", category: "insurables", category_title: "Properties" },
  "property_management.managers": { title: "Property Managers", category: "property_management", category_title: "Property Management" },
  "property_management.users": { title: "Users", category: "property_management", category_title: "Property Management" },
  "property_management.users.edit": { title: "Edit Users", category: "property_management", category_title: "Property Management" },
  "property_management.accounts": { title: "Accounts", category: "property_management", category_title: "Property Management" },
  "requests.refunds": { title: "Refunds", category: "requests", category_title: "Requests" },
  "requests.cancellations": { title: "Cancellations", category: "requests", category_title: "Requests" },
  "agencies.details": { title: "Agency Details", category: "agencies", category_title: "Agency" },
  "agencies.agents": { title: "Agents", category: "agencies", category_title: "Agency" },
  "agencies.manage_agents": { title: "Manage Agents", category: "agencies", category_title: "Agency" },
  "agencies.carriers": { title: "Carriers", category: "agencies", category_title: "Agency" },
  "dashboard.policy_support": { title: "Policy Review", category: "dashboard", category_title: "Dashboard" },
  "dashboard.leads": { title: "Leads Dashboard", category: "dashboard", category_title: "Dashboard" },
  "dashboard.properties": { title: "Properties Dashboard", category: "dashboard", category_title: "Dashboard" },
  "leases.leases": { title: "Leases", category: "leases", category_title: "Leases" },
};

/** True when the holder may use `key` (document 1 section 5, "Agency permission flags"). */
export function hasPermission(holder: PermissionHolder | null | undefined, key: string): boolean {
  const list = holder?.staff_permission?.permissions;
  if (!list || list.length === 0) return true;
  const entry = list.find((p) => p.key === key);
  return entry ? entry.value === true : false;
}

/** True only when `key` is present and set to false: the staff Account link's exception (readings C-20). */
export function isExplicitlyOff(holder: PermissionHolder | null | undefined, key: string): boolean {
  const entry = holder?.staff_permission?.permissions?.find((p) => p.key === key);
  return entry !== undefined && entry.value === false;
}
