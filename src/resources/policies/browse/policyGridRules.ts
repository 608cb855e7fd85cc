import type { SearchType } from "../../common";
import type { Role } from "../../../domain/roles";

/**
 * The policies grid's rules (document 2 sections 2 and 6; readings C-07, C-11, C-25), in one module so each can be
 * flipped in one place.
 */

/** Search types: Policy Number first (the default); each fills one wire filter as a contains-search. */
export const POLICY_SEARCH_TYPES: SearchType[] = [
  { value: "number", label: "app.policy_browse.search.number", path: "number" },
  { value: "user_name", label: "app.policy_browse.search.user_name", path: "users.profile.full_name" },
  { value: "login_email", label: "app.policy_browse.search.login_email", path: "users.email" },
  { value: "contact_email", label: "app.policy_browse.search.contact_email", path: "users.profile.contact_email" },
  { value: "tcode", label: "app.policy_browse.search.tcode", path: "tcode" },
];

export const POLICY_FILTER_PATHS = {
  source: "policy_in_system",
  type: "policy_type_id",
  status: "status",
  carrier: "carrier_id",
  agency: "agency_id",
  account: "account_id",
} as const;

/** Policy source: All, Internal Policy, External Policy → policy_in_system. */
export const POLICY_SOURCE_CHOICES = [
  { id: "true", name: "app.policy_browse.source.internal" },
  { id: "false", name: "app.policy_browse.source.external" },
];

export type PolicyColumn =
  | "number"
  | "status"
  | "tcode"
  | "community"
  | "building"
  | "unit"
  | "account"
  | "agency"
  | "effective_date"
  | "expiration_date"
  | "customer"
  | "email"
  | "policy_type"
  | "billing_strategy"
  | "updated_at"
  | "in_system";

export const POLICY_COLUMNS: PolicyColumn[] = [
  "number",
  "status",
  "tcode",
  "community",
  "building",
  "unit",
  "account",
  "agency",
  "effective_date",
  "expiration_date",
  "customer",
  "email",
  "policy_type",
  "billing_strategy",
  "updated_at",
  "in_system",
];

/** Agents do not see the account column; super_admin sees neither account nor agency (readings C-11, literal). */
const HIDDEN_COLUMNS: Partial<Record<Role, PolicyColumn[]>> = {
  agent: ["account"],
  super_admin: ["account", "agency"],
};

export function visiblePolicyColumns(role: Role | undefined): PolicyColumn[] {
  const hidden = (role && HIDDEN_COLUMNS[role]) ?? [];
  return POLICY_COLUMNS.filter((column) => !hidden.includes(column));
}

/** The agency filter is an option of the hosting page: offered to those who span agencies. */
export const showsAgencyFilter = (role: Role | undefined) => role === "super_admin" || role === "agent";

/** CSV download: super admins (document 2 section 2). */
export const canExportCsv = (role: Role | undefined) => role === "super_admin";

/**
 * Upload External Policy button: the role is not staff, the host enables it and policies.coverage_proof is held
 * (readings C-05: the policy-support host does not enable it).
 */
export const showsCoverageProofButton = (role: Role | undefined, holdsCoverageProof: boolean) =>
  role !== undefined && role !== "staff" && role !== "policy_support" && holdsCoverageProof;
