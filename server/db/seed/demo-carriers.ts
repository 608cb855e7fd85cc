import * as s from "../schema";
import type { SeedContext } from "./context";
import { insertReturningIds } from "./insert";

type Designation = (typeof s.CARRIER_DESIGNATIONS)[number];

/**
 * Carriers: the integrated ones that bind policies in the platform (with the policy types they write and their
 * number prefix), and well-known outside carriers residents upload proofs from.
 */
const CARRIERS: ReadonlyArray<{ title: string; designation: Designation; prefix: string; policyTypes: readonly number[] }> = [
  { title: "QBE Insurance Corporation", designation: "qbe", prefix: "QRP", policyTypes: [1] },
  { title: "QBE Specialty Insurance", designation: "qbe_specialty", prefix: "QSP", policyTypes: [1] },
  { title: "Millennial Specialty Insurance", designation: "msi", prefix: "MSI", policyTypes: [1] },
  { title: "Crum & Forster", designation: "crum", prefix: "CFC", policyTypes: [4] },
  { title: "Pensio Rent Guarantee", designation: "pensio", prefix: "PRG", policyTypes: [5] },
  { title: "Deposit Choice", designation: "dc", prefix: "DCS", policyTypes: [6] },
  { title: "Lemonade", designation: "out_of_system", prefix: "LP", policyTypes: [] },
  { title: "State Farm", designation: "out_of_system", prefix: "SF", policyTypes: [] },
  { title: "Allstate", designation: "out_of_system", prefix: "AL", policyTypes: [] },
  { title: "Assurant", designation: "out_of_system", prefix: "AS", policyTypes: [] },
  { title: "Progressive", designation: "out_of_system", prefix: "PG", policyTypes: [] },
];

/** Carriers residents name on uploads that are not in the carrier table (carrier_id stays empty). */
export const UNLISTED_CARRIERS = ["Renters Choice Mutual", "Liberty Mutual", "Farmers Insurance", "USAA", "Nationwide"];

export interface Carrier {
  id: number;
  title: string;
  prefix: string;
  inSystem: boolean;
  policyTypes: readonly number[];
}

/** The carriers table rows, shared with the scale seed. */
export const carrierRows = () =>
  CARRIERS.map((c) => {
    const integrated = c.designation !== "out_of_system";
    return {
      title: c.title,
      call_sign: c.prefix,
      integration_designation: c.designation,
      syncable: integrated,
      rateable: integrated,
      quotable: integrated,
      bindable: integrated,
      verifiable: true,
      is_system: integrated,
    };
  });

export async function seedCarriers(ctx: SeedContext): Promise<Carrier[]> {
  const ids = await insertReturningIds(ctx.db, s.carriers, carrierRows());
  return CARRIERS.map((c, i) => ({ id: ids[i], title: c.title, prefix: c.prefix, inSystem: c.designation !== "out_of_system", policyTypes: c.policyTypes }));
}
