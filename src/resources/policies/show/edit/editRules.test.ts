import { describe, expect, it } from "vitest";
import { birthDateInRange, mapServerErrors, maskPhone, maskZip, splitStreet } from "./editRules";

describe("policy editor rules (document 2 section 5; readings C-46)", () => {
  it("masks phones as (000) 000-0000 and zips as five digits", () => {
    expect(maskPhone("5125550100")).toBe("(512) 555-0100");
    expect(maskPhone("+1 512 555 0100")).toBe("(512) 555-0100");
    expect(maskPhone("512")).toBe("(512");
    expect(maskZip("78701-1234")).toBe("78701");
  });

  it("accepts birth dates from 18 to 65 years ago, both ends included", () => {
    const today = new Date(2026, 10, 23);
    expect(birthDateInRange("2008-11-23", today)).toBe(true);
    expect(birthDateInRange("2008-11-24", today)).toBe(false);
    expect(birthDateInRange("1961-11-23", today)).toBe(true);
    expect(birthDateInRange("1961-11-22", today)).toBe(false);
    expect(birthDateInRange("", today)).toBe(true);
  });

  it("splits one address line into number and street", () => {
    expect(splitStreet("12 Elm St")).toEqual({ street_number: "12", street_name: "Elm St" });
    expect(splitStreet("Elm St")).toEqual({ street_number: null, street_name: "Elm St" });
  });

  it("maps the server's field keys onto the form's", () => {
    expect(mapServerErrors({ "fields.landlord.email": "bad", other: "x" }, [["fields.landlord.", "landlord."]])).toEqual({ fields: { "landlord.email": "bad" }, rest: ["x"] });
  });
});
