import { describe, expect, it } from "vitest";
import { activeSegment, menuFor, type MenuItem, type MenuUser } from "./menus";
import { homePathFor, isRouteAllowed, passesPermissionGuard } from "./routeAccess";

const labels = (items: MenuItem[]): string[] => items.flatMap((i) => [i.label, ...(i.children ? labels(i.children) : [])]);
const user = (role: MenuUser["role"], permissions: Array<{ key: string; value: boolean }> = []): MenuUser => ({
  role,
  organizable_id: 7,
  staff_permission: { permissions },
});

describe("menus per role (document 1 section 6)", () => {
  it("staff", () => {
    expect(labels(menuFor(user("staff"), { production: true }))).toEqual([
      "compliance", "master_policies", "policies", "policy_import", "rent_guarantee_mass_import",
      "properties", "communities", "buildings", "units", "add_property",
      "leases", "email_history",
      "account", "account_details", "property_managers", "users",
      "requests", "refunds",
    ]);
  });

  it("agent", () => {
    expect(labels(menuFor(user("agent"), { production: true }))).toEqual([
      "compliance", "master_policies", "policies", "policy_import",
      "property_management", "pm_accounts", "property_managers", "users",
      "properties", "communities", "buildings", "units", "add_property",
      "leases", "email_history",
      "agency", "agency_details", "sub_agencies", "agents", "carriers",
      "requests", "refunds",
    ]);
  });

  it("super_admin", () => {
    expect(labels(menuFor(user("super_admin"), { production: true }))).toEqual([
      "policy_review", "add_admin_support",
      "agencies", "carriers", "agencies", "agents",
      "compliance", "master_policies", "policies", "policy_import", "csv_upload",
      "property_management", "pm_accounts", "property_managers", "users",
      "properties", "communities", "buildings", "units", "add_property",
      "leases",
      "tools", "integration_health", "email_history", "merge_users", "insurable_updates", "integrations", "dmr",
      "requests", "refunds",
    ]);
  });

  it("policy_support sees Policy Review only", () => {
    expect(labels(menuFor(user("policy_support"), { production: true }))).toEqual(["policy_review"]);
  });

  it("staff and agents get the Policies Dashboard only outside production", () => {
    expect(labels(menuFor(user("agent"), { production: false }))).toContain("policies_dashboard");
    expect(labels(menuFor(user("staff"), { production: true }))).not.toContain("policies_dashboard");
    expect(labels(menuFor(user("super_admin"), { production: false }))).not.toContain("policies_dashboard");
  });

  it("drops entries whose key is off and a subheading left without children", () => {
    const restricted = user("staff", [
      { key: "requests.refunds", value: false },
      { key: "policies.policies", value: true },
    ]);
    const result = labels(menuFor(restricted, { production: true }));
    expect(result).not.toContain("requests");
    expect(result).not.toContain("master_policies");
    expect(result).toContain("policies");
    // key-less entries stay
    expect(result).toEqual(expect.arrayContaining(["policy_import", "leases", "email_history", "account_details"]));
    expect(result).not.toContain("properties");
  });

  it("links Account Details to the staff's own account", () => {
    const account = menuFor(user("staff"), { production: true }).find((i) => i.label === "account");
    expect(account?.children?.[0].route).toBe("accounts/view/7");
  });
});

describe("active menu item (document 1 section 2.3)", () => {
  it("follows the second path segment, except in the named areas", () => {
    expect(activeSegment("/dashboard/users/view/3")).toBe("users");
    expect(activeSegment("/dashboard/insurable/units")).toBeNull();
    expect(activeSegment("/dashboard/policies/import")).toBeNull();
    expect(activeSegment("/dashboard/policies/browse")).toBe("policies");
    expect(activeSegment("/dashboard/leases/import")).toBeNull();
  });
});

describe("route guards (document 1 sections 2.2 and 5)", () => {
  it("keeps policy-support URLs for super_admin and policy_support", () => {
    expect(isRouteAllowed(user("agent"), "/dashboard/policy-support")).toBe(false);
    expect(isRouteAllowed(user("policy_support"), "/dashboard/policy-support")).toBe(true);
    expect(isRouteAllowed(user("super_admin"), "/dashboard/policy-support")).toBe(true);
  });

  it("applies the role table", () => {
    expect(isRouteAllowed(user("staff"), "/dashboard/dmr")).toBe(false);
    expect(isRouteAllowed(user("super_admin"), "/dashboard/dmr")).toBe(true);
    expect(isRouteAllowed(user("staff"), "/dashboard/policies/import")).toBe(true);
    expect(isRouteAllowed(user("agent"), "/dashboard/policies/import")).toBe(false);
    expect(isRouteAllowed(user("agent"), "/dashboard/policies/policy-import")).toBe(true);
    expect(isRouteAllowed(user("policy_support"), "/dashboard/policies/view/12")).toBe(true);
    expect(isRouteAllowed(user("policy_support"), "/dashboard/users/browse")).toBe(false);
    expect(isRouteAllowed(user("staff"), "/dashboard/profile")).toBe(true);
  });

  it("checks the browse key on paths of three or more segments only", () => {
    const noUsers = user("agent", [{ key: "policies.policies", value: true }]);
    expect(passesPermissionGuard(noUsers, "/dashboard/users/browse")).toBe(false);
    expect(passesPermissionGuard(noUsers, "/dashboard/users")).toBe(true);
    expect(passesPermissionGuard(noUsers, "/dashboard/leads/anything")).toBe(true);
    expect(passesPermissionGuard(noUsers, "/dashboard/policies/browse")).toBe(true);
    expect(passesPermissionGuard(user("agent"), "/dashboard/users/browse")).toBe(true);
  });

  it("lands policy support on the review queue", () => {
    expect(homePathFor("policy_support")).toBe("/dashboard/policy-support");
    expect(homePathFor("agent")).toBe("/dashboard/leads");
  });
});
