import { browserStorage } from "./session";

/**
 * The agency chosen in the shell's "Browse as" selector (document 1 section 2.3). The httpClient sends it as the
 * `agency_id` query parameter on every later call; clearing the selector clears it (readings C-49).
 */
export const SELECTED_AGENCY_KEY = "selectedAgencyId";

export function getSelectedAgencyId(storage: Storage = browserStorage()): number | null {
  const raw = storage.getItem(SELECTED_AGENCY_KEY);
  if (!raw) return null;
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 ? id : null;
}

export function setSelectedAgencyId(id: number | string | null, storage: Storage = browserStorage()): void {
  if (id === null || id === "") storage.removeItem(SELECTED_AGENCY_KEY);
  else storage.setItem(SELECTED_AGENCY_KEY, String(id));
}
