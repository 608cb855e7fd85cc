import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Download links that need no auth headers (a plain <a href> in the console, a link in an email, the PDF viewer):
 * what is linked (a document or a review-queue file), its id and an expiry, signed with FILES_SECRET.
 * `/v2/files/{token}` streams the file while the token is valid.
 */
export const LINK_TTL_SECONDS = 3600;

export type LinkedKind = "document" | "checked-file";

const encode = (text: string) => Buffer.from(text).toString("base64url");

function sign(payload: string, secret: string): string {
  return createHmac("sha256", secret).update(payload).digest("base64url");
}

export function signFileLink(kind: LinkedKind, id: number, secret: string, ttlSeconds = LINK_TTL_SECONDS, now = Date.now()): string {
  const payload = encode(`${kind}.${id}.${Math.floor(now / 1000) + ttlSeconds}`);
  return `/v2/files/${payload}.${sign(payload, secret)}`;
}

export const signDocumentLink = (documentId: number, secret: string, ttlSeconds?: number, now?: number) =>
  signFileLink("document", documentId, secret, ttlSeconds, now);

/** What a valid, unexpired token links to; null otherwise. */
export function verifyFileToken(token: string, secret: string, now = Date.now()): { kind: LinkedKind; id: number } | null {
  const [payload, signature] = token.split(".");
  if (!payload || !signature) return null;
  const expected = Buffer.from(sign(payload, secret));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  const [kind, idText, expiresText] = Buffer.from(payload, "base64url").toString().split(".");
  const id = Number(idText);
  if ((kind !== "document" && kind !== "checked-file") || !Number.isInteger(id) || !(Number(expiresText) * 1000 > now)) return null;
  return { kind, id };
}
