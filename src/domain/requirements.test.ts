import { describe, expect, it } from "vitest";
import { type ProofFacts, type RequirementProfile, checkRequirements, defaultProfile, reasonsFromChecks } from "./requirements";

const profile: RequirementProfile = {
  minimum_liability: 30_000_000,
  additional_interest_required: true,
  additional_interest_name: "Oak Property Management LLC",
  additional_interest_address: null,
  accepted_carriers: ["Lemonade", "State Farm"],
  minimum_carrier_rating: "A-",
  maximum_deductible: 50_000,
  landlord_listed: true,
  grace_period_days: 3,
  reminder_days: null,
};
const proof: ProofFacts = {
  liability_limit: 30_000_000,
  deductible: 50_000,
  carrier: "state farm",
  carrier_rating: "A+",
  interested_parties: ["OAK PROPERTY MANAGEMENT, 12 Elm St, Austin TX"],
  effective_date: "2026-03-04",
};
const context = { landlord: "Oak Property Management", move_in: "2026-03-01" };
const status = (p: RequirementProfile, f: ProofFacts, c = context) => Object.fromEntries(checkRequirements(p, f, c).map((x) => [x.rule, x.status]));

describe("requirement checks", () => {
  it("meets every rule at its boundary (equal limit, equal deductible, last day of grace, rating above)", () => {
    expect(status(profile, proof)).toEqual({
      minimum_liability: "met",
      additional_interest: "met",
      landlord_listed: "met",
      accepted_carriers: "met",
      carrier_rating: "met",
      maximum_deductible: "met",
      grace_period: "met",
    });
  });

  it("fails each rule one step past it, with the decline reasons they stand for", () => {
    const failing = { ...proof, liability_limit: 29_999_999, deductible: 50_001, carrier: "Acme Mutual", carrier_rating: "B++", interested_parties: ["Someone Else"], effective_date: "2026-03-05" };
    const checks = checkRequirements(profile, failing, context);
    expect(checks.every((c) => c.status === "not_met")).toBe(true);
    expect(reasonsFromChecks(checks).sort()).toEqual(["r1", "r10", "r2", "r9"]);
  });

  it("says unknown when the proof does not state a value, and suggests nothing for it", () => {
    const silent = { liability_limit: null, deductible: null, carrier: null, carrier_rating: null, interested_parties: null, effective_date: null };
    const checks = checkRequirements(profile, silent, context);
    expect(checks.map((c) => c.status)).toEqual(Array(7).fill("unknown"));
    expect(reasonsFromChecks(checks)).toEqual([]);
  });

  it("grace period counts calendar days across a month end and a leap day", () => {
    const leap = { ...profile, grace_period_days: 1 };
    expect(status(leap, { ...proof, effective_date: "2028-02-29" }, { ...context, move_in: "2028-02-28" }).grace_period).toBe("met");
    expect(status(leap, { ...proof, effective_date: "2028-03-01" }, { ...context, move_in: "2028-02-28" }).grace_period).toBe("not_met");
    expect(status(leap, { ...proof, effective_date: "2027-01-01" }, { ...context, move_in: "2026-12-31" }).grace_period).toBe("met");
  });

  it("an account without a profile keeps its minimum liability ($100,000 when none) and its additional interest", () => {
    expect(defaultProfile({ minimum_liability: null, additional_interest: true, additional_interest_name: null })).toMatchObject({ minimum_liability: 10_000_000, additional_interest_required: false, accepted_carriers: [] });
    const own = defaultProfile({ minimum_liability: 5_000_000, additional_interest: true, additional_interest_name: "Oak PM" });
    expect(own).toMatchObject({ minimum_liability: 5_000_000, additional_interest_required: true, additional_interest_name: "Oak PM" });
    expect(checkRequirements(own, proof, { landlord: null, move_in: null }).map((c) => c.rule)).toEqual(["minimum_liability", "additional_interest"]);
  });
});
