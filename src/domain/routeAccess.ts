import { hasPermission, type PermissionHolder } from "./permissions";
import type { Role } from "./roles";

/**
 * Who may open which console route (document 1 sections 2 and 5; readings C-04, C-05, C-06, C-16, C-24, C-27).
 * One ordered table: the first pattern that matches a /dashboard path decides its roles and its browse key.
 */
export interface RouteRule {
  pattern: RegExp;
  roles: readonly Role[];
  /** The browse permission key the permission guard checks (only for paths of 3+ segments). */
  key?: string;
}

const OFFICE: Role[] = ["staff", "agent", "super_admin"];
const AGENCY: Role[] = ["agent", "super_admin"];
const ADMIN: Role[] = ["super_admin"];
const REVIEW: Role[] = ["super_admin", "policy_support"];

export const ROUTE_RULES: RouteRule[] = [
  { pattern: /^\/dashboard\/policies\/view\/[^/]+(\/.*)?$/, roles: [...OFFICE, "policy_support"], key: "policies.policies" },
  { pattern: /^\/dashboard\/policies\/import(\/.*)?$/, roles: ["staff"], key: "policies.rent_mass_import" },
  { pattern: /^\/dashboard\/policies\/policy-import(\/.*)?$/, roles: OFFICE },
  { pattern: /^\/dashboard\/policies\/upload-coverage-proof(\/.*)?$/, roles: ["super_admin", "agent"], key: "policies.coverage_proof" },
  { pattern: /^\/dashboard\/policies\/total(\/.*)?$/, roles: OFFICE },
  { pattern: /^\/dashboard\/policies(\/.*)?$/, roles: OFFICE, key: "policies.policies" },
  { pattern: /^\/dashboard\/master-policies(\/.*)?$/, roles: OFFICE, key: "policies.master" },
  { pattern: /^\/dashboard\/insurable\/communities(\/.*)?$/, roles: OFFICE, key: "insurables.communities" },
  { pattern: /^\/dashboard\/insurable\/buildings(\/.*)?$/, roles: OFFICE, key: "insurables.buildings" },
  { pattern: /^\/dashboard\/insurable\/units(\/.*)?$/, roles: OFFICE, key: "insurables.units" },
  { pattern: /^\/dashboard\/insurable\/create(\/.*)?$/, roles: OFFICE, key: "insurables.create" },
  { pattern: /^\/dashboard\/insurable\/updates(\/.*)?$/, roles: ADMIN },
  { pattern: /^\/dashboard\/insurable(\/.*)?$/, roles: OFFICE },
  { pattern: /^\/dashboard\/accounts\/view\/[^/]+(\/.*)?$/, roles: OFFICE },
  { pattern: /^\/dashboard\/accounts(\/.*)?$/, roles: AGENCY, key: "property_management.accounts" },
  { pattern: /^\/dashboard\/staff(\/.*)?$/, roles: OFFICE, key: "property_management.managers" },
  { pattern: /^\/dashboard\/users(\/.*)?$/, roles: OFFICE, key: "property_management.users" },
  { pattern: /^\/dashboard\/change-requests(\/.*)?$/, roles: OFFICE, key: "requests.refunds" },
  { pattern: /^\/dashboard\/agencies\/[^/]+\/branding(\/.*)?$/, roles: AGENCY },
  { pattern: /^\/dashboard\/agencies(\/.*)?$/, roles: AGENCY, key: "agencies.details" },
  { pattern: /^\/dashboard\/subagencies(\/.*)?$/, roles: AGENCY },
  { pattern: /^\/dashboard\/agents(\/.*)?$/, roles: AGENCY, key: "agencies.agents" },
  { pattern: /^\/dashboard\/carriers(\/.*)?$/, roles: AGENCY, key: "agencies.carriers" },
  { pattern: /^\/dashboard\/policy-support(\/.*)?$/, roles: REVIEW, key: "dashboard.policy_support" },
  { pattern: /^\/dashboard\/(leads|home|leases|email-history|reporting|profile)(\/.*)?$/, roles: OFFICE },
  { pattern: /^\/dashboard\/tracking-url(\/.*)?$/, roles: AGENCY },
  { pattern: /^\/dashboard\/branding-editor(\/.*)?$/, roles: AGENCY },
  { pattern: /^\/dashboard\/(csv-upload|invoices|payments|integrations|integration-health|merge-users|create-admin-users|dmr)(\/.*)?$/, roles: ADMIN },
];

export interface RouteUser extends PermissionHolder {
  role: Role;
}

export function findRouteRule(pathname: string): RouteRule | undefined {
  const path = pathname.replace(/\/+$/, "");
  return ROUTE_RULES.find((rule) => rule.pattern.test(path));
}

/** The policy-support URL guard: any URL containing policy-support is for super_admin and policy_support only. */
export function passesPolicySupportGuard(user: RouteUser, pathname: string): boolean {
  return !pathname.includes("policy-support") || REVIEW.includes(user.role);
}

/**
 * The permission guard (document 1 section 5, readings C-27): with a permission list, a dashboard path of three or
 * more non-empty segments needs its browse key; /dashboard/leads and shorter paths always pass.
 */
export function passesPermissionGuard(user: RouteUser, pathname: string): boolean {
  const segments = pathname.split("/").filter(Boolean);
  if (segments[0] !== "dashboard" || segments.length < 3 || pathname.startsWith("/dashboard/leads")) return true;
  if (!user.staff_permission) return true;
  const key = findRouteRule(pathname)?.key;
  return !key || hasPermission(user, key);
}

/** The role guard: the route's allowed roles. Profile is everyone's own. */
export function passesRoleGuard(user: RouteUser, pathname: string): boolean {
  if (pathname.startsWith("/dashboard/profile")) return true;
  const rule = findRouteRule(pathname);
  return !rule || rule.roles.includes(user.role);
}

export function isRouteAllowed(user: RouteUser, pathname: string): boolean {
  return passesPolicySupportGuard(user, pathname) && passesRoleGuard(user, pathname) && passesPermissionGuard(user, pathname);
}

/** Where a role lands after sign-in: the leads dashboard, or the review queue for policy support. */
export function homePathFor(role: Role): string {
  return role === "policy_support" ? "/dashboard/policy-support" : "/dashboard/leads";
}
