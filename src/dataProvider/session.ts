import { isRole } from "../domain/roles";
import type { StaffUser } from "./types";

/**
 * The session as the browser keeps it (document 1 section 4, readings C-31): the five devise_token_auth headers under
 * fixed local-storage keys, and the signed-in staff under `user`. The httpClient and the authProvider share this module.
 */
export const AUTH_HEADER_KEYS = {
  "access-token": "accessToken",
  "token-type": "tokenType",
  client: "client",
  expiry: "expiry",
  uid: "uid",
} as const;

export type AuthHeaderName = keyof typeof AUTH_HEADER_KEYS;
export const AUTH_HEADER_NAMES = Object.keys(AUTH_HEADER_KEYS) as AuthHeaderName[];
export const USER_KEY = "user";

export function browserStorage(): Storage {
  return globalThis.localStorage;
}

/** The stored headers to send, by header name; absent ones are left out. */
export function readAuthHeaders(storage: Storage): Partial<Record<AuthHeaderName, string>> {
  const headers: Partial<Record<AuthHeaderName, string>> = {};
  for (const name of AUTH_HEADER_NAMES) {
    const value = storage.getItem(AUTH_HEADER_KEYS[name]);
    if (value) headers[name] = value;
  }
  return headers;
}

/** Stores again every auth header a response carries (the others keep their value). */
export function storeAuthHeaders(storage: Storage, headers: Headers): void {
  for (const name of AUTH_HEADER_NAMES) {
    const value = headers.get(name);
    if (value) storage.setItem(AUTH_HEADER_KEYS[name], value);
  }
}

export function hasAccessToken(storage: Storage): boolean {
  return Boolean(storage.getItem(AUTH_HEADER_KEYS["access-token"]));
}

/** True when the stored `expiry` (Unix seconds) has passed. */
export function isTokenExpired(storage: Storage, now = Date.now()): boolean {
  const expiry = Number(storage.getItem(AUTH_HEADER_KEYS.expiry));
  return Number.isFinite(expiry) && expiry > 0 && expiry * 1000 <= now;
}

let cachedRaw: string | null = null;
let cachedUser: StaffUser | null = null;

export function getStoredUser(storage: Storage): StaffUser | null {
  const raw = storage.getItem(USER_KEY);
  if (raw === cachedRaw) return cachedUser;
  cachedRaw = raw;
  cachedUser = null;
  if (raw) {
    try {
      const parsed = JSON.parse(raw) as StaffUser;
      cachedUser = parsed && isRole(parsed.role) ? parsed : null;
    } catch {
      cachedUser = null;
    }
  }
  return cachedUser;
}

export function setStoredUser(storage: Storage, user: StaffUser): void {
  storage.setItem(USER_KEY, JSON.stringify(user));
}

/** Forgets the headers and the user (sign-out, expired or refused token). */
export function clearSession(storage: Storage): void {
  for (const name of AUTH_HEADER_NAMES) storage.removeItem(AUTH_HEADER_KEYS[name]);
  storage.removeItem(USER_KEY);
}
