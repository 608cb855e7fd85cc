import { GRID_SESSION_STORAGE_CAP } from "../../../domain/constants";

/**
 * What a grid remembers per route in session storage (document 2 section 2): the last clicked row and the scroll
 * position, so coming back from a policy lands where the user was. Entries are pruned oldest first once the stored
 * text passes GRID_SESSION_STORAGE_CAP characters.
 */
export interface GridMemoryEntry {
  lastId?: string;
  scrollY?: number;
  at: number;
}

const KEY = "coverdesk.gridMemory";

type Store = Record<string, GridMemoryEntry>;

function load(storage: Storage): Store {
  try {
    const parsed = JSON.parse(storage.getItem(KEY) ?? "{}") as unknown;
    return parsed && typeof parsed === "object" ? (parsed as Store) : {};
  } catch {
    return {};
  }
}

/** Drops the oldest entries until the serialised store fits under `cap` characters. */
export function prune(store: Store, cap = GRID_SESSION_STORAGE_CAP): Store {
  let text = JSON.stringify(store);
  if (text.length <= cap) return store;
  const next = { ...store };
  const oldestFirst = Object.entries(next).sort(([, a], [, b]) => a.at - b.at);
  for (const [route] of oldestFirst) {
    if (text.length <= cap) break;
    delete next[route];
    text = JSON.stringify(next);
  }
  return next;
}

export function readGridMemory(route: string, storage: Storage = sessionStorage): GridMemoryEntry | undefined {
  return load(storage)[route];
}

export function writeGridMemory(route: string, patch: Partial<Omit<GridMemoryEntry, "at">>, storage: Storage = sessionStorage, cap?: number) {
  const store = load(storage);
  store[route] = { ...store[route], ...patch, at: Date.now() };
  try {
    storage.setItem(KEY, JSON.stringify(prune(store, cap)));
  } catch {
    // Storage full or disabled: the grid simply forgets.
  }
}
