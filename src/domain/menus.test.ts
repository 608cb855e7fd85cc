import { describe, expect, it } from "vitest";
import { shellMessages } from "../i18n/messages/shell";
import { activeKeyOf, activeSegment, menuFor, type MenuItem, type MenuUser } from "./menus";

/** The menu as the user reads it: "Group > Item" for children, in order, in English. */
function texts(items: MenuItem[], parent?: string): string[] {
  return items.flatMap((item) => {
    const key = item.label.replace(/^app\.shell\.menu\./, "") as keyof typeof shellMessages.menu;
    const text = shellMessages.menu[key];
    if (!text) throw new Error(`no text for ${item.label}`);
    const shown = parent ? `${parent} > ${text}` : text;
    return item.children ? [shown, ...texts(item.children, text)] : [shown];
  });
}

const user = (role: MenuUser["role"], permissions: Array<{ key: string; value: boolean }> = []): MenuUser => ({
  role,
  organizable_id: 7,
  staff_permission: { permissions },
});
const prod = { production: true };

describe("menus per role (document 1 section 6)", () => {
  it("staff", () => {
    expect(texts(menuFor(user("staff"), prod))).toEqual([
      "Compliance",
      "Compliance > Master Policies",
      "Compliance > Policies",
      "Compliance > Policy Import",
      "Compliance > Rent Guarantee Mass Import",
      "Properties",
      "Properties > Communities",
      "Properties > Buildings",
      "Properties > Units",
      "Properties > Add a Property",
      "Leases",
      "CSV Uploads",
      "Email History",
      "Account",
      "Account > Account Details",
      "Account > Property Managers",
      "Account > Users",
      "Requests",
      "Requests > Refunds",
    ]);
  });

  it("agent", () => {
    expect(texts(menuFor(user("agent"), prod))).toEqual([
      "Compliance",
      "Compliance > Master Policies",
      "Compliance > Policies",
      "Compliance > Policy Import",
      "Property Management",
      "Property Management > Prop. Mgmt. Accounts",
      "Property Management > Property Managers",
      "Property Management > Users",
      "Properties",
      "Properties > Communities",
      "Properties > Buildings",
      "Properties > Units",
      "Properties > Add a Property",
      "Leases",
      "CSV Uploads",
      "Email History",
      "Agency",
      "Agency > Agency Details",
      "Agency > Sub-Agencies",
      "Agency > Agents",
      "Agency > Carriers",
      "Requests",
      "Requests > Refunds",
    ]);
  });

  it("super_admin", () => {
    expect(texts(menuFor(user("super_admin"), prod))).toEqual([
      "Policy Review",
      "Add Admin/Support",
      "Agencies",
      "Agencies > Carriers",
      "Agencies > Agencies",
      "Agencies > Agents",
      "Compliance",
      "Compliance > Master Policies",
      "Compliance > Policies",
      "Compliance > Policy Import",
      "Compliance > CSV Upload",
      "Property Management",
      "Property Management > Prop. Mgmt. Accounts",
      "Property Management > Property Managers",
      "Property Management > Users",
      "Properties",
      "Properties > Communities",
      "Properties > Buildings",
      "Properties > Units",
      "Properties > Add a Property",
      "Leases",
      "Tools",
      "Tools > Integration Health",
      "Tools > CSV Uploads",
      "Tools > Email History",
      "Tools > Merge Users",
      "Tools > Insurable Updates",
      "Tools > Integrations",
      "Tools > DMR",
      "Requests",
      "Requests > Refunds",
    ]);
  });

  it("policy_support: Policy Review only (readings C-29)", () => {
    expect(texts(menuFor(user("policy_support"), prod))).toEqual(["Policy Review"]);
  });

  it("gives staff and agents the Policies Dashboard only outside production (C-06)", () => {
    expect(texts(menuFor(user("agent"), { production: false }))).toContain("Compliance > Policies Dashboard");
    expect(texts(menuFor(user("staff"), { production: false }))).toContain("Compliance > Policies Dashboard");
    expect(texts(menuFor(user("staff"), prod))).not.toContain("Compliance > Policies Dashboard");
    expect(texts(menuFor(user("super_admin"), { production: false })).join()).not.toContain("Policies Dashboard");
  });

  it("links Account Details and Agency Details to the user's own organization", () => {
    const routes = (role: MenuUser["role"]) => menuFor(user(role), prod).flatMap((i) => i.children ?? [i]);
    expect(routes("staff").find((i) => i.label.endsWith("account_details"))?.route).toBe("accounts/view/7");
    expect(routes("agent").find((i) => i.label.endsWith("agency_details"))?.route).toBe("agencies/view/7");
  });
});

describe("menu filtering by permission keys (document 1 section 5)", () => {
  it("keeps everything when the permission list is empty or missing", () => {
    const none = { ...user("agent"), staff_permission: null };
    expect(texts(menuFor(none, prod))).toEqual(texts(menuFor(user("agent"), prod)));
  });

  it("drops entries whose key is off or missing from a list, and a subheading left without children", () => {
    const restricted = user("staff", [
      { key: "requests.refunds", value: false },
      { key: "policies.policies", value: true },
    ]);
    const shown = texts(menuFor(restricted, prod));
    expect(shown).not.toContain("Requests");
    expect(shown).not.toContain("Compliance > Master Policies");
    expect(shown).not.toContain("Properties");
    expect(shown).not.toContain("Account > Users");
    expect(shown).toContain("Compliance > Policies");
    // Entries without a key stay listed.
    expect(shown).toEqual(expect.arrayContaining(["Compliance > Policy Import", "Leases", "Email History", "Account > Account Details"]));
  });

  it("lists key-less entries for an agent whose keys are all off", () => {
    const allOff = user("agent", [{ key: "agencies.details", value: false }]);
    expect(texts(menuFor(allOff, prod))).toEqual(["Compliance", "Compliance > Policy Import", "Leases", "CSV Uploads", "Email History", "Agency", "Agency > Sub-Agencies"]);
  });

  it("gates Policy Review with dashboard.policy_support for users with a list (C-29)", () => {
    expect(menuFor(user("super_admin", [{ key: "dashboard.policy_support", value: false }]), prod)[0].label).toBe("app.shell.menu.add_admin_support");
  });
});

describe("active menu item (document 1 section 2.3)", () => {
  it("follows the second path segment", () => {
    expect(activeSegment("/dashboard/users/view/3")).toBe("users");
    expect(activeSegment("/dashboard/policies/browse")).toBe("policies");
    expect(activeSegment("/dashboard/leases")).toBe("leases");
  });

  it("is not updated in insurable, change-requests, policies/import, policy-import, total and leases/import", () => {
    for (const path of [
      "/dashboard/insurable/units",
      "/dashboard/change-requests/refunds/browse",
      "/dashboard/policies/import",
      "/dashboard/policies/policy-import",
      "/dashboard/policies/total",
      "/dashboard/leases/import",
    ]) {
      expect(activeSegment(path)).toBeNull();
    }
  });

  it("matches a menu item by its activeRoute, or its route when the item was clicked", () => {
    const items = menuFor(user("agent"), prod).flatMap((i) => i.children ?? [i]);
    const keyOf = (name: string) => activeKeyOf(items.find((i) => i.label === `app.shell.menu.${name}`)!);
    expect(keyOf("policies")).toBe("policies");
    expect(keyOf("pm_accounts")).toBe("accounts");
    expect(keyOf("policy_import")).toBe("policies/policy-import");
    expect(keyOf("communities")).toBe("insurable/communities");
  });
});
