import { describe, expect, it } from "vitest";
import { editorFor, invoiceIcon, isChargeable, policyTabs } from "./policyDetailRules";
import type { Invoice, PolicyDetail } from "./types";

const policy = (over: Partial<PolicyDetail> = {}) =>
  ({ policy_in_system: true, policy_type_id: 1, policy_application: null, system_data: {}, ...over }) as PolicyDetail;
const keys = (p: PolicyDetail, role: Parameters<typeof policyTabs>[1]) => policyTabs(p, role).map((t) => t.key);

describe("policy page rules (document 2 sections 2, 4; readings C-10, C-40)", () => {
  it("shows Edit and Leads to an agent on an in-system policy and to a super admin on types 2 and 3 only", () => {
    expect(keys(policy(), "agent")).toEqual(["customers", "coverage", "leads", "edit", "history", "additional_interest", "acord_history"]);
    expect(keys(policy({ policy_in_system: false }), "agent")).not.toContain("edit");
    expect(keys(policy(), "super_admin")).not.toContain("leads");
    expect(keys(policy({ policy_type_id: 2 }), "super_admin")).toContain("edit");
    expect(keys(policy({ policy_type_id: 3 }), "super_admin")).toContain("leads");
    expect(keys(policy(), "staff")).toEqual(["customers", "coverage", "history", "additional_interest", "acord_history"]);
  });

  it("enables Additional Interest for type 1 with an interest, ACORD History with entries", () => {
    const disabled = (p: PolicyDetail) => policyTabs(p, "agent").filter((t) => t.disabled).map((t) => t.key);
    expect(disabled(policy())).toEqual(["additional_interest", "acord_history"]);
    const withBoth = policy({
      policy_application: { fields: {}, extra_settings: { additional_interest: { first_name: "Ann" } } },
      system_data: { acord_history: [{ file_date: "2026-01-01", transaction: "renewal", premium: 100, updated_status: "RENEWED" }] },
    });
    expect(disabled(withBoth)).toEqual([]);
    expect(disabled({ ...withBoth, policy_type_id: 5 })).toEqual(["additional_interest"]);
  });

  it("picks the editor by policy", () => {
    expect(editorFor(policy({ policy_in_system: false }))).toBe("coverage_proof");
    expect(editorFor(policy({ policy_type_id: 1 }))).toBe("residential");
    expect(editorFor(policy({ policy_type_id: 4 }))).toBe("commercial");
    expect(editorFor(policy({ policy_type_id: 5 }))).toBe("rent_guarantee");
    expect(editorFor(policy({ policy_type_id: 2 }))).toBe("none");
  });

  it("charges missed, upcoming and available invoices only; shows check, timer or info", () => {
    const inv = (status: string) => ({ status }) as Invoice;
    expect(["missed", "upcoming", "available", "complete", "pending", "cancelled"].filter((s) => isChargeable(inv(s)))).toEqual(["missed", "upcoming", "available"]);
    expect(invoiceIcon("complete")).toEqual({ icon: "check", color: "success" });
    expect(invoiceIcon("upcoming").icon).toBe("timer");
    expect(invoiceIcon("missed")).toEqual({ icon: "info", color: "error" });
    expect(invoiceIcon("available")).toEqual({ icon: "info", color: "info" });
  });
});
