import { hasPermission, type PermissionHolder } from "./permissions";
import type { Role } from "./roles";

/**
 * The side menus of document 1 section 6 (readings C-04, C-21, C-29): one tree per role. An entry shows only if the
 * user holds its key; entries without a key always show; a subheading shows only while a child remains.
 * Labels are i18n keys under app.shell.menu.
 */
export interface MenuItem {
  type: "link" | "subheading";
  label: string;
  icon?: string;
  route?: string;
  /** The second URL segment that makes this item active, when it differs from the route's. */
  activeRoute?: string;
  permissionKey?: string;
  children?: MenuItem[];
}

export interface MenuUser extends PermissionHolder {
  role: Role;
  organizable_id: number | null;
}

const link = (label: string, route: string, permissionKey?: string, icon?: string): MenuItem => ({ type: "link", label, route, permissionKey, icon });
const group = (label: string, icon: string, children: MenuItem[]): MenuItem => ({ type: "subheading", label, icon, children });

const properties = () =>
  group("properties", "apartment", [
    link("communities", "insurable/communities", "insurables.communities"),
    link("buildings", "insurable/buildings", "insurables.buildings"),
    link("units", "insurable/units", "insurables.units"),
    link("add_property", "insurable/create", "insurables.create"),
  ]);

const propertyManagement = () =>
  group("property_management", "business", [
    link("pm_accounts", "accounts/browse", "property_management.accounts"),
    link("property_managers", "staff/browse", "property_management.managers"),
    link("users", "users/browse", "property_management.users"),
  ]);

const requests = () => group("requests", "assignment", [link("refunds", "change-requests/refunds/browse", "requests.refunds")]);

function menuTree(user: MenuUser, production: boolean): MenuItem[] {
  const dashboardItem = production ? [] : [link("policies_dashboard", "policies/total")];
  switch (user.role) {
    case "staff":
      return [
        group("compliance", "verified_user", [
          link("master_policies", "master-policies", "policies.master"),
          link("policies", "policies/browse", "policies.policies"),
          link("policy_import", "policies/policy-import"),
          link("rent_guarantee_mass_import", "policies/import", "policies.rent_mass_import"),
          ...dashboardItem,
        ]),
        properties(),
        link("leases", "leases", undefined, "description"),
        link("email_history", "email-history", undefined, "email"),
        group("account", "account_balance", [
          link("account_details", `accounts/view/${user.organizable_id}`),
          link("property_managers", "staff/browse", "property_management.managers"),
          link("users", "users/browse", "property_management.users"),
        ]),
        requests(),
      ];
    case "agent":
      return [
        group("compliance", "verified_user", [
          link("master_policies", "master-policies", "policies.master"),
          link("policies", "policies/browse", "policies.policies"),
          link("policy_import", "policies/policy-import"),
          ...dashboardItem,
        ]),
        propertyManagement(),
        properties(),
        link("leases", "leases", undefined, "description"),
        link("email_history", "email-history", undefined, "email"),
        group("agency", "store", [
          link("agency_details", `agencies/view/${user.organizable_id}`, "agencies.details"),
          link("sub_agencies", "subagencies"),
          link("agents", "agents", "agencies.agents"),
          link("carriers", "carriers/browse", "agencies.carriers"),
        ]),
        requests(),
      ];
    case "super_admin":
      return [
        link("policy_review", "policy-support", "dashboard.policy_support", "rate_review"),
        link("add_admin_support", "create-admin-users", undefined, "person_add"),
        group("agencies", "store", [
          link("carriers", "carriers/browse", "agencies.carriers"),
          link("agencies", "agencies", "agencies.details"),
          link("agents", "agents", "agencies.agents"),
        ]),
        group("compliance", "verified_user", [
          link("master_policies", "master-policies", "policies.master"),
          link("policies", "policies/browse", "policies.policies"),
          link("policy_import", "policies/policy-import"),
          link("csv_upload", "csv-upload"),
        ]),
        propertyManagement(),
        properties(),
        link("leases", "leases", undefined, "description"),
        group("tools", "build", [
          link("integration_health", "integration-health"),
          link("email_history", "email-history"),
          link("merge_users", "merge-users"),
          link("insurable_updates", "insurable/updates"),
          link("integrations", "integrations"),
          link("dmr", "dmr"),
        ]),
        requests(),
      ];
    case "policy_support":
      return [link("policy_review", "policy-support", "dashboard.policy_support", "rate_review")];
  }
}

function filterItems(items: MenuItem[], user: MenuUser): MenuItem[] {
  return items.flatMap((item) => {
    if (item.type === "subheading") {
      const children = filterItems(item.children ?? [], user);
      return children.length ? [{ ...item, children }] : [];
    }
    return !item.permissionKey || hasPermission(user, item.permissionKey) ? [item] : [];
  });
}

export function menuFor(user: MenuUser, options: { production: boolean }): MenuItem[] {
  return filterItems(menuTree(user, options.production), user);
}

/**
 * The side-menu item the URL makes active: its second path segment (document 1 section 2.3). Some areas keep
 * whatever was active before: the function answers null for those.
 */
const KEEPS_PREVIOUS = [/^\/dashboard\/insurable/, /^\/dashboard\/change-requests/, /^\/dashboard\/policies\/(import|policy-import|total)/, /^\/dashboard\/leases\/import/];

export function activeSegment(pathname: string): string | null {
  if (KEEPS_PREVIOUS.some((p) => p.test(pathname))) return null;
  return pathname.split("/").filter(Boolean)[1] ?? null;
}
