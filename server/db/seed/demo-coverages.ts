import type { Random } from "./random";
import * as s from "../schema";

type CoverageRow = Omit<typeof s.policyCoverages.$inferInsert, "policy_id">;

const LOW_LIABILITY = "Liability coverage is below the property manager's requirement";

/**
 * Coverage lines of a policy, limits in cents: renters (HO4) policies carry liability, personal property, loss of use
 * and medical payments; commercial policies liability and contents; rent guarantee one line. An upload rejected for
 * low liability shows a limit under the usual $100,000 requirement.
 */
export function policyCoverages(r: Random, policyType: number, external: boolean, rejections: string[]): CoverageRow[] {
  if (external) {
    const liability = rejections.includes(LOW_LIABILITY) ? r.pick([2_500_000, 5_000_000]) : r.pick([10_000_000, 10_000_000, 30_000_000]);
    const rows: CoverageRow[] = [{ designation: "liability", title: "Personal Liability", limit: liability }];
    if (r.chance(0.5)) rows.push({ designation: "contents", title: "Personal Property", limit: r.pick([1_500_000, 2_000_000, 3_000_000]) });
    return rows;
  }
  if (policyType === 4) {
    return [
      { designation: "liability", title: "General Liability", limit: r.pick([100_000_000, 200_000_000]), occurrence_limit: 100_000_000, aggregate_limit: 200_000_000 },
      { designation: "contents", title: "Business Personal Property", limit: r.pick([5_000_000, 10_000_000, 25_000_000]), deductible: 100_000 },
    ];
  }
  if (policyType === 5) {
    return [{ designation: "loss_of_use", title: "Rent Guarantee", limit: r.int(6, 12) * r.pick([120_000, 150_000, 180_000, 220_000]) }];
  }
  const contents = r.pick([1_000_000, 1_500_000, 2_000_000, 2_500_000, 3_000_000, 5_000_000]);
  const rows: CoverageRow[] = [
    { designation: "liability", title: "Personal Liability", limit: r.pick([10_000_000, 10_000_000, 30_000_000, 50_000_000]), deductible: 0 },
    { designation: "contents", title: "Personal Property", limit: contents, deductible: r.pick([25_000, 50_000, 100_000]) },
    { designation: "loss_of_use", title: "Loss of Use", limit: contents / 5 },
    { designation: "med_payment", title: "Medical Payments", limit: r.pick([100_000, 200_000, 500_000]) },
  ];
  if (r.chance(0.15)) rows.push({ designation: "pet_damage", title: "Pet Damage", limit: r.pick([50_000, 100_000]) });
  return rows;
}
