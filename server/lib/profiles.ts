import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { profiles } from "../db/schema";

type ProfileableType = (typeof profiles.$inferInsert)["profileable_type"];
export type ProfileInput = Partial<Record<"first_name" | "last_name" | "middle_name" | "job_title" | "contact_phone" | "contact_email" | "birth_date", string | null>> & {
  gender?: (typeof profiles.$inferInsert)["gender"];
  salutation?: (typeof profiles.$inferInsert)["salutation"];
};

/** "First Middle Last", or null when no part is given; kept in step with the parts on every save. */
export function fullName(p: { first_name?: string | null; middle_name?: string | null; last_name?: string | null }): string | null {
  return [p.first_name, p.middle_name, p.last_name].filter((x) => x && x.trim()).join(" ") || null;
}

export async function findProfile(db: Db, type: ProfileableType, id: number) {
  const [row] = await db.select().from(profiles).where(and(eq(profiles.profileable_type, type), eq(profiles.profileable_id, id)));
  return row;
}

/** Merges the given fields into the record's profile (creating it if missing) and recomputes full_name. */
export async function saveProfile(db: Db, type: ProfileableType, id: number, before: typeof profiles.$inferSelect | undefined, input: ProfileInput) {
  const values = { ...input, full_name: fullName({ ...before, ...input }), updated_at: new Date() };
  if (before) await db.update(profiles).set(values).where(eq(profiles.id, before.id));
  else await db.insert(profiles).values({ ...values, profileable_type: type, profileable_id: id });
}
