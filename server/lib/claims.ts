import { createHmac, timingSafeEqual } from "node:crypto";
import { type SQL, sql } from "drizzle-orm";
import { CLAIM_MINUTES } from "../../src/domain/constants";
import type { Db } from "../db/client";
import { ConflictError } from "./errors";
import { queryRows } from "./list";

export type ClaimType = "Policy" | "PolicyRevision" | "CheckedFile";
export { CLAIM_MINUTES };

/** Who holds an item right now, as lists show it ("Taken by …"). */
export interface ClaimHolder {
  id: number;
  name: string;
  expires_at: string;
}

/** A claim as the reviewer's console keeps it: until when, and the token that lets a closing tab release it. */
export interface Claim {
  expires_at: string;
  release_token: string;
}

const STAFF_NAME = sql`coalesce(p.full_name, s.email)`;

/** A list column: the live claim on the row `idExpr` of `type`, or null. */
export const claimHolderJson = (type: ClaimType, idExpr: SQL) => sql`(SELECT json_build_object('id', s.id, 'name', ${STAFF_NAME}, 'expires_at', c.expires_at)
    FROM review_claims c JOIN staffs s ON s.id = c.staff_id LEFT JOIN profiles p ON p.profileable_type = 'Staff' AND p.profileable_id = s.id
   WHERE c.item_type = ${type} AND c.item_id = ${idExpr} AND c.expires_at > now())`;

export const takenByMessage = (name: string) => `This item is being reviewed by ${name}. Try another one.`;

export async function staffName(db: Db, staffId: number): Promise<string> {
  const [row] = await queryRows<{ name: string }>(
    db,
    sql`SELECT ${STAFF_NAME} AS name FROM staffs s LEFT JOIN profiles p ON p.profileable_type = 'Staff' AND p.profileable_id = s.id WHERE s.id = ${staffId}`,
  );
  return row?.name ?? "another reviewer";
}

async function takenBy(db: Db, staffId: number): Promise<ConflictError> {
  const name = await staffName(db, staffId);
  return new ConflictError(takenByMessage(name), { holder: { id: staffId, name } });
}

/**
 * Claims a queue item for the reviewer for CLAIM_MINUTES (or renews their claim: the console's heartbeat). One
 * statement: the row is taken when free, expired or already theirs, or when `takeOver` (a super admin taking a file
 * from a colleague who left it open); otherwise 409 naming who holds it.
 */
export async function claimItem(db: Db, type: ClaimType, id: number, staffId: number, opts: { takeOver?: boolean; secret: string }): Promise<Claim> {
  const rows = await queryRows<{ staff_id: number; expires_at: string }>(
    db,
    sql`INSERT INTO review_claims (item_type, item_id, staff_id, expires_at)
        VALUES (${type}, ${id}, ${staffId}, now() + make_interval(mins => ${CLAIM_MINUTES}))
        ON CONFLICT (item_type, item_id) DO UPDATE SET staff_id = excluded.staff_id, expires_at = excluded.expires_at,
          created_at = CASE WHEN review_claims.staff_id = excluded.staff_id THEN review_claims.created_at ELSE now() END
          WHERE review_claims.staff_id = excluded.staff_id OR review_claims.expires_at < now() OR ${Boolean(opts.takeOver)}
        RETURNING staff_id, expires_at`,
  );
  if (rows.length === 0) {
    const [holder] = await queryRows<{ staff_id: number }>(db, sql`SELECT staff_id FROM review_claims WHERE item_type = ${type} AND item_id = ${id}`);
    throw await takenBy(db, holder.staff_id);
  }
  const expiresAt = new Date(rows[0].expires_at);
  return { expires_at: expiresAt.toISOString(), release_token: signRelease({ type, id, staffId }, opts.secret, expiresAt.getTime()) };
}

/** Refuses a decision on an item another reviewer holds (409): two reviewers never decide one item. */
export async function assertNotClaimedByOther(db: Db, type: ClaimType, id: number, staffId: number): Promise<void> {
  const [claim] = await queryRows<{ staff_id: number }>(
    db,
    sql`SELECT staff_id FROM review_claims WHERE item_type = ${type} AND item_id = ${id} AND expires_at > now() AND staff_id <> ${staffId}`,
  );
  if (claim) throw await takenBy(db, claim.staff_id);
}

/** Frees an item: anyone's claim once it is decided, or only `staffId`'s own when they move on. */
export async function releaseClaim(db: Db, type: ClaimType, id: number, staffId?: number): Promise<void> {
  await db.execute(sql`DELETE FROM review_claims WHERE item_type = ${type} AND item_id = ${id} ${staffId ? sql`AND staff_id = ${staffId}` : sql``}`);
}

/**
 * The release token: a closing tab cannot send the session's headers (navigator.sendBeacon sends no headers), so
 * each claim answer carries a token that can release that reviewer's claim on that item, and nothing else, until a
 * few minutes after the claim would lapse anyway. Signed with the server's secret; a renewed claim gets a new one.
 */
interface ReleaseTarget {
  type: ClaimType;
  id: number;
  staffId: number;
}

const RELEASE_GRACE_MS = 5 * 60_000;
const CLAIM_TYPES: readonly ClaimType[] = ["Policy", "PolicyRevision", "CheckedFile"];
const hmac = (payload: string, secret: string) => createHmac("sha256", secret).update(`claim-release.${payload}`).digest("base64url");

export function signRelease(target: ReleaseTarget, secret: string, claimExpiresAt: number): string {
  const payload = Buffer.from(`${target.type}.${target.id}.${target.staffId}.${Math.floor((claimExpiresAt + RELEASE_GRACE_MS) / 1000)}`).toString("base64url");
  return `${payload}.${hmac(payload, secret)}`;
}

export function verifyRelease(token: string, secret: string, now = Date.now()): ReleaseTarget | null {
  const [payload, signature, extra] = token.trim().split(".");
  if (!payload || !signature || extra !== undefined) return null;
  const expected = Buffer.from(hmac(payload, secret));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  const [type, idText, staffText, expiresText] = Buffer.from(payload, "base64url").toString().split(".");
  const id = Number(idText);
  const staffId = Number(staffText);
  if (!CLAIM_TYPES.includes(type as ClaimType) || !Number.isInteger(id) || !Number.isInteger(staffId) || !(Number(expiresText) * 1000 > now)) return null;
  return { type: type as ClaimType, id, staffId };
}
