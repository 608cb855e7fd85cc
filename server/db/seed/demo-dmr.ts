import { Readable } from "node:stream";
import { sql } from "drizzle-orm";
import { evidenceOfInsurancePdf, declarationsPagePdf } from "../../files/sample-pdfs";
import type { FileStore } from "../../files/store";
import { addCheckedFile } from "../../routes/dmr/dmr.service";
import type { SeedContext } from "./context";
import { nextYear, ymd } from "./days";
import { selectRows } from "./query";

/** Proofs of coverage residents sent in that nobody has reviewed yet: the DMR queue of the demo. */
const QUEUED_FILES = 40;
const CARRIERS = [
  { title: "Lemonade Insurance Company", prefix: "LP" },
  { title: "State Farm Fire and Casualty Company", prefix: "SF" },
  { title: "Allstate Vehicle and Property Insurance Company", prefix: "AL" },
  { title: "Assurant", prefix: "AS" },
];

interface Resident {
  unit_id: number;
  names: string[];
  unit: string;
  /** The unit's building, when it hangs under one: printed with the address, as carriers print it. */
  building: string | null;
  street: string | null;
  city_line: string | null;
}

/**
 * The residents whose paperwork fills the DMR queue, in the order their files are queued (so the n-th demo file is
 * about the n-th unit: what the DMR location measurement compares with).
 */
export function dmrResidents(db: SeedContext["db"]): Promise<Resident[]> {
  return selectRows<Resident>(
    db,
    sql`SELECT unit.id AS unit_id, (SELECT array_agg(p.full_name ORDER BY lu.id) FROM lease_users lu
                 JOIN profiles p ON p.profileable_type = 'User' AND p.profileable_id = lu.user_id WHERE lu.lease_id = l.id) AS names,
          unit.title AS unit, CASE WHEN parent.insurable_type_id = 7 THEN parent.title END AS building,
          trim(coalesce(ad.street_number, '') || ' ' || coalesce(ad.street_name, '')) AS street,
          ad.city || ', ' || ad.state || ' ' || ad.zip_code AS city_line
        FROM leases l JOIN insurables unit ON unit.id = l.insurable_id
        LEFT JOIN insurables parent ON parent.id = unit.insurable_id
        LEFT JOIN addresses ad ON ad.addressable_type = 'Insurable'
          AND ad.addressable_id = CASE WHEN parent.insurable_type_id = 7 THEN parent.insurable_id ELSE parent.id END
        -- Leases an integration's sync brought in come later in the seed: they are not the ones the files are about.
        WHERE l.status = 'current'
          AND NOT EXISTS (SELECT 1 FROM integration_profiles ip WHERE ip.profileable_type = 'Lease' AND ip.profileable_id = l.id AND ip.integration_id IS NOT NULL)
        ORDER BY l.id DESC LIMIT ${QUEUED_FILES}`,
  );
}

/**
 * DMR files: certificates and declarations pages for residents of current leases, mostly in order, some with the
 * faults reviewers look for (already expired, liability under $100,000, another person's name).
 */
export async function seedDmrFiles(ctx: SeedContext, files: FileStore): Promise<number> {
  const { r } = ctx;
  const residents = await dmrResidents(ctx.db);
  let count = 0;
  for (const [i, resident] of residents.entries()) {
    const carrier = r.pick(CARRIERS);
    const fault = r.weighted({ none: 6, expired: 1, low_liability: 1, other_name: 1 });
    const effective = fault === "expired" ? ctx.today - r.int(400, 600) : ctx.today - r.int(0, 200);
    const names = fault === "other_name" ? ["Jordan Whitaker"] : (resident.names ?? []).slice(0, 2);
    const paperwork = {
      carrier: carrier.title,
      number: `${carrier.prefix}${String(700000 + i * 37 + r.int(0, 30)).padStart(7, "0")}`,
      insureds: names,
      address: [[resident.street, resident.building, resident.unit].filter(Boolean).join(", "), resident.city_line ?? ""].filter(Boolean),
      effective: ymd(effective),
      expiration: ymd(nextYear(effective)),
      coverages: [
        { title: "Personal Property", limit: r.pick([15000, 20000, 30000]), deductible: r.pick([250, 500, 1000]) },
        { title: "Loss of Use", limit: r.pick([3000, 6000]) },
        { title: "Personal Liability", limit: fault === "low_liability" ? r.pick([25000, 50000]) : r.pick([100000, 300000]) },
        { title: "Medical Payments to Others", limit: r.pick([1000, 5000]) },
      ],
    };
    const certificate = r.chance(0.5);
    const bytes = certificate ? await evidenceOfInsurancePdf(paperwork) : await declarationsPagePdf(paperwork);
    const name = `${carrier.prefix}_${paperwork.number}_${certificate ? "certificate" : "declarations"}.pdf`;
    const { duplicate } = await addCheckedFile(ctx.db, files, { name, body: Readable.from([Buffer.from(bytes)]), source: "demo" });
    if (!duplicate) count += 1;
  }
  return count;
}
