import { type AccessRules, type Action, type Rule } from "./accessRules";
import { hasPermission, type PermissionHolder } from "./permissions";
import { RESOURCE_ACCESS } from "./resourceAccess";
import { ROLES, type Role } from "./roles";

export type { AccessRules, Action, Rule } from "./accessRules";

/**
 * Who may do what: one table for the console (canAccess hides things) and the API (a preHandler answers 403 or
 * 401 permission_not_enabled). Deny by default: a (role, resource, action) that no rule names is refused.
 * A rule's `key` is the staff permission key the action needs (document 1 section 3; reference section 2.1).
 *
 * The table is this file's rows for areas without a resource folder yet, plus every resource folder's own rows
 * (src/resources/<name>/access.ts, collected in resourceAccess.ts). No two rows of a role name the same
 * (resource, action), so the order they are assembled in never matters (access-table tests check it).
 */
// Every signed-in role keeps its own grid views and uses the command palette (issue 17 sections 5 and 6); what the
// palette finds is limited by each list's own scope, never by this row.
const EVERYONE = [
  { resource: "saved-views", actions: ["list", "create", "delete"] },
  { resource: "palette", actions: ["list"] },
] as const;

const SHARED_RULES: AccessRules = {
  staff: [
    // Coverage snapshot reports (/dashboard/reporting): staff and agents read their accounts' (document 3 section 6).
    { resource: "coverage_snapshots", actions: ["list"] },
    { resource: "profile", actions: ["show", "edit"] },
    ...EVERYONE,
    // The compliance dashboard's worklists and forecast (issue 17), within the caller's scope.
    { resource: "compliance", actions: ["list", "remind", "assign"] },
    // Residents' upload links of their scope: their state on leases and residents, and Revoke (issue 17 section 2).
    { resource: "upload-links", actions: ["list", "revoke"] },
    // Policy Import (legacy import): staff, agents and super admins, key-less (readings C-04 and C-29).
    { resource: "policy-import", actions: ["create"] },
    // Compliance reports of what the caller sees (issue 13 section 1): their account and its properties.
    { resource: "reports", actions: ["list", "show", "create"] },
  ],
  agent: [
    { resource: "coverage_snapshots", actions: ["list"] },
    { resource: "profile", actions: ["show", "edit"] },
    ...EVERYONE,
    { resource: "compliance", actions: ["list", "remind", "assign"] },
    { resource: "upload-links", actions: ["list", "revoke"] },
    { resource: "policy-import", actions: ["create"] },
    // Their agency tree's accounts, agencies and properties; the bordereau (all carriers' premium) is super admins' only.
    { resource: "reports", actions: ["list", "show", "create"] },
  ],
  super_admin: [{ resource: "*", actions: "*" }],
  policy_support: [
    { resource: "policy-support", actions: "*" },
    { resource: "profile", actions: ["show", "edit"] },
    ...EVERYONE,
  ],
};

/** Every role's rows: the shared ones, then each resource folder's in folder order. */
export function assembleAccessRules(parts: readonly AccessRules[]): Record<Role, Rule[]> {
  return Object.fromEntries(ROLES.map((role) => [role, parts.flatMap((part) => part[role] ?? [])])) as Record<Role, Rule[]>;
}

export const ACCESS_RULES: Record<Role, Rule[]> = assembleAccessRules([
  SHARED_RULES,
  ...Object.keys(RESOURCE_ACCESS)
    .sort()
    .map((name) => RESOURCE_ACCESS[name]),
]);

export interface AccessUser extends PermissionHolder {
  role: Role;
}

function ruleMatches(rule: Rule, resource: string, action: Action): boolean {
  const resourceOk = rule.resource === "*" || rule.resource === resource;
  const actionOk = rule.actions === "*" || rule.actions.includes(action);
  return resourceOk && actionOk;
}

/** The rule that grants (role, resource, action), ignoring permission keys; undefined when the role may never. */
export function findRule(role: Role, resource: string, action: Action): Rule | undefined {
  return ACCESS_RULES[role]?.find((rule) => ruleMatches(rule, resource, action));
}

export type AccessDecision = "allowed" | "forbidden" | "permission_not_enabled";

/** The server's answer: forbidden (403) when no rule grants it, permission_not_enabled (401) when the key is off. */
export function decideAccess(user: AccessUser, resource: string, action: Action): AccessDecision {
  const rule = findRule(user.role, resource, action);
  if (!rule) return "forbidden";
  if (rule.key && !hasPermission(user, rule.key)) return "permission_not_enabled";
  return "allowed";
}

/** react-admin's canAccess shape: true only when the decision is "allowed". */
export function canAccess(user: AccessUser | null | undefined, params: { resource: string; action: Action }): boolean {
  if (!user) return false;
  return decideAccess(user, params.resource, params.action) === "allowed";
}
