import { hasPermission, type PermissionHolder } from "./permissions";
import type { Role } from "./roles";

/**
 * Who may open which console route (document 1 sections 2.2 and 5; readings C-04, C-05, C-06, C-16, C-24, C-27).
 * One ordered table: the first rule whose path matches a /dashboard URL decides its roles and its browse key.
 * staff and agents reach what their menus offer, super_admin everything, policy_support only the review queue and
 * the policies it opens (C-24).
 */
export interface RouteRule {
  /** A dashboard path (":param" matches one segment); the rule covers it and everything below it. */
  path: string;
  pattern: RegExp;
  roles: readonly Role[];
  /** The browse permission key the permission guard checks (only on paths of 3+ segments, C-27). */
  key?: string;
}

const OFFICE: Role[] = ["staff", "agent", "super_admin"];
const AGENCY: Role[] = ["agent", "super_admin"];
const ADMIN: Role[] = ["super_admin"];
const REVIEW: Role[] = ["super_admin", "policy_support"];

function rule(path: string, roles: readonly Role[], key?: string): RouteRule {
  const body = path.replace(/:[^/]+/g, "[^/]+");
  return { path, pattern: new RegExp(`^/dashboard/${body}(/.*)?$`), roles, key };
}

export const ROUTE_RULES: RouteRule[] = [
  // Policy support opens policies from the review queue, edit included (C-05, C-10, C-24).
  rule("policies/view/:id", [...OFFICE, "policy_support"], "policies.policies"),
  // Rent-guarantee mass import stays staff-only; the legacy import is for every office role (C-04).
  rule("policies/import", ["staff"], "policies.rent_mass_import"),
  rule("policies/policy-import", OFFICE),
  rule("policies/upload-coverage-proof", ["super_admin", "agent"], "policies.coverage_proof"),
  // staff and agents have the menu item; super_admin may open the URL (C-06).
  rule("policies/total", OFFICE),
  rule("policies", OFFICE, "policies.policies"),
  // Read for staff and agents, managed by super_admin (C-16).
  rule("master-policies", OFFICE, "policies.master"),
  rule("insurable/communities", OFFICE, "insurables.communities"),
  rule("insurable/buildings", OFFICE, "insurables.buildings"),
  rule("insurable/units", OFFICE, "insurables.units"),
  rule("insurable/create", OFFICE, "insurables.create"),
  rule("insurable/updates", ADMIN),
  rule("insurable", OFFICE),
  // A staff member's own account (Account Details, the Account link of the user dropdown).
  rule("accounts/view/:id", OFFICE),
  rule("accounts", AGENCY, "property_management.accounts"),
  rule("staff", OFFICE, "property_management.managers"),
  rule("users", OFFICE, "property_management.users"),
  rule("change-requests", OFFICE, "requests.refunds"),
  rule("agencies/:agencyId/branding", AGENCY),
  rule("agencies", AGENCY, "agencies.details"),
  rule("subagencies", AGENCY),
  rule("agents", AGENCY, "agencies.agents"),
  rule("carriers", AGENCY, "agencies.carriers"),
  rule("branding-editor", AGENCY),
  rule("tracking-url", AGENCY),
  rule("policy-support", REVIEW, "dashboard.policy_support"),
  rule("leads", OFFICE),
  rule("compliance", OFFICE),
  rule("home", OFFICE),
  rule("leases", OFFICE),
  rule("email-history", OFFICE),
  // Past CSV uploads of the caller's tenant (issue 16 section 5).
  rule("csv-imports", OFFICE),
  rule("reporting", OFFICE),
  // The audit log (issue 17 section 4) is for super admins only.
  rule("audit", ADMIN),
  // Invoices and payments of the policies a caller sees, under the policies key (src/resources/invoices/access.ts).
  rule("invoices", OFFICE, "policies.policies"),
  rule("payments", OFFICE, "policies.policies"),
  ...["csv-upload", "integrations", "integration-health", "merge-users", "create-admin-users", "dmr"].map((path) => rule(path, ADMIN)),
];

export interface RouteUser extends PermissionHolder {
  role: Role;
}

const pathOf = (url: string) => url.split(/[?#]/)[0].replace(/\/+$/, "") || "/";
const segmentsOf = (url: string) => pathOf(url).split("/").filter(Boolean);

export function findRouteRule(url: string): RouteRule | undefined {
  const path = pathOf(url);
  return ROUTE_RULES.find((r) => r.pattern.test(path));
}

/** The policy-support guard: any URL containing policy-support is for super_admin and policy_support only. */
export function passesPolicySupportGuard(user: RouteUser, url: string): boolean {
  return !url.includes("policy-support") || REVIEW.includes(user.role);
}

/**
 * The permission guard (document 1 section 5, readings C-27): for a user with a staff_permission, a dashboard path
 * of three or more non-empty segments needs its browse key; shorter paths and /dashboard/leads always pass.
 */
export function passesPermissionGuard(user: RouteUser, url: string): boolean {
  const segments = segmentsOf(url);
  if (segments[0] !== "dashboard" || segments.length < 3 || segments[1] === "leads") return true;
  if (!user.staff_permission) return true;
  const key = findRouteRule(url)?.key;
  return !key || hasPermission(user, key);
}

/** The role guard: a route opens only for the roles of its rule. Profile is everyone's own; unknown paths 404 anyway. */
export function passesRoleGuard(user: RouteUser, url: string): boolean {
  if (segmentsOf(url)[1] === "profile") return true;
  const found = findRouteRule(url);
  return !found || found.roles.includes(user.role);
}

export function isRouteAllowed(user: RouteUser, url: string): boolean {
  return passesPolicySupportGuard(user, url) && passesRoleGuard(user, url) && passesPermissionGuard(user, url);
}

/** Where a role lands on /dashboard: leads, or the review queue for policy support (who has no leads, C-24). */
export function homePathFor(role: Role): string {
  return role === "policy_support" ? "/dashboard/policy-support" : "/dashboard/leads";
}

/**
 * Where the guards send the user instead of `url`, or null to stay:
 * - production builds send /dashboard/policies/total to the root (C-06);
 * - the default landing (/dashboard/leads) sends a role without leads to its own home;
 * - any other refused route goes to /404 (document 1 section 2.1).
 */
export function guardRedirect(user: RouteUser, url: string, options: { production: boolean }): string | null {
  const path = pathOf(url);
  if (options.production && /^\/dashboard\/policies\/total(\/|$)/.test(path)) return "/";
  if (isRouteAllowed(user, url)) return null;
  if (path === "/dashboard/leads" && homePathFor(user.role) !== path) return homePathFor(user.role);
  return "/404";
}
