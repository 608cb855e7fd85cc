import { Readable } from "node:stream";
import { sql } from "drizzle-orm";
import { attachDocument } from "../../files/documents";
import { declarationsPagePdf, evidenceOfInsurancePdf } from "../../files/sample-pdfs";
import type { FileStore } from "../../files/store";
import type { SeedContext } from "./context";
import { selectRows } from "./query";

/**
 * How many policies of each kind get paperwork: enough to browse and review, few enough to seed in seconds. Proofs
 * awaiting review come first, so every item of the Policy Review queue has its certificate.
 */
const IN_SYSTEM_WITH_DECLARATIONS = 300;
const EXTERNAL_WITH_CERTIFICATES = 300;

interface PaperworkRow {
  id: number;
  number: string;
  in_system: boolean;
  carrier: string | null;
  effective_date: string;
  expiration_date: string;
  insureds: string[] | null;
  unit: string | null;
  community: string | null;
  street: string | null;
  city_line: string | null;
  account: string | null;
  coverages: Array<{ title: string | null; designation: string; limit: number | null; deductible: number | null }> | null;
  premium: number | null;
}

/**
 * PDF paperwork in the file store: a declarations page for some in-system policies (Coverage tab documents,
 * Resend Documents) and an evidence-of-insurance certificate for some uploaded proofs (the review queues).
 */
export async function seedPolicyDocuments(ctx: SeedContext, files: FileStore): Promise<number> {
  const rows = await selectRows<PaperworkRow>(
    ctx.db,
    sql`WITH chosen AS (
          (SELECT id FROM policies WHERE policy_in_system AND effective_date IS NOT NULL ORDER BY id LIMIT ${IN_SYSTEM_WITH_DECLARATIONS})
          UNION ALL
          (SELECT id FROM policies WHERE NOT policy_in_system AND effective_date IS NOT NULL ORDER BY (status = 'EXTERNAL_UNVERIFIED') DESC, id LIMIT ${EXTERNAL_WITH_CERTIFICATES}))
        SELECT po.id, po.number, po.policy_in_system AS in_system, coalesce(ca.title, po.out_of_system_carrier_title) AS carrier,
          po.effective_date::text, po.expiration_date::text, po.premium_total AS premium,
          (SELECT array_agg(p.full_name ORDER BY pu."primary" DESC, pu.id) FROM policy_users pu
             JOIN profiles p ON p.profileable_type = 'User' AND p.profileable_id = pu.user_id WHERE pu.policy_id = po.id) AS insureds,
          unit.title AS unit, community.title AS community, ac.title AS account,
          trim(coalesce(ad.street_number, '') || ' ' || coalesce(ad.street_name, '')) AS street,
          ad.city || ', ' || ad.state || ' ' || ad.zip_code AS city_line,
          (SELECT json_agg(json_build_object('title', c.title, 'designation', c.designation, 'limit', c."limit", 'deductible', c.deductible) ORDER BY c.id)
             FROM policy_coverages c WHERE c.policy_id = po.id) AS coverages
        FROM chosen JOIN policies po ON po.id = chosen.id
        LEFT JOIN carriers ca ON ca.id = po.carrier_id
        LEFT JOIN accounts ac ON ac.id = po.account_id
        LEFT JOIN policy_insurables pi ON pi.policy_id = po.id AND pi."primary"
        LEFT JOIN insurables unit ON unit.id = pi.insurable_id
        LEFT JOIN insurables parent ON parent.id = unit.insurable_id
        LEFT JOIN insurables community ON community.id = CASE WHEN parent.insurable_type_id = 7 THEN parent.insurable_id ELSE parent.id END
        LEFT JOIN addresses ad ON ad.addressable_type = 'Insurable' AND ad.addressable_id = community.id
        ORDER BY po.id`,
  );
  for (const row of rows) {
    const paperwork = {
      carrier: row.carrier ?? "Unknown carrier",
      number: row.number,
      insureds: row.insureds ?? [],
      address: [[row.street, row.unit].filter(Boolean).join(", "), row.city_line ?? ""].filter(Boolean),
      effective: row.effective_date,
      expiration: row.expiration_date,
      coverages: (row.coverages ?? [])
        .filter((c) => c.limit !== null)
        .map((c) => ({ title: c.title ?? c.designation, limit: (c.limit ?? 0) / 100, deductible: c.deductible ? c.deductible / 100 : undefined })),
      premium: row.premium !== null ? row.premium / 100 : undefined,
      additionalInterest: row.account ? [row.account] : undefined,
    };
    const bytes = row.in_system ? await declarationsPagePdf(paperwork) : await evidenceOfInsurancePdf(paperwork);
    await attachDocument(ctx.db, files, { type: "Policy", id: row.id }, {
      filename: row.in_system ? `${row.number}-declarations.pdf` : `${row.number}-evidence-of-insurance.pdf`,
      contentType: "application/pdf",
      body: Readable.from([Buffer.from(bytes)]),
    });
  }
  return rows.length;
}
