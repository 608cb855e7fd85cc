import { CHARGEABLE_INVOICE_STATUSES } from "../../../domain/policies";
import type { Role } from "../../../domain/roles";
import type { Invoice, PolicyDetail } from "./types";

/**
 * The policy page's rules in one place (document 2 sections 2, 4, 6; readings C-10, C-40, C-44): which tabs a role
 * sees on a policy, which are disabled, which sub-routes open which content, and how invoices show and charge.
 */
export const TAB_KEYS = ["customers", "coverage", "leads", "edit", "history", "additional_interest", "acord_history"] as const;
export type TabKey = (typeof TAB_KEYS)[number];

/** The URL segment of each tab (view/{id}/{segment}); customers is the default at view/{id}. */
export const TAB_SEGMENT: Record<TabKey, string> = {
  customers: "",
  coverage: "coverage",
  leads: "leads",
  edit: "edit",
  history: "history",
  additional_interest: "additional-interest",
  acord_history: "acord-history",
};

/** Routes the spec names besides the tabs (readings C-44): they open inside the tab that holds their content. */
export const EXTRA_SEGMENTS = { documents: "coverage", employer: "edit", landlord: "edit", rent: "customers" } as const;

export function additionalInterest(policy: PolicyDetail): Record<string, unknown> | null {
  const value = policy.policy_application?.extra_settings?.additional_interest;
  return value && typeof value === "object" ? (value as Record<string, unknown>) : null;
}

/** Edit and Leads: an agent on an in-system policy, or a super admin on policy types 2 and 3 (readings C-10). */
export function showsEditAndLeads(policy: PolicyDetail, role: Role | undefined): boolean {
  return (role === "agent" && policy.policy_in_system) || (role === "super_admin" && [2, 3].includes(policy.policy_type_id));
}

export interface TabState {
  key: TabKey;
  disabled: boolean;
}

export function policyTabs(policy: PolicyDetail, role: Role | undefined): TabState[] {
  const editAndLeads = showsEditAndLeads(policy, role);
  return TAB_KEYS.filter((key) => editAndLeads || (key !== "edit" && key !== "leads")).map((key) => ({
    key,
    disabled:
      (key === "additional_interest" && !(policy.policy_type_id === 1 && additionalInterest(policy))) ||
      (key === "acord_history" && !(policy.system_data?.acord_history?.length ?? 0)),
  }));
}

/** Which editor the Edit tab (and the edit route) shows. */
export type EditorKind = "coverage_proof" | "residential" | "commercial" | "rent_guarantee" | "none";

export function editorFor(policy: PolicyDetail): EditorKind {
  if (!policy.policy_in_system) return "coverage_proof";
  return ({ 1: "residential", 4: "commercial", 5: "rent_guarantee" } as Record<number, EditorKind>)[policy.policy_type_id] ?? "none";
}

export const isChargeable = (invoice: Invoice) => (CHARGEABLE_INVOICE_STATUSES as readonly string[]).includes(invoice.status);

/** complete → check, upcoming → timer, anything else (missed included) → info; missed in the error colour (C-40). */
export function invoiceIcon(status: string): { icon: "check" | "timer" | "info"; color: "success" | "action" | "error" | "info" } {
  if (status === "complete") return { icon: "check", color: "success" };
  if (status === "upcoming") return { icon: "timer", color: "action" };
  return { icon: "info", color: status === "missed" ? "error" : "info" };
}
