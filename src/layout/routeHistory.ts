import { useEffect, useSyncExternalStore } from "react";
import { useLocation } from "react-router-dom";

/**
 * The routes visited in this tab, sign-in screens excluded (document 1 section 2.3). The back button returns to the
 * previous entry, so it never leads back to the sign-in page.
 */
const LIMIT = 50;
let history: string[] = [];
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

export function recordRoute(path: string) {
  if (path.startsWith("/auth/") || history.at(-1) === path) return;
  // Returning to the previous entry (the back button, the browser's back) steps back instead of growing the list.
  history = history.at(-2) === path ? history.slice(0, -1) : [...history, path].slice(-LIMIT);
  emit();
}

export function clearRouteHistory() {
  history = [];
  emit();
}

export function useTrackRouteHistory() {
  const { pathname, search } = useLocation();
  useEffect(() => recordRoute(`${pathname}${search}`), [pathname, search]);
}

/** The route the back button returns to, or null when there is none. */
export function usePreviousRoute(): string | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => history.at(-2) ?? null,
  );
}
