import { useEffect, useSyncExternalStore } from "react";
import { useLocation, useNavigationType } from "react-router-dom";

/**
 * The routes visited in this tab, sign-in screens excluded (document 1 section 2.3). The back button returns to the
 * previous entry, so it never leads back to the sign-in page.
 */
const LIMIT = 50;
let history: string[] = [];
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

/** `replace`: the route took the place of the last one (a redirect), so it is not a step to go back to. */
export function recordRoute(path: string, replace = false) {
  if (path.startsWith("/auth/") || history.at(-1) === path) return;
  if (replace) history = [...history.slice(0, -1), path];
  // Returning to the previous entry (the back button, the browser's back) steps back instead of growing the list.
  else if (history.at(-2) === path) history = history.slice(0, -1);
  else history = [...history, path].slice(-LIMIT);
  emit();
}

export function clearRouteHistory() {
  history = [];
  emit();
}

export function useTrackRouteHistory() {
  const { pathname, search } = useLocation();
  const type = useNavigationType();
  useEffect(() => recordRoute(`${pathname}${search}`, type === "REPLACE"), [pathname, search, type]);
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
