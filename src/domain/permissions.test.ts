import { describe, expect, it } from "vitest";
import { ACCESS_RULES, canAccess, decideAccess } from "./access";
import { type MenuItem, menuFor } from "./menus";
import { ROUTE_RULES } from "./routeAccess";
import { formatCents, fromCents, toCents } from "./money";
import { humanizeEnum, underscoresToSpaces, yesNo } from "./format";
import { isCommercial, isResidential, needsParent } from "./insurables";
import { ACCOUNT_PERMISSION_KEYS, AGENCY_ONLY_PERMISSION_KEYS, NEW_ACCOUNT_KEYS_OFF, PERMISSION_KEYS, hasPermission, isExplicitlyOff } from "./permissions";

const withFlags = (permissions: Array<{ key: string; value: boolean | null }> | null) => ({ staff_permission: permissions ? { permissions } : null });

describe("hasPermission (document 1 section 5)", () => {
  it("allows everything without a list or with an empty one", () => {
    expect(hasPermission({}, "policies.policies")).toBe(true);
    expect(hasPermission(withFlags([]), "policies.policies")).toBe(true);
  });
  it("treats a key missing from an existing list as off, and follows present values", () => {
    const user = withFlags([{ key: "policies.master", value: true }, { key: "requests.refunds", value: false }]);
    expect(hasPermission(user, "policies.master")).toBe(true);
    expect(hasPermission(user, "requests.refunds")).toBe(false);
    expect(hasPermission(user, "policies.policies")).toBe(false);
    expect(hasPermission(withFlags([{ key: "policies.master", value: null }]), "policies.master")).toBe(false);
  });
  it("isExplicitlyOff only for a present false (the Account link rule, readings C-20)", () => {
    expect(isExplicitlyOff(withFlags([{ key: "policies.master", value: true }]), "property_management.users.edit")).toBe(false);
    expect(isExplicitlyOff(withFlags([{ key: "property_management.users.edit", value: false }]), "property_management.users.edit")).toBe(true);
  });
});

describe("access table", () => {
  it("denies by default and lets super admins do anything", () => {
    expect(decideAccess({ role: "policy_support" }, "users", "list")).toBe("forbidden");
    expect(decideAccess({ role: "staff" }, "carriers", "list")).toBe("forbidden");
    expect(decideAccess({ role: "super_admin" }, "anything", "delete")).toBe("allowed");
  });
  it("needs the rule's permission key", () => {
    const agent = { role: "agent" as const, ...withFlags([{ key: "property_management.users", value: false }, { key: "agencies.agents", value: true }]) };
    expect(decideAccess(agent, "users", "list")).toBe("permission_not_enabled");
    expect(decideAccess(agent, "agents", "list")).toBe("allowed");
    expect(canAccess(agent, { resource: "users", action: "list" })).toBe(false);
    expect(canAccess(null, { resource: "users", action: "list" })).toBe(false);
  });
});

describe("money and display", () => {
  it("converts dollars to cents and back, and formats", () => {
    expect(toCents("1,234.56")).toBe(123456);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents("")).toBeNull();
    expect(fromCents(123456)).toBe(1234.56);
    expect(formatCents(123450)).toBe("$1,234.50");
  });
  it("shows booleans as Yes/No and enums without underscores", () => {
    expect(yesNo(true)).toBe("Yes");
    expect(yesNo(0)).toBe("No");
    expect(underscoresToSpaces("policy_support")).toBe("policy support");
    expect(humanizeEnum("BOUND_WITH_WARNING")).toBe("Bound with warning");
  });
  it("keeps type 2 both residential and commercial (readings C-52)", () => {
    expect(isResidential(2) && isCommercial(2)).toBe(true);
    expect(isResidential(5)).toBe(false);
    expect(needsParent(7)).toBe(true);
    expect(needsParent(1)).toBe(false);
  });
});

describe("the keys an account's permission set holds (reference 3.2)", () => {
  const STAFF = { role: "staff" as const, organizable_id: 7, staff_permission: { permissions: [] } };
  const keysOfMenu = (items: MenuItem[]): string[] => items.flatMap((item) => [...(item.permissionKey ? [item.permissionKey] : []), ...keysOfMenu(item.children ?? [])]);

  it("no agency-only key gates anything account staff do: their rows of the permission table, menu and routes", () => {
    const gating = new Set([
      ...ACCESS_RULES.staff.flatMap((rule) => (rule.key ? [rule.key] : [])),
      ...keysOfMenu(menuFor(STAFF, { production: false })),
      ...ROUTE_RULES.flatMap((rule) => (rule.key && rule.roles.includes("staff") ? [rule.key] : [])),
    ]);
    expect(gating.size).toBeGreaterThan(5);
    for (const key of AGENCY_ONLY_PERMISSION_KEYS) expect(gating.has(key), key).toBe(false);
    for (const key of gating) expect(ACCOUNT_PERMISSION_KEYS, key).toContain(key);
  });

  it("splits every key into the account's and the agency-only ones; a new account starts with account keys off only", () => {
    expect([...ACCOUNT_PERMISSION_KEYS, ...AGENCY_ONLY_PERMISSION_KEYS].sort()).toEqual([...PERMISSION_KEYS].sort());
    for (const key of NEW_ACCOUNT_KEYS_OFF) expect(ACCOUNT_PERMISSION_KEYS).toContain(key);
    expect(ACCOUNT_PERMISSION_KEYS).toContain("requests.refunds");
  });
});
