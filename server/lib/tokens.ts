import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

/** Random secrets for session tokens, clients and reset links; only their SHA-256 is stored. */
export function newSecret(bytes = 24): string {
  return randomBytes(bytes).toString("base64url");
}

export function hashSecret(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}

export function secretMatches(secret: string, storedHash: string): boolean {
  const a = Buffer.from(hashSecret(secret), "hex");
  const b = Buffer.from(storedHash, "hex");
  return a.length === b.length && timingSafeEqual(a, b);
}
