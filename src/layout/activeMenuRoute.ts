import { useEffect, useSyncExternalStore } from "react";
import { useLocation } from "react-router-dom";
import { activeSegment } from "../domain/menus";

/**
 * The active side-nav route, a record the shell holds (document 1 section 3). It follows the URL's second segment;
 * in the areas section 2.3 names it keeps the item the user clicked (domain/menus.ts activeSegment).
 */
let active: string | null = null;
const listeners = new Set<() => void>();

export function setActiveMenuRoute(value: string | null) {
  if (value === active) return;
  active = value;
  listeners.forEach((listener) => listener());
}

export function useActiveMenuRoute(): string | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => active,
  );
}

/** Mounted once in the layout, so the active item follows the URL even while the side nav is collapsed. */
export function useTrackActiveMenuRoute() {
  const { pathname } = useLocation();
  useEffect(() => {
    const segment = activeSegment(pathname);
    if (segment !== null) setActiveMenuRoute(segment);
  }, [pathname]);
}
