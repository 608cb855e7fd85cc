import { Readable } from "node:stream";
import { sql } from "drizzle-orm";
import { attachDocument } from "../../files/documents";
import { evidenceOfInsurancePdf } from "../../files/sample-pdfs";
import type { FileStore } from "../../files/store";
import { EXTERNAL_COLUMNS, type ExternalRow } from "../../routes/external/external.service";
import { formDataOf } from "../../routes/external/form-data";
import type { SeedContext } from "./context";
import { at, dayOf, nextYear, ymd } from "./days";
import { selectRows } from "./query";

/** Enough pending updates to see them in Policy Review and on the policy page, few enough to read. */
const PENDING_REVISIONS = 6;

interface Candidate extends ExternalRow {
  submitter_id: number;
  street: string | null;
  city: string | null;
  state: string | null;
  zip_code: string | null;
  carrier: string | null;
  unit: string | null;
}

/**
 * Pending updates to verified proofs, as property managers send them: the renewed term (expiration a year later) with,
 * for every other one, a raised liability limit; the renewal certificate attached when files are seeded. Each is
 * submitted by the account's owner a few days ago and waits in the Policy Review queue.
 */
export async function seedPendingRevisions(ctx: SeedContext, files?: FileStore): Promise<number> {
  const rows = await selectRows<Candidate>(
    ctx.db,
    sql`SELECT ${EXTERNAL_COLUMNS}, ac.staff_id AS submitter_id, coalesce(ca.title, po.out_of_system_carrier_title) AS carrier, unit.title AS unit,
          trim(coalesce(ad.street_number, '') || ' ' || coalesce(ad.street_name, '')) AS street, ad.city, ad.state, ad.zip_code
        FROM policies po JOIN accounts ac ON ac.id = po.account_id
        LEFT JOIN carriers ca ON ca.id = po.carrier_id
        LEFT JOIN policy_insurables pi ON pi.policy_id = po.id AND pi."primary"
        LEFT JOIN insurables unit ON unit.id = pi.insurable_id
        LEFT JOIN insurables parent ON parent.id = unit.insurable_id
        LEFT JOIN addresses ad ON ad.addressable_type = 'Insurable'
          AND ad.addressable_id = CASE WHEN parent.insurable_type_id = 7 THEN parent.insurable_id ELSE parent.id END
        WHERE NOT po.policy_in_system AND po.status = 'EXTERNAL_VERIFIED' AND ac.staff_id IS NOT NULL
          AND po.expiration_date >= ${ymd(ctx.today)}::date AND ad.zip_code IS NOT NULL
        ORDER BY po.id LIMIT ${PENDING_REVISIONS}`,
  );
  for (const [index, row] of rows.entries()) {
    const current = await formDataOf(ctx.db, row);
    const expiration = ymd(nextYear(dayOf(new Date(`${current.expiration_date}T00:00:00Z`))));
    const [streetNumber, ...streetName] = (row.street ?? "").split(" ");
    const changes = {
      ...current,
      status: undefined,
      effective_date: current.expiration_date,
      expiration_date: expiration,
      // The form copies the community's address to the primary insured; the submitted form always carries one.
      policy_users_attributes: current.policy_users_attributes.map((u, i) =>
        i === 0 && !u.user_attributes.address_attributes.zip_code
          ? { ...u, user_attributes: { ...u.user_attributes, address_attributes: { street_number: streetNumber, street_name: streetName.join(" "), city: row.city, state: row.state, zip_code: row.zip_code } } }
          : u,
      ),
      policy_coverages_attributes:
        index % 2 === 0 ? current.policy_coverages_attributes.map((c) => (c.designation === "liability" ? { ...c, limit: Math.max(c.limit, 30_000_000) } : c)) : current.policy_coverages_attributes,
    };
    const submitted = at(ctx.today - 1 - index, 10 * 3600);
    const [revision] = await selectRows<{ id: number }>(
      ctx.db,
      sql`INSERT INTO policy_revisions (policy_id, changes, submitted_by_type, submitted_by_id, created_at, updated_at)
          VALUES (${row.id}, ${JSON.stringify(changes)}::jsonb, 'Staff', ${row.submitter_id}, ${submitted}, ${submitted}) RETURNING id`,
    );
    await ctx.db.execute(sql`INSERT INTO histories (recordable_type, recordable_id, authorable_type, authorable_id, author, action, process, data, created_at)
      SELECT 'Policy', ${row.id}, 'Staff', s.id, coalesce(p.full_name, s.email), 'update', 'console',
        ${JSON.stringify({ revision: { previous_value: null, new_value: `#${revision.id} submitted` } })}::jsonb, ${submitted}
      FROM staffs s LEFT JOIN profiles p ON p.profileable_type = 'Staff' AND p.profileable_id = s.id WHERE s.id = ${row.submitter_id}`);
    if (files) {
      const names = await selectRows<{ name: string }>(
        ctx.db,
        sql`SELECT p.full_name AS name FROM policy_users pu JOIN profiles p ON p.profileable_type = 'User' AND p.profileable_id = pu.user_id
            WHERE pu.policy_id = ${row.id} ORDER BY pu."primary" DESC, pu.id`,
      );
      const pdf = await evidenceOfInsurancePdf({
        carrier: row.carrier ?? "Unknown carrier",
        number: row.number,
        insureds: names.map((n) => n.name),
        address: [[row.street, row.unit].filter(Boolean).join(", "), `${row.city}, ${row.state} ${row.zip_code}`],
        effective: changes.effective_date!,
        expiration: expiration,
        coverages: changes.policy_coverages_attributes.map((c) => ({ title: c.designation.replace(/_/g, " "), limit: c.limit / 100 })),
      });
      await attachDocument(ctx.db, files, { type: "PolicyRevision", id: revision.id }, {
        filename: `${row.number}-renewal-evidence-of-insurance.pdf`,
        contentType: "application/pdf",
        body: Readable.from([Buffer.from(pdf)]),
      });
    }
  }
  return rows.length;
}
