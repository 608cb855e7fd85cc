import { sql } from "drizzle-orm";
import Papa from "papaparse";
import { BUILDING_TYPE_IDS, COMMUNITY_TYPE_IDS, UNIT_TYPE_IDS } from "../../../src/domain/insurables";
import type { Db } from "../../db/client";
import { queryRows } from "../../lib/list";
import { type Author, recordHistory } from "../../lib/history";

/**
 * Insurable Updates (document 3: insurable/updates, `POST /insurables/insurable_id_updates`, super admins): a CSV with
 * the header `insurable_id,new_insurable_id,new_parent_id`, one change a row:
 * - `new_insurable_id`: the property is a duplicate of that one: its policies, leases and children move there and it
 *   is deleted (same kind — community, building or unit — and same account);
 * - `new_parent_id`: the building or unit moves under that parent (a building under a community, a unit under a
 *   building or community of the same account; titles stay unique among siblings).
 * Every row is checked first; a dry run answers what would change; otherwise all rows apply in one transaction, or
 * none when one is wrong.
 */
export interface UpdateRow {
  row: number;
  id: number;
  newId: number | null;
  newParentId: number | null;
}

export interface UpdatePlan {
  row: number;
  action: "merge" | "move";
  insurable: { id: number; title: string };
  target: { id: number; title: string };
  policies?: number;
  leases?: number;
  children?: number;
}

export const MAX_UPDATE_ROWS = 5000;

const kind = (typeId: number) => (COMMUNITY_TYPE_IDS.includes(typeId) ? "community" : BUILDING_TYPE_IDS.includes(typeId) ? "building" : UNIT_TYPE_IDS.includes(typeId) ? "unit" : "other");

export function parseUpdateFile(text: string): { rows: UpdateRow[]; errors: Array<{ row: number; message: string }> } {
  const parsed = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ""), { header: true, skipEmptyLines: "greedy", transformHeader: (h) => h.trim().toLowerCase() });
  const header = parsed.meta.fields ?? [];
  if (!header.includes("insurable_id") || !(header.includes("new_insurable_id") || header.includes("new_parent_id"))) {
    return { rows: [], errors: [{ row: 1, message: "Columns: insurable_id, new_insurable_id, new_parent_id" }] };
  }
  if (parsed.data.length > MAX_UPDATE_ROWS) return { rows: [], errors: [{ row: MAX_UPDATE_ROWS + 2, message: `At most ${MAX_UPDATE_ROWS} rows per file` }] };
  const rows: UpdateRow[] = [];
  const errors: Array<{ row: number; message: string }> = [];
  const num = (v: string | undefined) => (v && /^\d{1,9}$/.test(v.trim()) ? Number(v.trim()) : v?.trim() ? NaN : null);
  parsed.data.forEach((raw, i) => {
    const row = i + 2;
    const id = num(raw.insurable_id);
    const newId = num(raw.new_insurable_id);
    const newParentId = num(raw.new_parent_id);
    if (!id || Number.isNaN(id)) errors.push({ row, message: "insurable_id must be an id" });
    else if (Number.isNaN(newId) || Number.isNaN(newParentId)) errors.push({ row, message: "new ids must be ids" });
    else if ((newId === null) === (newParentId === null)) errors.push({ row, message: "give either new_insurable_id or new_parent_id" });
    else rows.push({ row, id, newId, newParentId });
  });
  return { rows, errors };
}

interface Found {
  id: number;
  title: string;
  insurable_type_id: number;
  insurable_id: number | null;
  account_id: number | null;
}

