import { sql } from "drizzle-orm";
import * as s from "../schema";
import { type SeedContext, streetAddress } from "./context";
import type { Account } from "./demo-organisations";
import { insertAll, insertReturningIds } from "./insert";
import { COMMUNITY_SUFFIXES, STREETS } from "./names";

/**
 * Communities > buildings > units (document 3 section 3): residential communities (type 1) hold buildings (type 7)
 * or units (type 4) directly; a few commercial communities (type 3) hold commercial units (type 5). Exactly
 * UNIT_TOTAL units, shared out over communities of different sizes.
 */
export const UNIT_TOTAL = 1500;

export interface Unit {
  id: number;
  title: string;
  accountId: number;
  agencyId: number;
  commercial: boolean;
}

type InsurableRow = typeof s.insurables.$inferInsert;

/** Splits `total` in proportion to `weights`, handing the rounding remainder to the first entries. */
function apportion(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  const counts = weights.map((w) => Math.floor((total * w) / sum));
  let rest = total - counts.reduce((a, b) => a + b, 0);
  for (let i = 0; rest > 0; i = (i + 1) % counts.length, rest--) counts[i]++;
  return counts;
}

/** Unit numbers as on a door: floor then room ("101" … "112", "201" …), unique under one parent. */
function unitTitle(index: number, perFloor: number, commercial: boolean): string {
  const floor = Math.floor(index / perFloor) + 1;
  const room = (index % perFloor) + 1;
  return commercial ? `Suite ${floor}${String(room).padStart(2, "0")}` : `${floor}${String(room).padStart(2, "0")}`;
}

export async function seedProperties(ctx: SeedContext, accounts: Account[]): Promise<Unit[]> {
  const { db, r } = ctx;
  // Two to four communities an account; a handful commercial.
  const plans = accounts.flatMap((account, ai) =>
    Array.from({ length: r.int(2, 4) }, (_, ci) => {
      const commercial = (ai === 4 || ai === 9) && ci === 0 ? true : r.chance(0.04);
      return { account, commercial, weight: commercial ? r.int(8, 20) : r.int(25, 100) };
    }),
  );
  const unitCounts = apportion(UNIT_TOTAL, plans.map((p) => p.weight));

  const usedTitles = new Set<string>();
  const communityRows: InsurableRow[] = plans.map((plan) => {
    let title: string;
    do title = `${r.pick(STREETS)} ${r.pick(COMMUNITY_SUFFIXES)}`;
    while (usedTitles.has(title));
    usedTitles.add(title);
    return {
      title: plan.commercial ? `${title} Business Center` : title,
      account_id: plan.account.id,
      agency_id: plan.account.agencyId,
      insurable_type_id: plan.commercial ? 3 : 1,
      additional_interest: true,
      additional_interest_name: plan.account.title,
      preferred_ho4: r.chance(0.3),
    };
  });
  const communityIds = await insertReturningIds(db, s.insurables, communityRows);
  await insertAll(
    db,
    s.addresses,
    communityIds.map((id, i) => ({ addressable_type: "Insurable" as const, addressable_id: id, ...streetAddress(r, plans[i].account.city) })),
  );

  // Larger residential communities are split into lettered buildings.
  const buildingRows: InsurableRow[] = [];
  const buildingsOf: number[][] = plans.map(() => []);
  plans.forEach((plan, ci) => {
    const count = !plan.commercial && unitCounts[ci] > 60 ? r.int(2, 4) : 0;
    for (let b = 0; b < count; b++) {
      buildingsOf[ci].push(buildingRows.length);
      buildingRows.push({ title: `Building ${String.fromCharCode(65 + b)}`, account_id: plan.account.id, agency_id: plan.account.agencyId, insurable_type_id: 7, insurable_id: communityIds[ci] });
    }
  });
  const buildingIds = await insertReturningIds(db, s.insurables, buildingRows);

  const unitRows: InsurableRow[] = [];
  const units: Omit<Unit, "id">[] = [];
  plans.forEach((plan, ci) => {
    const parents = buildingsOf[ci].length ? buildingsOf[ci].map((b) => buildingIds[b]) : [communityIds[ci]];
    const perParent = apportion(unitCounts[ci], parents.map(() => 1));
    const perFloor = plan.commercial ? 6 : r.int(8, 16);
    parents.forEach((parentId, pi) => {
      for (let u = 0; u < perParent[pi]; u++) {
        const title = unitTitle(u, perFloor, plan.commercial);
        unitRows.push({ title, account_id: plan.account.id, agency_id: plan.account.agencyId, insurable_type_id: plan.commercial ? 5 : 4, insurable_id: parentId });
        units.push({ title, accountId: plan.account.id, agencyId: plan.account.agencyId, commercial: plan.commercial });
      }
    });
  });
  const unitIds = await insertReturningIds(db, s.insurables, unitRows);
  return units.map((u, i) => ({ ...u, id: unitIds[i] }));
}

/**
 * Every residential community's rates (only type 1 has rates, document 3 section 3): the standard monthly table the
 * insurables service gives a new community. Plain SQL, no random draws, so the rest of the demo is unchanged.
 */
export async function seedRates(ctx: SeedContext): Promise<void> {
  await ctx.db.execute(sql`INSERT INTO insurable_rates (insurable_id, title, interval, premium, coverage_limits, deductibles, enabled, mandatory)
    SELECT i.id, r.title, 'month', r.premium, r.limits::jsonb, r.deductibles::jsonb, true, r.mandatory
    FROM insurables i, (VALUES
      (1, 'Liability $100,000', 800, '{"liability":10000000}', '{"all_peril":25000}', true),
      (2, 'Liability $300,000', 1100, '{"liability":30000000}', '{"all_peril":25000}', false),
      (3, 'Contents $10,000', 900, '{"personal_property":1000000}', '{"all_peril":50000}', false)) AS r(n, title, premium, limits, deductibles, mandatory)
    WHERE i.insurable_type_id = 1 AND NOT EXISTS (SELECT 1 FROM insurable_rates x WHERE x.insurable_id = i.id) ORDER BY i.id, r.n`);
}

/**
 * QBE's profile of every residential community (the Carrier Profile tab): its id at the carrier and the traits it
 * rates by, taken from the community's id so no random draw moves the rest of the demo.
 */
export async function seedCarrierProfiles(ctx: SeedContext): Promise<void> {
  await ctx.db.execute(sql`INSERT INTO carrier_insurable_profiles (carrier_id, insurable_id, external_carrier_id, traits)
    SELECT c.id, i.id, 'QBE-' || lpad(i.id::text, 6, '0'), jsonb_build_object(
      'pref_facility', 'MDU', 'occupancy_type', 'Other', 'construction_type', CASE WHEN i.id % 3 = 0 THEN 'M' ELSE 'F' END,
      'protection_device_cd', CASE WHEN i.id % 2 = 0 THEN 'S' ELSE 'F' END, 'alarm_credit', i.id % 2 = 0,
      'professionally_managed', true, 'professionally_managed_year', 2005 + i.id % 15, 'construction_year', 1970 + (i.id * 7) % 50,
      'gated', i.id % 4 = 0, 'city_limit', true)
    FROM insurables i JOIN carriers c ON c.integration_designation = 'qbe'
    WHERE i.insurable_type_id = 1 ORDER BY i.id`);
}
