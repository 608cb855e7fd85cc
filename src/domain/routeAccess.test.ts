import { describe, expect, it } from "vitest";
import type { Role } from "./roles";
import { guardRedirect, homePathFor, isRouteAllowed, passesPermissionGuard, passesPolicySupportGuard, type RouteUser } from "./routeAccess";

const user = (role: Role, permissions?: Array<{ key: string; value: boolean }>): RouteUser => ({
  role,
  staff_permission: permissions ? { permissions } : null,
});

/** Which roles open each route (readings C-04, C-05, C-06, C-16, C-24): staff, agent, super_admin, policy_support. */
const TABLE: Array<[string, [boolean, boolean, boolean, boolean]]> = [
  ["/dashboard/leads", [true, true, true, false]],
  ["/dashboard/home", [true, true, true, false]],
  ["/dashboard/profile", [true, true, true, true]],
  ["/dashboard/users/browse", [true, true, true, false]],
  ["/dashboard/users/view/3/edit", [true, true, true, false]],
  ["/dashboard/staff/view/3", [true, true, true, false]],
  ["/dashboard/accounts/browse", [false, true, true, false]],
  ["/dashboard/accounts/view/5", [true, true, true, false]],
  ["/dashboard/policies/browse", [true, true, true, false]],
  ["/dashboard/policies/view/12", [true, true, true, true]],
  ["/dashboard/policies/view/12/edit", [true, true, true, true]],
  ["/dashboard/policies/policy-import", [true, true, true, false]],
  ["/dashboard/policies/import", [true, false, false, false]],
  ["/dashboard/policies/import/view/4", [true, false, false, false]],
  ["/dashboard/policies/upload-coverage-proof", [false, true, true, false]],
  ["/dashboard/policies/total", [true, true, true, false]],
  ["/dashboard/master-policies", [true, true, true, false]],
  ["/dashboard/insurable/communities", [true, true, true, false]],
  ["/dashboard/insurable/view/9", [true, true, true, false]],
  ["/dashboard/insurable/updates", [false, false, true, false]],
  ["/dashboard/agencies/view/5", [false, true, true, false]],
  ["/dashboard/agencies/5/branding/2", [false, true, true, false]],
  ["/dashboard/branding-editor/Agency/5/branding/2", [false, true, true, false]],
  ["/dashboard/subagencies", [false, true, true, false]],
  ["/dashboard/agents", [false, true, true, false]],
  ["/dashboard/carriers/browse", [false, true, true, false]],
  ["/dashboard/change-requests/refunds/browse", [true, true, true, false]],
  ["/dashboard/leases/import", [true, true, true, false]],
  ["/dashboard/email-history", [true, true, true, false]],
  // Invoices and payments of the policies each role sees; policy support has no billing.
  ["/dashboard/invoices", [true, true, true, false]],
  ["/dashboard/invoices/view/7", [true, true, true, false]],
  ["/dashboard/payments", [true, true, true, false]],
  ["/dashboard/policy-support", [false, false, true, true]],
  ["/dashboard/dmr", [false, false, true, false]],
  ["/dashboard/csv-upload", [false, false, true, false]],
  ["/dashboard/merge-users", [false, false, true, false]],
  ["/dashboard/create-admin-users", [false, false, true, false]],
  ["/dashboard/integration-health", [false, false, true, false]],
  ["/dashboard/integrations", [false, false, true, false]],
];
const ROLES: Role[] = ["staff", "agent", "super_admin", "policy_support"];

describe("role guard table (document 1 section 2.2, readings C-24)", () => {
  for (const [url, allowed] of TABLE) {
    it(url, () => {
      expect(ROLES.map((role) => isRouteAllowed(user(role), url))).toEqual(allowed);
    });
  }
});

describe("policy-support guard (document 1 section 2.2)", () => {
  it("refuses any URL containing policy-support to other roles, query included", () => {
    expect(passesPolicySupportGuard(user("agent"), "/dashboard/policy-support/queue")).toBe(false);
    expect(passesPolicySupportGuard(user("staff"), "/dashboard/users/browse?from=policy-support")).toBe(false);
    expect(passesPolicySupportGuard(user("policy_support"), "/dashboard/policy-support")).toBe(true);
    expect(passesPolicySupportGuard(user("super_admin"), "/dashboard/policy-support")).toBe(true);
  });
});

describe("permission guard (document 1 section 5, readings C-27)", () => {
  const onlyPolicies = user("agent", [{ key: "policies.policies", value: true }]);

  it("asks the policies key of an invoice's page, as of a policy's", () => {
    expect(isRouteAllowed(user("staff", [{ key: "policies.policies", value: false }]), "/dashboard/invoices/view/7")).toBe(false);
    expect(isRouteAllowed(user("agent", [{ key: "policies.policies", value: true }]), "/dashboard/invoices/view/7")).toBe(true);
  });

  it("checks the browse key on paths of three or more non-empty segments", () => {
    expect(passesPermissionGuard(onlyPolicies, "/dashboard/users/browse")).toBe(false);
    expect(passesPermissionGuard(onlyPolicies, "/dashboard/policies/browse")).toBe(true);
    expect(passesPermissionGuard(onlyPolicies, "/dashboard/agencies/view/5")).toBe(false);
  });

  it("always allows shorter paths and /dashboard/leads", () => {
    expect(passesPermissionGuard(onlyPolicies, "/dashboard/users")).toBe(true);
    expect(passesPermissionGuard(onlyPolicies, "/dashboard/users/")).toBe(true);
    expect(passesPermissionGuard(onlyPolicies, "/dashboard/leads/view/3")).toBe(true);
  });

  it("lets users without staff_permission, or with an empty list, pass", () => {
    expect(passesPermissionGuard(user("agent"), "/dashboard/users/browse")).toBe(true);
    expect(passesPermissionGuard(user("agent", []), "/dashboard/users/browse")).toBe(true);
  });

  it("follows an explicit value", () => {
    expect(passesPermissionGuard(user("staff", [{ key: "property_management.users", value: false }]), "/dashboard/users/view/1")).toBe(false);
    expect(passesPermissionGuard(user("staff", [{ key: "property_management.users", value: true }]), "/dashboard/users/view/1")).toBe(true);
  });
});

describe("guard redirects", () => {
  const dev = { production: false };

  it("sends a refused route to /404 and an allowed one nowhere", () => {
    expect(guardRedirect(user("staff"), "/dashboard/dmr", dev)).toBe("/404");
    expect(guardRedirect(user("agent"), "/dashboard/policy-support", dev)).toBe("/404");
    expect(guardRedirect(user("staff", [{ key: "policies.policies", value: true }]), "/dashboard/users/browse", dev)).toBe("/404");
    expect(guardRedirect(user("staff"), "/dashboard/users/browse", dev)).toBeNull();
  });

  it("lands policy support on the review queue instead of the leads default", () => {
    expect(homePathFor("policy_support")).toBe("/dashboard/policy-support");
    expect(homePathFor("agent")).toBe("/dashboard/leads");
    expect(guardRedirect(user("policy_support"), "/dashboard/leads", dev)).toBe("/dashboard/policy-support");
    expect(guardRedirect(user("policy_support"), "/dashboard/leads/view/1", dev)).toBe("/404");
  });

  it("sends /dashboard/policies/total to the root in production builds (C-06)", () => {
    expect(guardRedirect(user("agent"), "/dashboard/policies/total", { production: true })).toBe("/");
    expect(guardRedirect(user("agent"), "/dashboard/policies/total", dev)).toBeNull();
  });
});