export async function planUpdates(db: Db, rows: UpdateRow[]): Promise<{ plan: UpdatePlan[]; errors: Array<{ row: number; message: string }> }> {
  const ids = [...new Set(rows.flatMap((r) => [r.id, r.newId, r.newParentId].filter((x): x is number => x !== null)))];
  const found = ids.length
    ? await queryRows<Found>(db, sql`SELECT id, title, insurable_type_id, insurable_id, account_id FROM insurables WHERE id IN (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`)
    : [];
  const byId = new Map(found.map((f) => [f.id, f]));
  const plan: UpdatePlan[] = [];
  const errors: Array<{ row: number; message: string }> = [];
  const seen = new Set<number>();
  for (const r of rows) {
    const self = byId.get(r.id);
    const target = byId.get((r.newId ?? r.newParentId)!);
    if (!self) {
      errors.push({ row: r.row, message: `insurable ${r.id} does not exist` });
      continue;
    }
    if (!target) {
      errors.push({ row: r.row, message: `insurable ${r.newId ?? r.newParentId} does not exist` });
      continue;
    }
    if (seen.has(r.id)) errors.push({ row: r.row, message: `insurable ${r.id} is changed twice` });
    seen.add(r.id);
    if (target.id === self.id) errors.push({ row: r.row, message: "an insurable cannot replace or hold itself" });
    if (target.account_id !== self.account_id) errors.push({ row: r.row, message: "both must belong to the same account" });
    if (r.newId !== null) {
      if (kind(target.insurable_type_id) !== kind(self.insurable_type_id)) errors.push({ row: r.row, message: `${self.title} and ${target.title} are not the same kind` });
      plan.push({ row: r.row, action: "merge", insurable: { id: self.id, title: self.title }, target: { id: target.id, title: target.title } });
    } else {
      const selfKind = kind(self.insurable_type_id);
      const parentKind = kind(target.insurable_type_id);
      if (selfKind === "community") errors.push({ row: r.row, message: "a community has no parent" });
      else if (selfKind === "building" && parentKind !== "community") errors.push({ row: r.row, message: "a building's parent must be a community" });
      else if (selfKind === "unit" && parentKind !== "community" && parentKind !== "building") errors.push({ row: r.row, message: "a unit's parent must be a building or a community" });
      plan.push({ row: r.row, action: "move", insurable: { id: self.id, title: self.title }, target: { id: target.id, title: target.title } });
    }
  }
  // Counts of what a merge moves, for the dry run.
  for (const p of plan.filter((x) => x.action === "merge")) {
    const [c] = await queryRows<{ policies: number; leases: number; children: number }>(
      db,
      sql`SELECT (SELECT count(*)::int FROM policy_insurables WHERE insurable_id = ${p.insurable.id}) AS policies,
        (SELECT count(*)::int FROM leases WHERE insurable_id = ${p.insurable.id}) AS leases,
        (SELECT count(*)::int FROM insurables WHERE insurable_id = ${p.insurable.id}) AS children`,
    );
    Object.assign(p, c);
  }
  return { plan, errors: errors.sort((a, b) => a.row - b.row) };
}

/** Applies a checked plan in one transaction; a title taken among the new siblings aborts it all. */
export async function applyUpdates(db: Db, plan: UpdatePlan[], author: Author, onProgress?: (processed: number, total: number) => unknown): Promise<void> {
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    for (const [i, p] of plan.entries()) {
      if (p.action === "merge") {
        await tx.execute(sql`UPDATE policy_insurables SET insurable_id = ${p.target.id} WHERE insurable_id = ${p.insurable.id}`);
        await tx.execute(sql`UPDATE leases SET insurable_id = ${p.target.id} WHERE insurable_id = ${p.insurable.id}`);
        await tx.execute(sql`UPDATE insurables SET insurable_id = ${p.target.id}, updated_at = now() WHERE insurable_id = ${p.insurable.id}`);
        await tx.execute(sql`DELETE FROM addresses WHERE addressable_type = 'Insurable' AND addressable_id = ${p.insurable.id}`);
        await tx.execute(sql`DELETE FROM insurables WHERE id = ${p.insurable.id}`);
        await recordHistory(tx, { type: "Insurable", id: p.target.id, action: "update_related", author, process: "console", changes: { merged: { previous_value: p.insurable, new_value: p.target.id } } });
      } else {
        const [before] = await queryRows<{ insurable_id: number | null }>(tx, sql`SELECT insurable_id FROM insurables WHERE id = ${p.insurable.id}`);
        await tx.execute(sql`UPDATE insurables SET insurable_id = ${p.target.id}, updated_at = now() WHERE id = ${p.insurable.id}`);
        await recordHistory(tx, { type: "Insurable", id: p.insurable.id, action: "update", author, process: "console", changes: { insurable_id: { previous_value: before?.insurable_id ?? null, new_value: p.target.id } } });
      }
      await onProgress?.(i + 1, plan.length);
    }
    const [clash] = await queryRows<{ title: string }>(
      tx,
      sql`SELECT lower(title) AS title FROM insurables WHERE insurable_id IN (${sql.join([...new Set(plan.map((p) => p.target.id))].map((id) => sql`${id}`), sql`, `)})
          GROUP BY insurable_id, insurable_type_id, lower(title) HAVING count(*) > 1 LIMIT 1`,
    );
    if (clash) throw new TitleClash(clash.title);
  });
}

export class TitleClash extends Error {
  constructor(readonly title: string) {
    super(`${title} would appear twice under the same parent`);
  }
}
