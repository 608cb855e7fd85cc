import { hasPermission, type PermissionHolder } from "./permissions";
import type { Role } from "./roles";

/**
 * The side menus of document 1 section 6 (readings C-04, C-06, C-21, C-29): one tree per role. An entry shows only if
 * the user holds its key; entries without a key always show; a subheading shows only while a child remains.
 */
export interface MenuItem {
  type: "link" | "subheading";
  /** An i18n key (app.shell.menu.*). */
  label: string;
  /** A name the shell maps to an icon (layout/menuIcons.tsx). */
  icon?: string;
  /** Relative to /dashboard. */
  route?: string;
  /** The URL's second segment that makes this item active, when the route alone does not (document 1 section 2.3). */
  activeRoute?: string;
  permissionKey?: string;
  children?: MenuItem[];
}

export interface MenuUser extends PermissionHolder {
  role: Role;
  organizable_id: number | null;
}

const label = (name: string) => `app.shell.menu.${name}`;

function link(name: string, route: string, options: { key?: string; icon?: string; activeRoute?: string } = {}): MenuItem {
  return { type: "link", label: label(name), route, icon: options.icon, permissionKey: options.key, activeRoute: options.activeRoute };
}

const group = (name: string, icon: string, children: MenuItem[]): MenuItem => ({ type: "subheading", label: label(name), icon, children });

// The children C-29 reuses: the staff's Properties and the agent's Property Management.
const properties = () =>
  group("properties", "properties", [
    link("communities", "insurable/communities", { key: "insurables.communities" }),
    link("buildings", "insurable/buildings", { key: "insurables.buildings" }),
    link("units", "insurable/units", { key: "insurables.units" }),
    link("add_property", "insurable/create", { key: "insurables.create" }),
  ]);

const propertyManagement = () =>
  group("property_management", "property_management", [
    link("pm_accounts", "accounts/browse", { key: "property_management.accounts", activeRoute: "accounts" }),
    link("property_managers", "staff/browse", { key: "property_management.managers", activeRoute: "staff" }),
    link("users", "users/browse", { key: "property_management.users", activeRoute: "users" }),
  ]);

const masterPolicies = () => link("master_policies", "master-policies", { key: "policies.master" });
const policies = () => link("policies", "policies/browse", { key: "policies.policies", activeRoute: "policies" });
// Policy Import and Leases have no key (C-29).
const policyImport = () => link("policy_import", "policies/policy-import");
const leases = () => link("leases", "leases", { icon: "leases" });
// Past CSV uploads of the caller's tenant (issue 16 section 5; not in document 1's menus, which predate the list).
const csvImports = () => link("csv_imports", "csv-imports", { icon: "csv_imports" });
const requests = () => group("requests", "requests", [link("refunds", "change-requests/refunds/browse", { key: "requests.refunds" })]);
const policyReview = () => link("policy_review", "policy-support", { key: "dashboard.policy_support", icon: "policy_review" });

function menuTree(user: MenuUser, production: boolean): MenuItem[] {
  // Staff and agents get the policies dashboard only outside production (document 1 section 6, C-06).
  const dashboard = production ? [] : [link("policies_dashboard", "policies/total")];
  switch (user.role) {
    case "staff":
      return [
        group("compliance", "compliance", [
          masterPolicies(),
          policies(),
          policyImport(),
          link("rent_guarantee_mass_import", "policies/import", { key: "policies.rent_mass_import" }),
          ...dashboard,
        ]),
        properties(),
        leases(),
        csvImports(),
        link("email_history", "email-history", { icon: "email_history" }),
        group("account", "account", [
          link("account_details", `accounts/view/${user.organizable_id}`, { activeRoute: "accounts" }),
          link("property_managers", "staff/browse", { key: "property_management.managers", activeRoute: "staff" }),
          link("users", "users/browse", { key: "property_management.users", activeRoute: "users" }),
        ]),
        requests(),
      ];
    case "agent":
      return [
        group("compliance", "compliance", [masterPolicies(), policies(), policyImport(), ...dashboard]),
        propertyManagement(),
        properties(),
        leases(),
        csvImports(),
        link("email_history", "email-history", { icon: "email_history" }),
        group("agency", "agency", [
          link("agency_details", `agencies/view/${user.organizable_id}`, { key: "agencies.details", activeRoute: "agencies" }),
          // "Sub-Agencies" as the agent menu names it; listed without a key (C-21).
          link("sub_agencies", "subagencies"),
          link("agents", "agents", { key: "agencies.agents" }),
          link("carriers", "carriers/browse", { key: "agencies.carriers", activeRoute: "carriers" }),
        ]),
        requests(),
      ];
    case "super_admin":
      return [
        policyReview(),
        link("add_admin_support", "create-admin-users", { icon: "add_admin_support" }),
        group("agencies", "agency", [
          link("carriers", "carriers/browse", { key: "agencies.carriers", activeRoute: "carriers" }),
          link("agencies", "agencies", { key: "agencies.details" }),
          link("agents", "agents", { key: "agencies.agents" }),
        ]),
        group("compliance", "compliance", [masterPolicies(), policies(), policyImport(), link("csv_upload", "csv-upload")]),
        propertyManagement(),
        properties(),
        leases(),
        group("tools", "tools", [
          link("integration_health", "integration-health"),
          link("csv_imports", "csv-imports"),
          link("email_history", "email-history"),
          link("merge_users", "merge-users"),
          link("insurable_updates", "insurable/updates"),
          link("integrations", "integrations"),
          link("dmr", "dmr"),
        ]),
        requests(),
      ];
    case "policy_support":
      // No side menu is given for policy support; its one area is the review queue (C-29).
      return [policyReview()];
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
 * The active side-menu item follows the URL's second segment (document 1 section 2.3), except in the areas where
 * several items share that segment: there the item the user clicked stays active. Answers null for those areas.
 */
const KEEPS_CLICKED_ITEM = [
  /^\/dashboard\/insurable(\/|$)/,
  /^\/dashboard\/change-requests(\/|$)/,
  /^\/dashboard\/policies\/(import|policy-import|total)(\/|$)/,
  /^\/dashboard\/leases\/import(\/|$)/,
];

export function activeSegment(pathname: string): string | null {
  if (KEEPS_CLICKED_ITEM.some((p) => p.test(pathname))) return null;
  return pathname.split("/").filter(Boolean)[1] ?? null;
}

/** The value of the active route that marks `item` active: its activeRoute, else its route. */
export const activeKeyOf = (item: MenuItem): string => item.activeRoute ?? item.route ?? "";
