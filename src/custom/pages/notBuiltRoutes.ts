/**
 * The dashboard screens later issues build (document 1 section 2.2 and the paths its menus and links name). Each is
 * mounted now with its title and breadcrumbs on the NotBuiltYet page, behind the same guards as any route.
 * Paths are relative to /dashboard, in react-router syntax.
 */
export interface NotBuiltRoute {
  path: string;
  titleKey: string;
  crumbs?: Array<{ titleKey: string; to?: string }>;
}

const t = (key: string) => `app.shell.titles.${key}`;
const crumb = (key: string, to?: string) => ({ titleKey: t(key), to });
const accounts = crumb("accounts", "/dashboard/accounts/browse");
const agencies = crumb("agencies", "/dashboard/agencies");
const leases = crumb("leases", "/dashboard/leases");

export const NOT_BUILT_ROUTES: NotBuiltRoute[] = [
  { path: "leads/*", titleKey: t("leads") },
  { path: "accounts/browse", titleKey: t("accounts") },
  { path: "accounts/view/:id/*", titleKey: t("account"), crumbs: [accounts] },
  // Breadcrumbs of document 2 section 2: Policies > Browse policies > View Policy; Dashboards > Policies.
  { path: "invoices/*", titleKey: t("invoices") },
  { path: "payments/*", titleKey: t("payments") },
  { path: "insurable/communities", titleKey: t("communities") },
  { path: "insurable/buildings", titleKey: t("buildings") },
  { path: "insurable/units", titleKey: t("units") },
  { path: "insurable/create", titleKey: t("add_property") },
  { path: "insurable/updates", titleKey: t("insurable_updates") },
  { path: "insurable/view/:id/*", titleKey: t("insurable") },
  { path: "carriers/browse", titleKey: t("carriers") },
  { path: "carriers/view/:id/*", titleKey: t("carriers"), crumbs: [crumb("carriers", "/dashboard/carriers/browse")] },
  { path: "leases", titleKey: t("leases") },
  { path: "leases/import", titleKey: t("leases_import"), crumbs: [leases] },
  { path: "agencies/view/:id/*", titleKey: t("agency"), crumbs: [agencies] },
  { path: "tracking-url/*", titleKey: t("tracking_url") },
  { path: "email-history", titleKey: t("email_history") },
];

/** Area roots that open their browse screen (document 1 section 2.2 names both forms). */
export const AREA_REDIRECTS: Array<{ path: string; to: string }> = [
  { path: "accounts", to: "/dashboard/accounts/browse" },
  { path: "policies", to: "/dashboard/policies/browse" },
  { path: "insurable", to: "/dashboard/insurable/communities" },
  { path: "carriers", to: "/dashboard/carriers/browse" },
];

/** A built resource: its name and its routes' paths relative to /dashboard/<name>/ ("" for the name itself). */
export interface BuiltResource {
  name: string;
  paths: string[];
}

// "accounts/view/:accountId/*" and "accounts/view/:id" name the same screen.
const samePath = (path: string) => path.replace(/\/\*$/, "").replace(/:[^/]+/g, ":");

/**
 * The not-built screens still to mount once some resources are built: a resource's route replaces the not-built
 * entry with the same path (its screen is real now), and a resource's root needs no area redirect.
 */
export function remainingNotBuilt(resources: BuiltResource[]): { routes: NotBuiltRoute[]; redirects: typeof AREA_REDIRECTS } {
  const built = new Set(resources.flatMap(({ name, paths }) => paths.map((path) => samePath(path ? `${name}/${path}` : name))));
  const names = new Set(resources.map(({ name }) => name));
  return {
    routes: NOT_BUILT_ROUTES.filter(({ path }) => !built.has(samePath(path))),
    redirects: AREA_REDIRECTS.filter(({ path }) => !names.has(path)),
  };
}
