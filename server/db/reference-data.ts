import { sql } from "drizzle-orm";
import { INSURABLE_TYPES } from "../../src/domain/insurables";
import { POLICY_TYPES } from "../../src/domain/policies";
import type { Db } from "./client";
import { insurableTypes, policyTypes } from "./schema";

/** Fixed-id lookup rows every database needs (policy and insurable types); safe to run at every start. */
export async function ensureReferenceData(db: Db): Promise<void> {
  await db
    .insert(policyTypes)
    .values(POLICY_TYPES.map((t) => ({ ...t, designation: t.slug.toUpperCase().replace(/-/g, "_") })))
    .onConflictDoUpdate({ target: policyTypes.id, set: { title: sql`excluded.title`, slug: sql`excluded.slug` } });
  await db
    .insert(insurableTypes)
    .values(INSURABLE_TYPES.map((t) => ({ id: t.id, title: t.title, category: "property" as const })))
    .onConflictDoUpdate({ target: insurableTypes.id, set: { title: sql`excluded.title` } });
}
