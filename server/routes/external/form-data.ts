import { sql } from "drizzle-orm";
import { formatCents } from "../../../src/domain/money";
import type { Db } from "../../db/client";
import { queryRows } from "../../lib/list";
import type { Caller } from "../../plugins/auth";
import type { CoverageProofInput } from "./external-form";
import { type ExternalRow, findExternal } from "./external.service";

/**
 * A proof of coverage as the coverage-proof form submits it (document 2 section 7 "Coverage-proof submitted form
 * data"): what `GET /api/policy/{id}/form-data` answers, and the "current" side of a revision's comparison.
 */
export async function loadFormData(db: Db, caller: Caller, id: number): Promise<CoverageProofInput> {
  return formDataOf(db, await findExternal(db, caller, id));
}

/** The form data of an external policy already read (and scope-checked, where a caller asks). */
export async function formDataOf(db: Db, policy: ExternalRow): Promise<CoverageProofInput> {
  const id = policy.id;
  const [users, coverages, purchased] = await Promise.all([
    queryRows<{ email: string; primary: boolean; spouse: boolean; profile: Record<string, string | null>; address: Record<string, string | null> | null }>(
      db,
      sql`SELECT u.email, pu."primary", pu.spouse,
            json_build_object('first_name', p.first_name, 'last_name', p.last_name, 'middle_name', p.middle_name, 'contact_phone', p.contact_phone) AS profile,
            (SELECT json_build_object('street_number', a.street_number, 'street_name', a.street_name, 'street_two', a.street_two, 'city', a.city,
               'state', a.state, 'zip_code', a.zip_code)
               FROM addresses a WHERE a.addressable_type = 'User' AND a.addressable_id = u.id ORDER BY a."primary" DESC, a.id LIMIT 1) AS address
          FROM policy_users pu JOIN users u ON u.id = pu.user_id
          LEFT JOIN profiles p ON p.profileable_type = 'User' AND p.profileable_id = u.id
          WHERE pu.policy_id = ${id} AND pu.status <> 'removed' ORDER BY pu."primary" DESC, pu.id`,
    ),
    queryRows<{ designation: string; limit: number; enabled: boolean }>(
      db,
      sql`SELECT designation, "limit"::float8 AS "limit", enabled FROM policy_coverages WHERE policy_id = ${id} ORDER BY id`,
    ),
    queryRows<{ system_purchased: boolean }>(db, sql`SELECT system_purchased FROM policies WHERE id = ${id}`),
  ]);
  const reasons = policy.system_data.rejection_reasons;
  return {
    id: policy.id,
    agency_id: policy.agency_id ?? undefined,
    account_id: policy.account_id ?? undefined,
    number: policy.number,
    policy_type_id: policy.policy_type_id,
    carrier_id: policy.carrier_id ?? undefined,
    out_of_system_carrier_title: policy.out_of_system_carrier_title,
    system_purchased: purchased[0]?.system_purchased ?? false,
    status: policy.status as CoverageProofInput["status"],
    effective_date: policy.effective_date,
    expiration_date: policy.expiration_date,
    cancellation_date: policy.cancellation_date,
    policy_insurables_attributes: policy.unit_id ? [{ insurable_id: policy.unit_id }] : [],
    policy_users_attributes: users.map((u) => ({
      id: undefined,
      primary: u.primary,
      spouse: u.spouse,
      user_attributes: { email: u.email, profile_attributes: u.profile, address_attributes: u.address ?? {} },
    })),
    policy_coverages_attributes: coverages.map((c) => ({ id: undefined, designation: c.designation as CoverageProofInput["policy_coverages_attributes"][number]["designation"], limit: Number(c.limit), enabled: c.enabled })),
    system_data: Array.isArray(reasons) ? { rejection_reasons: reasons as string[] } : {},
  };
}

/** The fields a reviewer compares, as readable text keyed by the console's field names. */
async function describe(db: Db, input: Partial<CoverageProofInput>): Promise<Record<string, string>> {
  const title = async (table: "accounts" | "policy_types" | "carriers" | "insurables", id: number | undefined) => {
    if (!id) return "";
    const [row] = await queryRows<{ title: string }>(db, sql`SELECT title FROM ${sql.identifier(table)} WHERE id = ${id}`);
    return row?.title ?? `#${id}`;
  };
  const users = input.policy_users_attributes ?? [];
  const person = (u: (typeof users)[number]) => {
    const p = u.user_attributes.profile_attributes;
    return `${[p.first_name, p.last_name].filter(Boolean).join(" ")} <${u.user_attributes.email}>`;
  };
  const address = users[0]?.user_attributes.address_attributes ?? {};
  const out: Record<string, string> = {
    number: input.number ?? "",
    account: await title("accounts", input.account_id),
    policy_type: await title("policy_types", input.policy_type_id),
    carrier: input.carrier_id ? await title("carriers", input.carrier_id) : (input.out_of_system_carrier_title ?? ""),
    effective_date: input.effective_date ?? "",
    expiration_date: input.expiration_date ?? "",
    unit: await title("insurables", input.policy_insurables_attributes?.[0]?.insurable_id),
    primary_insured: users[0] ? person(users[0]) : "",
    additional_insureds: users.slice(1).map(person).join("; "),
    address: [address.street_number, address.street_name, address.street_two, address.city, address.state, address.zip_code].filter(Boolean).join(" "),
  };
  for (const c of input.policy_coverages_attributes ?? []) out[`coverage.${c.designation}`] = formatCents(c.limit);
  return out;
}

export interface FieldChange {
  field: string;
  current: string;
  proposed: string;
}

/** What a revision would change, field by field (only the fields that differ). */
export async function compareProofs(db: Db, current: CoverageProofInput, proposed: Partial<CoverageProofInput>): Promise<FieldChange[]> {
  const [before, after] = await Promise.all([describe(db, current), describe(db, proposed)]);
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return fields.filter((f) => (before[f] ?? "") !== (after[f] ?? "")).map((field) => ({ field, current: before[field] ?? "", proposed: after[field] ?? "" }));
}

/** Where a unit sits, as the form's location chain needs it: its community, and its building when it has one. */
export async function unitLocation(db: Db, unitId: number | undefined): Promise<{ community_id: number | null; building_id: number | null; unit_id: number } | null> {
  if (!unitId) return null;
  const [row] = await queryRows<{ community_id: number | null; building_id: number | null; unit_id: number }>(
    db,
    sql`SELECT unit.id AS unit_id,
          CASE WHEN parent.insurable_type_id = 7 THEN parent.id END AS building_id,
          CASE WHEN parent.insurable_type_id = 7 THEN parent.insurable_id ELSE parent.id END AS community_id
        FROM insurables unit LEFT JOIN insurables parent ON parent.id = unit.insurable_id WHERE unit.id = ${unitId}`,
  );
  return row ?? null;
}
