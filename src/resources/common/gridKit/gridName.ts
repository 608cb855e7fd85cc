/**
 * A grid's name for its saved views and its columns (issue 17 section 5): the screen's path under /dashboard without
 * `browse`, so one resource's different grids (communities, buildings and units; agencies and sub-agencies) keep
 * their own views: `/dashboard/policies/browse` → `policies`, `/dashboard/insurable/units` → `insurable.units`.
 */
export function gridNameOf(pathname: string, fallback: string): string {
  const segments = pathname
    .split("/")
    .filter(Boolean)
    .filter((segment) => segment !== "dashboard" && segment !== "browse")
    .map((segment) => segment.toLowerCase().replace(/[^a-z0-9_-]/g, ""))
    .filter(Boolean);
  const name = segments.join(".");
  return /^[a-z][a-z0-9_.-]*$/.test(name) ? name.slice(0, 100) : fallback;
}

export const gridStoreKey = (name: string) => `grid.${name}`;
