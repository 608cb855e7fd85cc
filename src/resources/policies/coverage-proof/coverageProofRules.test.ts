import { describe, expect, it } from "vitest";
import { formatMoney, newUploadValues, oneYearAfter, parseMoney, reviewStatusOf, selectablePolicyTypes, stripNumber, toFormData } from "./coverageProofRules";

describe("coverage-proof form rules (document 2 sections 4, 5, 7)", () => {
  it("keeps letters, digits, hyphen and underscore in the number", () => {
    expect(stripNumber(" HO-12_34 / x!")).toBe("HO-12_34x");
  });

  it("sets the expiration one year after the effective date, 29 February to 28 February", () => {
    expect(oneYearAfter("2026-09-01")).toBe("2027-09-01");
    expect(oneYearAfter("2028-02-29")).toBe("2029-02-28");
  });

  it("hides master types and ids 4 and 5 from the policy types", () => {
    const types = [1, 2, 3, 4, 5, 6].map((id) => ({ id, title: `T${id}`, master: id === 2, master_coverage: id === 3 }));
    expect(selectablePolicyTypes(types).map((t) => t.id)).toEqual([1, 6]);
  });

  it("shows money with a thousands comma and sends it in cents", () => {
    expect(formatMoney("1234567.891")).toBe("1,234,567.89");
    expect(formatMoney("$00100")).toBe("100");
    expect(parseMoney("$1,234.50")).toBe("1234.50");
    const values = newUploadValues({ number: "HO-1", unit_id: 9, coverages: [{ designation: "liability", limit: "100,000.50" }] });
    const form = toFormData(values, ["Incorrect address"]);
    expect(form.get("policy[policy_coverages_attributes][0][limit]")).toBe("10000050");
    expect(form.get("policy[policy_insurables_attributes][0][insurable_id]")).toBe("9");
    expect(form.get("policy[policy_users_attributes][0][primary]")).toBe("true");
    expect(form.getAll("policy[system_data][rejection_reasons][]")).toEqual(["Incorrect address"]);
    expect(form.get("policy[status]")).toBe("verified");
  });

  it("defaults new uploads to verified with one liability row and one insured, and reads stored statuses back", () => {
    const values = newUploadValues();
    expect(values.status).toBe("verified");
    expect(values.coverages).toEqual([{ designation: "liability", limit: "" }]);
    expect(values.users).toHaveLength(1);
    expect(reviewStatusOf("EXTERNAL_REJECTED")).toBe("rejected");
    expect(reviewStatusOf("CANCELLED")).toBe("cancelled");
  });
});
