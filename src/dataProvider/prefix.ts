import { ALL_PREFIXES, ROLE_PREFIX, type Role } from "../domain/roles";

/**
 * Role prefixes (document 1 section 6, readings C-03 and C-26): every path goes under the caller's prefix except
 * paths that already carry a prefix, the two exempt families the spec names (plus the unprefixed legacy-import
 * alias), and the session calls `/{kind}/auth/*`, which exist before a role is known.
 */
// Residents' upload links (issue 17) are public calls under /v2 only: a staff signed in on the same browser must not
// send them under their prefix.
const EXEMPT_STARTS = ["/insurables/list_by_field", "/public/policies/import_legacy_policies", "/policies/import_legacy_policies", "/upload_links/"];
const AUTH_PATH = /^\/[a-z_]+\/auth(\/|$|\?)/;

export function isAuthPath(path: string): boolean {
  return AUTH_PATH.test(path);
}

function hasRolePrefix(path: string): boolean {
  const segments = path.split("?")[0].split("/");
  return ALL_PREFIXES.some((prefix) => segments.includes(prefix));
}

export function isExemptFromPrefix(path: string): boolean {
  return hasRolePrefix(path) || isAuthPath(path) || EXEMPT_STARTS.some((start) => path.startsWith(start));
}

export function prefixPath(path: string, role: Role | null | undefined): string {
  const normalized = path.startsWith("/") ? path : `/${path}`;
  if (!role || isExemptFromPrefix(normalized)) return normalized;
  return `/${ROLE_PREFIX[role]}${normalized}`;
}
