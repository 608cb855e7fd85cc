import { and, eq, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { savedViews, staff } from "../../db/schema";
import type { SavedView, SavedViewParams } from "../../../src/domain/savedViews";
import { NotFoundError } from "../../lib/errors";
import type { StaffUser } from "../staffs/staff-user";

/** Where a shared view is offered: the owner's account or agency; for staff without one, the owner's role. */
function sharedWith(user: StaffUser) {
  return user.organizable_type && user.organizable_id
    ? and(eq(savedViews.organizable_type, user.organizable_type), eq(savedViews.organizable_id, user.organizable_id))
    : and(sql`${savedViews.organizable_type} IS NULL`, eq(staff.role, user.role));
}

/** A grid's views the caller may apply: their own, then the ones colleagues of their account or agency shared. */
export async function listSavedViews(db: Db, user: StaffUser, resource: string): Promise<SavedView[]> {
  const rows = await db
    .select({
      id: savedViews.id,
      resource: savedViews.resource,
      name: savedViews.name,
      params: savedViews.params,
      shared: savedViews.shared,
      staff_id: savedViews.staff_id,
      owner_email: staff.email,
      owner_name: sql<string | null>`(SELECT p.full_name FROM profiles p WHERE p.profileable_type = 'Staff' AND p.profileable_id = ${staff.id} LIMIT 1)`,
    })
    .from(savedViews)
    .innerJoin(staff, eq(staff.id, savedViews.staff_id))
    .where(and(eq(savedViews.resource, resource), or(eq(savedViews.staff_id, user.id), and(eq(savedViews.shared, true), sharedWith(user)))))
    .orderBy(sql`${savedViews.staff_id} <> ${user.id}`, sql`lower(${savedViews.name})`, savedViews.id);
  return rows.map((r) => ({
    id: r.id,
    resource: r.resource,
    name: r.name,
    params: r.params,
    shared: r.shared,
    own: r.staff_id === user.id,
    owner_name: r.owner_name || r.owner_email,
  }));
}

/** Saves a view under a name; saving again under a name the caller already used replaces that view. */
export async function saveView(db: Db, user: StaffUser, input: { resource: string; name: string; params: SavedViewParams; shared: boolean }): Promise<SavedView> {
  const values = {
    staff_id: user.id,
    resource: input.resource,
    name: input.name,
    params: input.params,
    shared: input.shared,
    organizable_type: user.organizable_type ?? null,
    organizable_id: user.organizable_id ?? null,
  };
  const row = await db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: savedViews.id })
      .from(savedViews)
      .where(and(eq(savedViews.staff_id, user.id), eq(savedViews.resource, input.resource), sql`lower(${savedViews.name}) = lower(${input.name})`))
      .for("update");
    if (existing) {
      const [updated] = await tx.update(savedViews).set({ ...values, updated_at: sql`now()` }).where(eq(savedViews.id, existing.id)).returning();
      return updated;
    }
    const [inserted] = await tx.insert(savedViews).values(values).returning();
    return inserted;
  });
  return { id: row.id, resource: row.resource, name: row.name, params: row.params, shared: row.shared, own: true, owner_name: user.profile_attributes.full_name || user.email };
}

/** Only the owner deletes a view; anyone else's is not found (never reveal it exists). */
export async function deleteView(db: Db, user: StaffUser, id: number): Promise<void> {
  const deleted = await db.delete(savedViews).where(and(eq(savedViews.id, id), eq(savedViews.staff_id, user.id))).returning({ id: savedViews.id });
  if (deleted.length === 0) throw new NotFoundError({ message: "Saved view not found" });
}
