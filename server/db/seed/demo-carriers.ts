import { sql } from "drizzle-orm";
import { US_STATES } from "../../../src/domain/usStates";
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

/**
 * Every carrier's configuration (issue 14): the policy types it writes (out-of-system ones: residential) available in
 * every state but Alaska and Hawaii for integrated carriers; integrated carriers assigned to every top-level agency with
 * their policy types, authorizations per state, annual and monthly billing strategies, a carrier fee and an agency fee,
 * and a commission for the carrier and one per agency. No random draws, so the rest of the demo is unchanged.
 */
export async function seedCarrierSettings(ctx: SeedContext, carriers: Carrier[]): Promise<void> {
  const db = ctx.db;
  const states = sql`unnest(${sql.raw(`ARRAY[${US_STATES.map((s) => `'${s}'`).join(",")}]`)}::text[])`;
  for (const carrier of carriers) {
    const types = carrier.policyTypes.length ? carrier.policyTypes : [1];
    for (const policyTypeId of types) {
      await db.execute(sql`WITH cpt AS (INSERT INTO carrier_policy_types (carrier_id, policy_type_id) VALUES (${carrier.id}, ${policyTypeId}) RETURNING id)
        INSERT INTO carrier_policy_type_availabilities (carrier_policy_type_id, state, available)
        SELECT cpt.id, st, ${carrier.inSystem ? sql`st NOT IN ('AK', 'HI')` : sql`true`} FROM cpt, ${states} AS st`);
    }
    if (!carrier.inSystem) continue;
    await db.execute(sql`INSERT INTO fees (title, amount, amount_type, type, carrier_id) VALUES ('Policy fee', 1500, 'FLAT', 'ORIGINATION', ${carrier.id})`);
    await db.execute(sql`INSERT INTO commission_strategies (title, carrier_id, percentage, recipient_type, recipient_id)
      VALUES (${`${carrier.title} retained`}, ${carrier.id}, 5, 'Carrier', ${carrier.id})`);
    await db.execute(sql`INSERT INTO carrier_agencies (carrier_id, agency_id) SELECT ${carrier.id}, id FROM agencies WHERE agency_id IS NULL ORDER BY id`);
    await db.execute(sql`INSERT INTO commission_strategies (title, carrier_id, percentage, recipient_type, recipient_id)
      SELECT ag.title || ' commission', ${carrier.id}, 12.5, 'Agency', ag.id FROM carrier_agencies ca JOIN agencies ag ON ag.id = ca.agency_id WHERE ca.carrier_id = ${carrier.id} ORDER BY ag.id`);
    for (const policyTypeId of types) {
      await db.execute(sql`INSERT INTO carrier_agency_policy_types (carrier_agency_id, policy_type_id, commission_strategy_id)
        SELECT ca.id, ${policyTypeId}, cs.id FROM carrier_agencies ca
          JOIN commission_strategies cs ON cs.carrier_id = ca.carrier_id AND cs.recipient_type = 'Agency' AND cs.recipient_id = ca.agency_id
        WHERE ca.carrier_id = ${carrier.id} ORDER BY ca.id`);
      await db.execute(sql`INSERT INTO carrier_agency_authorizations (carrier_agency_id, policy_type_id, state, available)
        SELECT ca.id, ${policyTypeId}, st, st NOT IN ('AK', 'HI') FROM carrier_agencies ca, ${states} AS st WHERE ca.carrier_id = ${carrier.id} ORDER BY ca.id, st`);
      await db.execute(sql`INSERT INTO billing_strategies (title, enabled, carrier_id, agency_id, policy_type_id, new_business)
        SELECT b.title, b.enabled, ${carrier.id}, ca.agency_id, ${policyTypeId}, b.new_business::jsonb FROM carrier_agencies ca,
          (VALUES (1, 'Annually', true, '{"payments":[100,0,0,0,0,0,0,0,0,0,0,0],"payments_per_term":1}'),
                  (2, 'Monthly', ${policyTypeId !== 5}, '{"payments":[9.08,9.08,9.08,9.08,9.08,9.08,9.08,9.08,9.08,9.08,9.08,9.12],"payments_per_term":12}')) AS b(n, title, enabled, new_business)
        WHERE ca.carrier_id = ${carrier.id} ORDER BY ca.id, b.n`);
    }
    await db.execute(sql`INSERT INTO fees (title, amount, amount_type, type, carrier_id, agency_id)
      SELECT 'Agency fee', 1000, 'FLAT', 'ORIGINATION', ${carrier.id}, ca.agency_id FROM carrier_agencies ca WHERE ca.carrier_id = ${carrier.id} ORDER BY ca.id`);
  }
}
