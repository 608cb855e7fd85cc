import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { ConflictError } from "./errors";
import { queryRows } from "./list";

export type ClaimType = "Policy" | "PolicyRevision" | "CheckedFile";
export const CLAIM_MINUTES = 5;

/** Who holds an item right now, as lists show it ("Taken by …"). */
export interface ClaimHolder {
  id: number;
  name: string;
  expires_at: string;
}

/** A list column: the live claim on the row `idExpr` of `type`, or null. */
export const claimHolderJson = (type: ClaimType, idExpr: SQL) => sql`(SELECT json_build_object('id', s.id, 'name', coalesce(p.full_name, s.email), 'expires_at', c.expires_at)
    FROM review_claims c JOIN staffs s ON s.id = c.staff_id LEFT JOIN profiles p ON p.profileable_type = 'Staff' AND p.profileable_id = s.id
   WHERE c.item_type = ${type} AND c.item_id = ${idExpr} AND c.expires_at > now())`;

const takenBy = (name: string) => `This item is being reviewed by ${name}. Try another one.`;

async function holderName(db: Db, staffId: number): Promise<string> {
  const [row] = await queryRows<{ name: string }>(
    db,
    sql`SELECT coalesce(p.full_name, s.email) AS name FROM staffs s LEFT JOIN profiles p ON p.profileable_type = 'Staff' AND p.profileable_id = s.id WHERE s.id = ${staffId}`,
  );
  return row?.name ?? "another reviewer";
}

/**
 * Claims a queue item for the reviewer for a few minutes (or renews their claim). One statement: the row is taken
 * when free, expired or already theirs; otherwise 409 naming who holds it.
 */
export async function claimItem(db: Db, type: ClaimType, id: number, staffId: number): Promise<{ expires_at: string }> {
  const rows = await queryRows<{ staff_id: number; expires_at: string }>(
    db,
    sql`INSERT INTO review_claims (item_type, item_id, staff_id, expires_at)
        VALUES (${type}, ${id}, ${staffId}, now() + make_interval(mins => ${CLAIM_MINUTES}))
        ON CONFLICT (item_type, item_id) DO UPDATE SET staff_id = excluded.staff_id, expires_at = excluded.expires_at, created_at = now()
          WHERE review_claims.staff_id = excluded.staff_id OR review_claims.expires_at < now()
        RETURNING staff_id, expires_at`,
  );
  if (rows.length === 0) {
    const [holder] = await queryRows<{ staff_id: number }>(db, sql`SELECT staff_id FROM review_claims WHERE item_type = ${type} AND item_id = ${id}`);
    throw new ConflictError(takenBy(await holderName(db, holder.staff_id)));
  }
  return { expires_at: new Date(rows[0].expires_at).toISOString() };
}

/** Refuses a decision on an item another reviewer holds (409): two reviewers never decide one item. */
export async function assertNotClaimedByOther(db: Db, type: ClaimType, id: number, staffId: number): Promise<void> {
  const [claim] = await queryRows<{ staff_id: number }>(
    db,
    sql`SELECT staff_id FROM review_claims WHERE item_type = ${type} AND item_id = ${id} AND expires_at > now() AND staff_id <> ${staffId}`,
  );
  if (claim) throw new ConflictError(takenBy(await holderName(db, claim.staff_id)));
}

export async function releaseClaim(db: Db, type: ClaimType, id: number): Promise<void> {
  await db.execute(sql`DELETE FROM review_claims WHERE item_type = ${type} AND item_id = ${id}`);
}
