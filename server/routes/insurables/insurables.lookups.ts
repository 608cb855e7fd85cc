import { type SQL, sql } from "drizzle-orm";
import { INSURABLE_LOOKUP_FIELDS, INSURABLE_LOOKUP_MAX_IDS, type InsurableLookupField } from "../../../src/domain/insurables";
import type { Db } from "../../db/client";
import { NotFoundError } from "../../lib/errors";
import { type ListInput, type ListSpec, parseListParams, queryRows, runList } from "../../lib/list";
import type { Scope } from "../../lib/scope";
import { insurableScopeCondition } from "../lookups/lookups.scope";
import { INSURABLE_SELECT, insurableListQuery, insurableListSpec } from "./insurables.list";

/** The fields `POST /insurables/list_by_fields` may name, and its id limit: one list for the server and the console. */
export const LOOKUP_FIELDS = INSURABLE_LOOKUP_FIELDS;
export type LookupField = InsurableLookupField;
export const LOOKUP_MAX_IDS = INSURABLE_LOOKUP_MAX_IDS;

/**
 * The named fields of the given properties, in the order asked; ids outside the caller's scope (or unknown) are left
 * out, as a lookup never reveals what the caller may not see.
 */
export async function listByFields(db: Db, scope: Scope, ids: number[], fields: LookupField[]) {
  const unique = [...new Set(ids)];
  if (!unique.length) return [];
  const query = insurableListQuery(scope, [sql`i.id IN (${sql.join(unique.map((id) => sql`${id}`), sql`, `)})`]);
  const rows = await queryRows<Record<LookupField, unknown>>(db, sql`SELECT ${query.select} FROM ${query.from} WHERE ${sql.join(query.where, sql` AND `)}`);
  const byId = new Map(rows.map((row) => [Number(row.id), row]));
  const wanted: LookupField[] = fields.includes("id") ? fields : ["id", ...fields];
  return unique.flatMap((id) => {
    const row = byId.get(id);
    return row ? [Object.fromEntries(wanted.map((field) => [field, row[field] ?? null]))] : [];
  });
}

/** Units of a community (directly or through its buildings) that are enabled and not covered: open to cover. */
// Two index lookups by parent (insurables_parent_type_idx), not one scan of every unit: an OR across the join reads them all.
const availableUnits = (community: SQL) => sql`((SELECT count(*)::int FROM insurables u
    WHERE u.insurable_id = ${community} AND u.insurable_type_id IN (4, 5) AND u.enabled AND NOT u.covered)
  + (SELECT count(*)::int FROM insurables b JOIN insurables u ON u.insurable_id = b.id
    WHERE b.insurable_id = ${community} AND b.insurable_type_id = 7 AND u.insurable_type_id IN (4, 5) AND u.enabled AND NOT u.covered))`;

/**
 * `POST /insurables/top_available`: the communities (top-level properties) of the caller's scope with at least one unit
 * open to cover, with how many, 20 a page ("available insurables 20", document 3 section 9); the grid's filters
 * (account, agency, title, type, state, city) apply.
 */
export async function topAvailable(db: Db, scope: Scope, input: ListInput) {
  // Whether any unit is open stops at the first one; how many is counted for the page's rows only.
  const open = sql`(EXISTS (SELECT 1 FROM insurables u WHERE u.insurable_id = i.id AND u.insurable_type_id IN (4, 5) AND u.enabled AND NOT u.covered)
    OR EXISTS (SELECT 1 FROM insurables b JOIN insurables u ON u.insurable_id = b.id
      WHERE b.insurable_id = i.id AND b.insurable_type_id = 7 AND u.insurable_type_id IN (4, 5) AND u.enabled AND NOT u.covered))`;
  const base = insurableListQuery(scope, [sql`i.insurable_type_id IN (1, 2, 3)`, sql`i.enabled`, open], input.filter, input);
  // Communities are thousands at most (5,000 at a million policies): gathered, ordered and counted in one pass (list.ts,
  // ListQuery.few), so each one's open-unit test runs once per page, not once to count and again to order.
  return runList(db, { ...base, few: true, select: sql`${INSURABLE_SELECT}, ${availableUnits(sql`i.id`)} AS available_units_count` }, parseListParams(input, insurableListSpec, { defaultPer: 20 }));
}

const historySpec: ListSpec = {
  filters: { action: { type: "text", column: sql`h.action` }, created_at: { type: "timestamp", column: sql`h.created_at` } },
  sorts: { created_at: sql`h.created_at` },
  defaultSort: { column: "created_at", direction: "desc" },
  tieBreaker: sql`h.id`,
};

/** The property's history (every create, edit, rate change, address sync, children added), newest first. */
export async function insurableHistories(db: Db, scope: Scope, id: number, input: ListInput) {
  const [visible] = await queryRows<{ id: number }>(
    db,
    sql`SELECT i.id FROM insurables i WHERE i.id = ${id} ${sql.join(insurableScopeCondition(scope).map((c) => sql` AND ${c}`), sql``)}`,
  );
  if (!visible) throw new NotFoundError("Insurable");
  return runList(
    db,
    { select: sql`h.id, h.action, h.author, h.process, h.data, h.created_at`, from: sql`histories h`, where: [sql`h.recordable_type = 'Insurable'`, sql`h.recordable_id = ${id}`], id: sql`h.id` },
    parseListParams(input, historySpec, { defaultPer: 100 }),
  );
}
