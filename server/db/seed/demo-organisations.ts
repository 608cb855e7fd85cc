import { sql } from "drizzle-orm";
import * as s from "../schema";
import { type City, type SeedContext, emailPart, phone, streetAddress } from "./context";
import { insertAll, insertReturningIds } from "./insert";
import { CITIES } from "./names";

/**
 * Agencies (two levels) and their property-management accounts. The first agency is the platform's own (id 1 on a
 * fresh database, document 1 section 2.3); Summit Risk Partners is the demo agent's agency because it has
 * sub-agencies, and Maple Property Management, one of Summit's accounts, is the demo staff's account.
 */
const AGENCIES: ReadonlyArray<{ title: string; subs: readonly string[] }> = [
  { title: "Coverdesk Insurance Services", subs: [] },
  { title: "Summit Risk Partners", subs: ["Summit Risk West", "Summit Risk East"] },
  { title: "Harbor Insurance Group", subs: ["Harbor Coastal Agency"] },
  { title: "Keystone Insurance Agency", subs: ["Keystone Midwest", "Keystone Lakes", "Keystone Valley"] },
  { title: "Bluebird Coverage Brokers", subs: ["Bluebird Mountain", "Bluebird Desert"] },
];
/** A sub-agency that closed: shows the disabled state in lists. */
const DISABLED_AGENCY = "Keystone Valley";

export const DEMO_AGENCY = "Summit Risk Partners";
export const DEMO_ACCOUNT = "Maple Property Management";

/** [title, agency, city index]; accounts of one agency cluster in a few cities, as regional managers do. */
const ACCOUNTS: ReadonlyArray<readonly [string, string, number]> = [
  [DEMO_ACCOUNT, DEMO_AGENCY, 1],
  ["Lakeside Living Residential", DEMO_AGENCY, 0],
  ["Granite Peak Communities", "Summit Risk West", 13],
  ["Northgate Apartments", "Summit Risk East", 12],
  ["Riverbend Realty Group", "Harbor Insurance Group", 10],
  ["Harborview Rentals", "Harbor Coastal Agency", 6],
  ["Sunrise Residential", "Keystone Insurance Agency", 9],
  ["Cedar Grove Homes", "Keystone Midwest", 14],
  ["Parkline Property Co.", "Keystone Lakes", 12],
  ["Evergreen Housing Partners", "Bluebird Coverage Brokers", 4],
  ["Copperfield Management", "Bluebird Desert", 2],
  ["Willow Creek Properties", "Coverdesk Insurance Services", 7],
];
/** An account that left the platform. */
const DISABLED_ACCOUNT = "Parkline Property Co.";

export interface Agency {
  id: number;
  title: string;
  parentId: number | null;
}

export interface Account {
  id: number;
  title: string;
  agencyId: number;
  city: City;
  domain: string;
}

export interface Organisations {
  agencies: Agency[];
  accounts: Account[];
  demoAgencyId: number;
  demoAccountId: number;
}

export async function seedOrganisations(ctx: SeedContext): Promise<Organisations> {
  const { db, r } = ctx;
  const agencyRow = (title: string, code: string, parentId: number | null) => ({
    title,
    slug: emailPart(title),
    call_sign: code,
    producer_code: `P${code}`,
    enabled: title !== DISABLED_AGENCY,
    tos_accepted: true,
    agency_id: parentId,
    contact_info: { contact_phone: phone(r), contact_email: `service@${emailPart(title)}.example` },
  });

  // Top-level agencies first, so the platform agency takes id 1 on a fresh database.
  const topIds = await insertReturningIds(
    db,
    s.agencies,
    AGENCIES.map((a, i) => agencyRow(a.title, `CD${String(i + 1).padStart(2, "0")}`, null)),
  );
  const subs = AGENCIES.flatMap((a, i) => a.subs.map((title, j) => ({ title, parentId: topIds[i], code: `CD${String(i + 1).padStart(2, "0")}${j + 1}` })));
  const subIds = await insertReturningIds(db, s.agencies, subs.map((sub) => agencyRow(sub.title, sub.code, sub.parentId)));
  const agencies: Agency[] = [
    ...AGENCIES.map((a, i) => ({ id: topIds[i], title: a.title, parentId: null })),
    ...subs.map((sub, i) => ({ id: subIds[i], title: sub.title, parentId: sub.parentId })),
  ];
  const agencyId = (title: string) => agencies.find((a) => a.title === title)!.id;
  await brandDemoAgencies(ctx, agencies);

  const accountIds = await insertReturningIds(
    db,
    s.accounts,
    ACCOUNTS.map(([title, agency, cityIndex]) => ({
      title,
      slug: emailPart(title),
      enabled: title !== DISABLED_ACCOUNT,
      agency_id: agencyId(agency),
      contact_info: { contact_phone: phone(r, CITIES[cityIndex][3]), contact_email: `office@${emailPart(title)}.example` },
      additional_interest_name: title,
      minimum_liability: r.pick([10_000_000, 10_000_000, 30_000_000]),
    })),
  );
  const accounts: Account[] = ACCOUNTS.map(([title, agency, cityIndex], i) => ({
    id: accountIds[i],
    title,
    agencyId: agencyId(agency),
    city: CITIES[cityIndex],
    domain: `${emailPart(title)}.example`,
  }));
  await insertAll(
    db,
    s.addresses,
    accounts.map((a) => ({ addressable_type: "Account" as const, addressable_id: a.id, ...streetAddress(r, a.city) })),
  );

  return {
    agencies,
    accounts,
    demoAgencyId: agencyId(DEMO_AGENCY),
    demoAccountId: accounts.find((a) => a.title === DEMO_ACCOUNT)!.id,
  };
}

const PALETTES: Array<[string, string]> = [
  ["#1d4e89", "#0f766e"],
  ["#7c2d12", "#d97706"],
  ["#14532d", "#65a30d"],
  ["#4c1d95", "#db2777"],
  ["#0c4a6e", "#0891b2"],
  ["#3f3f46", "#ea580c"],
];

/**
 * The demo agencies' branding (issue 13: "the demo gets agencies with branding"): the profiles the agencies got
 * when inserted (migration 0031's trigger) take a palette, a footer and a URL each.
 */
async function brandDemoAgencies({ db }: SeedContext, agencies: Agency[]) {
  for (const [i, agency] of agencies.entries()) {
    const [primary, secondary] = PALETTES[i % PALETTES.length];
    await db.execute(sql`UPDATE branding_profiles SET primary_color = ${primary}, secondary_color = ${secondary},
        footer_text = ${`${agency.title} · Licensed insurance agency · Renters insurance made simple`},
        url = ${`https://${emailPart(agency.title)}.coverdesk.example`}
      WHERE profileable_type = 'Agency' AND profileable_id = ${agency.id}`);
  }
}
