import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { ProfileTrait } from "../../db/schema";
import { NotFoundError, ValidationError } from "../../lib/errors";
import { type Author, recordHistory } from "../../lib/history";
import { queryRows } from "../../lib/list";
import type { Scope } from "../../lib/scope";
import { insurableScopeCondition } from "../lookups/lookups.scope";

/**
 * The traits a new profile starts with: how in-system carriers rate a community (facility, occupancy, construction
 * and protection codes, management, year built, gate, city limits). Unknown until someone says otherwise: null.
 */
export const DEFAULT_TRAITS: Record<string, ProfileTrait> = {
  pref_facility: "MDU",
  occupancy_type: "Other",
  construction_type: "F",
  protection_device_cd: "F",
  alarm_credit: false,
  professionally_managed: true,
  professionally_managed_year: null,
  construction_year: null,
  gated: false,
  city_limit: true,
};

export interface ProfileRow {
  id: number;
  carrier_id: number;
  carrier_title: string;
  insurable_id: number;
  insurable_title: string;
  external_carrier_id: string | null;
  traits: Record<string, ProfileTrait>;
  updated_at: string;
}

const andScope = (scope: Scope) => sql.join(insurableScopeCondition(scope).map((c) => sql` AND ${c}`), sql``);
const PROFILE_SELECT = sql`p.id, p.carrier_id, c.title AS carrier_title, p.insurable_id, i.title AS insurable_title, p.external_carrier_id, p.traits, p.updated_at`;

/** A community in the caller's scope (only communities have carrier profiles); 404 otherwise. */
async function communityInScope(db: Db, scope: Scope, id: number) {
  const [row] = await queryRows<{ id: number; insurable_type_id: number }>(db, sql`SELECT i.id, i.insurable_type_id FROM insurables i WHERE i.id = ${id}${andScope(scope)}`);
  if (!row) throw new NotFoundError("Insurable");
  return row;
}

/** The community's profiles by carrier title, and the enabled in-system carriers it has none of yet. */
export async function listProfiles(db: Db, scope: Scope, insurableId: number) {
  const community = await communityInScope(db, scope, insurableId);
  if (![1, 2, 3].includes(community.insurable_type_id)) return { data: [], available_carriers: [] };
  const data = await queryRows<ProfileRow>(
    db,
    sql`SELECT ${PROFILE_SELECT} FROM carrier_insurable_profiles p JOIN carriers c ON c.id = p.carrier_id JOIN insurables i ON i.id = p.insurable_id
        WHERE p.insurable_id = ${insurableId} ORDER BY lower(c.title), p.id`,
  );
  const available = await queryRows<{ id: number; title: string }>(
    db,
    sql`SELECT c.id, c.title FROM carriers c WHERE c.enabled AND c.integration_designation IS NOT NULL AND c.integration_designation <> 'out_of_system'
          AND NOT EXISTS (SELECT 1 FROM carrier_insurable_profiles p WHERE p.carrier_id = c.id AND p.insurable_id = ${insurableId})
        ORDER BY lower(c.title), c.id`,
  );
  return { data, available_carriers: available };
}

export async function showProfile(db: Db, scope: Scope, id: number): Promise<ProfileRow> {
  const [row] = await queryRows<ProfileRow>(
    db,
    sql`SELECT ${PROFILE_SELECT} FROM carrier_insurable_profiles p JOIN carriers c ON c.id = p.carrier_id JOIN insurables i ON i.id = p.insurable_id
        WHERE p.id = ${id}${andScope(scope)}`,
  );
  if (!row) throw new NotFoundError("Carrier insurable profile");
  return row;
}

/** Adds an in-system carrier's profile to a community, with the default traits; one per carrier. */
export async function addProfile(db: Db, scope: Scope, insurableId: number, carrierId: number, author: Author): Promise<ProfileRow> {
  const community = await communityInScope(db, scope, insurableId);
  if (![1, 2, 3].includes(community.insurable_type_id)) throw new ValidationError({ insurable_id: "must be a community" });
  const [carrier] = await queryRows<{ id: number; title: string; integration_designation: string | null; enabled: boolean }>(
    db,
    sql`SELECT id, title, integration_designation, enabled FROM carriers WHERE id = ${carrierId}`,
  );
  if (!carrier || !carrier.enabled) throw new ValidationError({ carrier_id: "is not included in the list" });
  if (!carrier.integration_designation || carrier.integration_designation === "out_of_system") throw new ValidationError({ carrier_id: "must be an in-system carrier" });
  return db.transaction(async (tx) => {
    const [created] = await queryRows<{ id: number }>(
      tx as unknown as Db,
      sql`INSERT INTO carrier_insurable_profiles (carrier_id, insurable_id, traits) VALUES (${carrierId}, ${insurableId}, ${JSON.stringify(DEFAULT_TRAITS)}::jsonb)
          ON CONFLICT (insurable_id, carrier_id) DO NOTHING RETURNING id`,
    );
    if (!created) throw new ValidationError({ carrier_id: "has already been taken" });
    await recordHistory(tx as unknown as Db, {
      type: "Insurable",
      id: insurableId,
      action: "create_related",
      author,
      process: "console",
      changes: { [`carrier_profile.${carrier.title}`]: { previous_value: null, new_value: "added" } },
    });
    return showProfile(tx as unknown as Db, { kind: "all" }, created.id);
  });
}

/**
 * Changes the carrier's id for the property and trait values (a trait keeps its kind: yes/no, number or text; a new
 * trait may be added, none removed); the community's history names each change.
 */
export async function updateProfile(
  db: Db,
  scope: Scope,
  id: number,
  input: { external_carrier_id?: string | null; traits?: Record<string, ProfileTrait> },
  author: Author,
): Promise<ProfileRow> {
  const before = await showProfile(db, scope, id);
  const errors: Record<string, string> = {};
  const traits = { ...before.traits };
  for (const [key, value] of Object.entries(input.traits ?? {})) {
    const old = before.traits[key];
    if (old !== null && old !== undefined && value !== null && typeof old !== typeof value) {
      errors[`traits.${key}`] = typeof old === "boolean" ? "must be true or false" : typeof old === "number" ? "must be a number" : "must be text";
      continue;
    }
    traits[key] = value;
  }
  if (Object.keys(errors).length) throw new ValidationError(errors);
  const changes: Record<string, { previous_value: unknown; new_value: unknown }> = {};
  const prefix = `carrier_profile.${before.carrier_title}`;
  for (const [key, value] of Object.entries(traits)) if (before.traits[key] !== value) changes[`${prefix}.${key}`] = { previous_value: before.traits[key] ?? null, new_value: value };
  const external = input.external_carrier_id === undefined ? before.external_carrier_id : input.external_carrier_id?.trim() || null;
  if (external !== before.external_carrier_id) changes[`${prefix}.external_carrier_id`] = { previous_value: before.external_carrier_id, new_value: external };
  if (!Object.keys(changes).length) return before;
  return db.transaction(async (tx) => {
    await tx.execute(sql`UPDATE carrier_insurable_profiles SET traits = ${JSON.stringify(traits)}::jsonb, external_carrier_id = ${external}, updated_at = now() WHERE id = ${id}`);
    await recordHistory(tx as unknown as Db, { type: "Insurable", id: before.insurable_id, action: "update_related", author, process: "console", changes });
    return showProfile(tx as unknown as Db, { kind: "all" }, id);
  });
}
