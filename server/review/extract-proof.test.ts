import { describe, expect, it } from "vitest";
import { declarationsPagePdf, evidenceOfInsurancePdf } from "../files/sample-pdfs";
import { extractProof, suggestedReasons } from "./extract-proof";
import { pdfLines } from "./pdf-text";

const paperwork = {
  carrier: "Lemonade",
  number: "LMN-0042-7",
  insureds: ["Ann Lee", "Bo Park"],
  address: ["12 Elm St, Apt 4", "Austin, TX 78701"],
  effective: "2026-03-15",
  expiration: "2027-03-15",
  coverages: [
    { title: "Personal Property", limit: 20_000 },
    { title: "Personal Liability", limit: 50_000 },
  ],
};

describe("assisted review: reading a proof of coverage", () => {
  it("reads number, carrier, dates, liability and insureds from a declarations page", async () => {
    const lines = await pdfLines(await declarationsPagePdf(paperwork));
    expect(extractProof(lines)).toEqual({
      number: "LMN-0042-7",
      carrier: "Lemonade",
      effective_date: "2026-03-15",
      expiration_date: "2027-03-15",
      liability_limit: 5_000_000,
      insureds: [
        { first_name: "Ann", last_name: "Lee" },
        { first_name: "Bo", last_name: "Park" },
      ],
      address: "12 Elm St, Apt 4, Austin, TX 78701",
      deductible: null,
      interested_parties: null,
    });
  });

  it("reads the same from an evidence-of-insurance certificate", async () => {
    const lines = await pdfLines(await evidenceOfInsurancePdf(paperwork));
    expect(extractProof(lines)).toMatchObject({
      number: "LMN-0042-7",
      carrier: "Lemonade",
      effective_date: "2026-03-15",
      expiration_date: "2027-03-15",
      liability_limit: 5_000_000,
      address: "12 Elm St, Apt 4, Austin, TX 78701",
    });
  });

  it("finds nothing in a PDF without a text layer", async () => {
    expect(extractProof([])).toEqual({ number: null, carrier: null, effective_date: null, expiration_date: null, liability_limit: null, insureds: [], address: null, deductible: null, interested_parties: null });
  });

  it("suggests the reasons the evidence supports: expired, liability under the minimum, nobody from the lease", () => {
    const proof = extractProof(["Policy Number: X-1", "Policy Period: 01/01/2025 to 01/01/2026", "Personal Liability $50,000", "Named Insured: Ann Lee"]);
    expect(suggestedReasons(proof, { today: "2026-11-23", residents: [{ first_name: "Cara", last_name: "Diaz" }] })).toEqual(["r1", "r5", "r6"]);
    expect(suggestedReasons(proof, { today: "2025-06-01", minimumLiability: 3_000_000, residents: [{ first_name: "ann", last_name: "LEE" }] })).toEqual([]);
  });

  it("with a requirement profile, suggests what its failed rules stand for: additional interest, carrier, rating", () => {
    const proof = extractProof([
      "ACME MUTUAL",
      "Policy Number: X-1",
      "Personal Liability $300,000",
      "Deductible: $250 per claim, $1,000 hurricane",
      "Additional Interest: Pine Holdings, 1 Main St",
    ]);
    expect(proof).toMatchObject({ carrier: "Acme Mutual", deductible: 100_000, interested_parties: ["Pine Holdings, 1 Main St"] });
    const profile = {
      minimum_liability: 30_000_000,
      additional_interest_required: true,
      additional_interest_name: "Oak PM",
      additional_interest_address: null,
      accepted_carriers: ["Lemonade"],
      minimum_carrier_rating: "A-",
      maximum_deductible: 50_000,
      landlord_listed: false,
      grace_period_days: null,
      reminder_days: null,
    };
    expect(suggestedReasons(proof, { today: "2026-11-23", profile, carrierRating: "B+" })).toEqual(["r2", "r9", "r10"]);
    // The profile, not the old $100,000 floor, decides the liability.
    expect(suggestedReasons(proof, { today: "2026-11-23", profile: { ...profile, minimum_liability: 40_000_000, accepted_carriers: [], minimum_carrier_rating: null, additional_interest_required: false } })).toEqual(["r1"]);
  });

  it("suggests another address (r3) or unit (r4) only when the printed location disagrees with the policy's unit", () => {
    const at = (location: string) => extractProof([`Location: ${location}`]);
    const premises = { street: "12 Elm Street", unit: "Apt 4" };
    const today = "2026-11-23";
    expect(suggestedReasons(at("12 Elm St, Apt 4, Austin, TX 78701"), { today, premises })).toEqual([]);
    expect(suggestedReasons(at("12 ELM STREET APARTMENT 4, AUSTIN TX"), { today, premises })).toEqual([]);
    expect(suggestedReasons(at("12 Elm St #4, Austin, TX"), { today, premises })).toEqual([]);
    expect(suggestedReasons(at("40 Oak Ave, Apt 4, Austin, TX"), { today, premises })).toEqual(["r3"]);
    expect(suggestedReasons(at("12 Elm St, Apt 14, Austin, TX"), { today, premises })).toEqual(["r4"]);
    expect(suggestedReasons(at("12 Elm St, Austin, TX"), { today, premises })).toEqual(["r4"]);
    expect(suggestedReasons(at("9 Pine Rd, Unit 2B"), { today, premises: { street: "12 Elm Street", unit: "Unit 2B" } })).toEqual(["r3"]);
    // Nothing printed, or nothing known of the unit: nothing to judge.
    expect(suggestedReasons(extractProof(["Policy Number: X-1"]), { today, premises })).toEqual([]);
    expect(suggestedReasons(at("40 Oak Ave"), { today })).toEqual([]);
  });
});
