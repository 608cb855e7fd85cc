import { useDataProvider } from "react-admin";
import { useCallback, useEffect, useRef, useSyncExternalStore } from "react";
import { useLocation } from "react-router-dom";
import type { AppDataProvider } from "../dataProvider";
import { browserStorage, getStoredUser } from "../dataProvider/session";
import { DEFAULT_SHELL_SETTINGS, readShellSettings, rtlFromQuery, type ShellSettings } from "../domain/shellSettings";
import { useThemeName } from "./themes";
import { useCurrentUser } from "./useCurrentUser";

/**
 * The signed-in user's shell settings (domain/shellSettings.ts). The server keeps them per user (GET/PUT
 * /shell_settings); this browser keeps a copy per user id, so a reload paints the chosen layout and direction at once
 * instead of flashing the defaults while the server answers.
 */
const cacheKey = (userId: number) => `coverdeskShell:${userId}`;
const listeners = new Set<() => void>();
let current: ShellSettings = cachedFor(storedUserId());
let currentUserId: number | null = storedUserId();

function storedUserId(): number | null {
  const storage = browserStorage() as Storage | undefined;
  return storage ? (getStoredUser(storage)?.id ?? null) : null;
}

function cachedFor(userId: number | null): ShellSettings {
  if (userId === null) return DEFAULT_SHELL_SETTINGS;
  try {
    return readShellSettings(JSON.parse(globalThis.localStorage?.getItem(cacheKey(userId)) ?? "null"));
  } catch {
    return DEFAULT_SHELL_SETTINGS;
  }
}

function publish(next: ShellSettings) {
  current = next;
  if (currentUserId !== null) globalThis.localStorage?.setItem(cacheKey(currentUserId), JSON.stringify(next));
  listeners.forEach((listener) => listener());
}

/**
 * What the user changed while the server's copy was on its way: that answer left the server before the change was
 * saved, so these fields keep the user's value (a layout chosen in the first second after sign-in stayed otherwise).
 */
let changedWhileLoading: Set<keyof ShellSettings> | null = null;

/** Another user signed in in this tab: start from their copy. */
function switchUser(userId: number) {
  if (userId === currentUserId) return;
  currentUserId = userId;
  current = cachedFor(userId);
  listeners.forEach((listener) => listener());
}

export function useShellSettingsValue(): ShellSettings {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
  );
}

/** The settings and a way to change some of them: shown at once, kept in this browser and sent to the server. */
export function useShellSettings(): { settings: ShellSettings; update: (changes: Partial<ShellSettings>) => void } {
  const settings = useShellSettingsValue();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { setThemeName } = useThemeName();
  const update = useCallback(
    (changes: Partial<ShellSettings>) => {
      publish({ ...current, ...changes });
      if (changedWhileLoading) for (const key of Object.keys(changes) as Array<keyof ShellSettings>) changedWhileLoading.add(key);
      if (changes.theme) setThemeName(changes.theme);
      // A failed save keeps the choice in this browser; the next change sends it again.
      dataProvider.request("/shell_settings", { method: "PUT", body: { shell_settings: changes } }).catch(() => undefined);
    },
    [dataProvider, setThemeName],
  );
  return { settings, update };
}

/**
 * Mounted once in the shell: reads the signed-in user's settings from the server (they may have chosen elsewhere),
 * applies the theme, and follows ?rtl=true / ?rtl=false in the URL (document 1 section 2.3), which is kept as the
 * user's choice.
 */
export function useSyncShellSettings() {
  const { user } = useCurrentUser();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { themeName, setThemeName } = useThemeName();
  const { update } = useShellSettings();
  const { search } = useLocation();
  const loadedFor = useRef<number | null>(null);
  const userId = user?.id ?? null;

  useEffect(() => {
    if (userId === null || loadedFor.current === userId) return;
    loadedFor.current = userId;
    switchUser(userId);
    let live = true;
    const changed = new Set<keyof ShellSettings>();
    changedWhileLoading = changed;
    dataProvider.request<unknown>("/shell_settings").then(
      ({ json }) => {
        if (changedWhileLoading === changed) changedWhileLoading = null;
        if (!live) return;
        // A ?rtl= in the address bar at load wins over what the server kept (it is being saved as we speak).
        const fromQuery = rtlFromQuery(globalThis.location?.search ?? "");
        const kept = Object.fromEntries([...changed].map((key) => [key, current[key]]));
        publish({ ...readShellSettings(json), ...(fromQuery === undefined ? {} : { rtl: fromQuery }), ...kept });
      },
      () => {
        if (changedWhileLoading === changed) changedWhileLoading = null;
      },
    );
    return () => {
      live = false;
    };
  }, [userId, dataProvider]);

  const settings = useShellSettingsValue();
  useEffect(() => {
    if (userId !== null && settings.theme !== themeName) setThemeName(settings.theme);
    // Only a change of the kept choice applies it; the top bar's selector changes both together.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settings.theme, userId]);

  useEffect(() => {
    const rtl = rtlFromQuery(search);
    if (userId !== null && rtl !== undefined && rtl !== current.rtl) update({ rtl });
  }, [search, userId, update]);
}
