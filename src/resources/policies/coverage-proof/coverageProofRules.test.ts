import { describe, expect, it } from "vitest";
import { type AssistedLocation, applyAssistance, emptyInsured, formatMoney, newUploadValues, oneYearAfter, parseMoney, reviewStatusOf, selectablePolicyTypes, stripNumber, toFormData } from "./coverageProofRules";

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

describe("assisted review's location (issue 10)", () => {
  const location: AssistedLocation = {
    agency: { id: 3, title: "Summit Risk Partners" },
    account: { id: 7, title: "Maple Property Management" },
    community: { id: 11, title: "Cedar Commons", address: { street_number: "12", street_name: "Elm Street", city: "Austin", state: "TX", zip_code: "78701" } },
    building: { id: 12, title: "Building B" },
    unit: { id: 15, title: "101" },
  };
  const assistance = (located: AssistedLocation | null) => ({ text_found: true, fields: { number: null, carrier: null, effective_date: null, expiration_date: null, liability_limit: null, insureds: [] }, suggested_reasons: [], location: located });

  it("fills every picker, the community's address for each insured and the unit as the primary's line 2, and marks the pickers", () => {
    const { values, prefilled } = applyAssistance(newUploadValues({ users: [emptyInsured(), emptyInsured()] }), assistance(location));
    expect(values).toMatchObject({ agency_id: 3, account_id: 7, community_id: 11, building_id: 12, unit_id: 15 });
    expect(values.users.map((u) => [u.street_number, u.street_name, u.city, u.state, u.zip_code, u.street_two])).toEqual([
      ["12", "Elm Street", "Austin", "TX", "78701", "101"],
      ["12", "Elm Street", "Austin", "TX", "78701", ""],
    ]);
    expect([...prefilled]).toEqual(["agency_id", "account_id", "community_id", "building_id", "unit_id"]);
  });

  it("leaves a picker it could not fill empty and unmarked, and changes nothing without a location", () => {
    const { values, prefilled } = applyAssistance(newUploadValues(), assistance({ ...location, building: null, unit: null }));
    expect(values).toMatchObject({ community_id: 11, building_id: "", unit_id: "" });
    expect(values.users[0].street_two).toBe("");
    expect(prefilled.has("unit_id")).toBe(false);
    expect(applyAssistance(newUploadValues(), assistance(null)).values).toEqual(newUploadValues());
  });
});
