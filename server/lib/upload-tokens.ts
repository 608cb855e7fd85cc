import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The token of a resident's upload link (issue 17 section 2): which link (the upload_links row), for which account and
 * resident, until when, signed with FILES_SECRET. It carries ids and an expiry only, never a name, unit or address, so
 * a forwarded or leaked link tells nothing about anyone; what it opens is read from the row, which also says whether it
 * was used or revoked. A distinct prefix keeps a download token (signed-links.ts) from ever passing as one of these.
 */
export interface UploadClaim {
  linkId: number;
  accountId: number;
  userId: number;
  /** Seconds since the epoch. */
  expires: number;
}

const PREFIX = "up1";

const sign = (payload: string, secret: string) => createHmac("sha256", secret).update(`upload-link:${payload}`).digest("base64url");

export function signUploadToken(claim: UploadClaim, secret: string): string {
  const payload = Buffer.from([PREFIX, claim.linkId, claim.accountId, claim.userId, claim.expires].join(".")).toString("base64url");
  return `${payload}.${sign(payload, secret)}`;
}

/** The token as read: forged (or malformed), expired (a genuine token past its time), or its claim. */
export type UploadTokenCheck = { ok: true; claim: UploadClaim } | { ok: false; reason: "invalid" | "expired" };

export function verifyUploadToken(token: string, secret: string, now = Date.now()): UploadTokenCheck {
  const parts = token.split(".");
  if (parts.length !== 2 || !parts[0] || !parts[1] || token.length > 400) return { ok: false, reason: "invalid" };
  const [payload, signature] = parts;
  const expected = Buffer.from(sign(payload, secret));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, reason: "invalid" };
  const fields = Buffer.from(payload, "base64url").toString().split(".");
  if (fields.length !== 5 || fields[0] !== PREFIX) return { ok: false, reason: "invalid" };
  const [linkId, accountId, userId, expires] = fields.slice(1).map(Number);
  if (![linkId, accountId, userId, expires].every((n) => Number.isSafeInteger(n) && n > 0)) return { ok: false, reason: "invalid" };
  if (expires * 1000 <= now) return { ok: false, reason: "expired" };
  return { ok: true, claim: { linkId, accountId, userId, expires } };
}
