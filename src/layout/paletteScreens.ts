import { menuFor, type MenuItem, type MenuUser } from "../domain/menus";
import { isRouteAllowed, type RouteUser } from "../domain/routeAccess";

export interface PaletteScreen {
  /** An i18n key. */
  label: string;
  path: string;
}

/** Screens no menu names that the palette still offers (its common actions among them), when the role may open them. */
const EXTRA_SCREENS: PaletteScreen[] = [
  { label: "app.shell.titles.home", path: "/dashboard/home" },
  { label: "app.compliance.dashboard.title", path: "/dashboard/compliance" },
  // Coverage snapshot reports: a Tools route (document 3 section 2) that no menu of document 1 lists.
  { label: "app.shell.titles.reporting", path: "/dashboard/reporting" },
  { label: "app.shell.titles.profile", path: "/dashboard/profile" },
  { label: "app.shell.titles.audit", path: "/dashboard/audit" },
  { label: "app.shell.titles.invoices", path: "/dashboard/invoices" },
  { label: "app.shell.titles.payments", path: "/dashboard/payments" },
  { label: "app.policy_browse.upload_external", path: "/dashboard/policies/upload-coverage-proof" },
];

function links(items: MenuItem[]): PaletteScreen[] {
  return items.flatMap((item) => (item.type === "subheading" ? links(item.children ?? []) : item.route ? [{ label: item.label, path: `/dashboard/${item.route}` }] : []));
}

/**
 * Every screen the user's role and keys open (issue 17 section 6): the side menu's links, then the extra screens,
 * each checked by the same route guards as the address bar, without duplicates.
 */
export function paletteScreens(user: MenuUser & RouteUser, options: { production: boolean }): PaletteScreen[] {
  const seen = new Set<string>();
  return [...links(menuFor(user, options)), ...EXTRA_SCREENS].filter((screen) => {
    if (seen.has(screen.path) || !isRouteAllowed(user, screen.path)) return false;
    seen.add(screen.path);
    return true;
  });
}
