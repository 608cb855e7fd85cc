import { hasPermission, type PermissionHolder } from "./permissions";
import type { Role } from "./roles";

/**
 * Who may do what: one table for the console (canAccess hides things) and the API (a preHandler answers 403 or
 * 401 permission_not_enabled). Deny by default: a (role, resource, action) that no rule names is refused.
 * A rule's `key` is the staff permission key the action needs (document 1 section 3; reference section 2.1).
 */
export type Action = "list" | "show" | "create" | "edit" | "delete" | "export" | string;

export interface Rule {
  resource: string;
  actions: readonly Action[] | "*";
  key?: string;
}

const READ = ["list", "show"] as const;
const WRITE = ["list", "show", "create", "edit"] as const;

export const ACCESS_RULES: Record<Role, Rule[]> = {
  staff: [
    { resource: "users", actions: READ, key: "property_management.users" },
    { resource: "users", actions: ["edit"], key: "property_management.users.edit" },
    { resource: "staff", actions: [...WRITE, "toggle_enabled", "re_invite"], key: "property_management.managers" },
    { resource: "policies", actions: ["list", "show", "edit", "export", "delete", "resend_documents"], key: "policies.policies" },
    // Filing a cancellation request and charging an invoice are done from the policy page (document 2 section 2).
    { resource: "change-requests", actions: ["create"], key: "policies.policies" },
    { resource: "invoices", actions: ["charge"], key: "policies.policies" },
    { resource: "master-policies", actions: READ, key: "policies.master" },
    { resource: "accounts", actions: ["show", "edit"] },
    { resource: "leases", actions: "*" },
    { resource: "email-history", actions: READ },
    { resource: "change-requests", actions: READ, key: "requests.refunds" },
    { resource: "profile", actions: ["show", "edit"] },
  ],
  agent: [
    { resource: "users", actions: READ, key: "property_management.users" },
    { resource: "users", actions: ["edit"], key: "property_management.users.edit" },
    { resource: "staff", actions: [...WRITE, "toggle_enabled", "re_invite"], key: "property_management.managers" },
    { resource: "agents", actions: [...WRITE, "toggle_enabled", "re_invite"], key: "agencies.agents" },
    { resource: "policies", actions: ["list", "show", "edit", "export", "delete", "resend_documents"], key: "policies.policies" },
    // Filing a cancellation request and charging an invoice are done from the policy page (document 2 section 2).
    { resource: "change-requests", actions: ["create"], key: "policies.policies" },
    { resource: "invoices", actions: ["charge"], key: "policies.policies" },
    { resource: "master-policies", actions: READ, key: "policies.master" },
    { resource: "accounts", actions: WRITE, key: "property_management.accounts" },
    { resource: "agencies", actions: ["list", "show", "edit"], key: "agencies.details" },
    { resource: "carriers", actions: READ, key: "agencies.carriers" },
    // Uploading a proof of coverage: super admins and agents (readings C-05).
    { resource: "policies", actions: ["upload_proof"], key: "policies.coverage_proof" },
    // The Leads tab of a policy is an agent's (document 2 section 2).
    { resource: "leads", actions: ["list", "show", "edit"] },
    { resource: "leases", actions: "*" },
    { resource: "email-history", actions: READ },
    { resource: "change-requests", actions: READ, key: "requests.refunds" },
    { resource: "profile", actions: ["show", "edit"] },
  ],
  super_admin: [{ resource: "*", actions: "*" }],
  policy_support: [
    { resource: "policy-support", actions: "*" },
    // Policy support reviews proofs: reads, accepts and declines them (document 2 section 6).
    { resource: "policies", actions: ["list", "show", "edit", "list_dashboard", "review"] },
    { resource: "profile", actions: ["show", "edit"] },
  ],
};

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
