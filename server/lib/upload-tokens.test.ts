import { describe, expect, it } from "vitest";
import { signFileLink } from "../files/signed-links";
import { signUploadToken, verifyUploadToken } from "./upload-tokens";

const SECRET = "a-secret-of-sixteen-plus";
const NOW = Date.UTC(2026, 10, 27, 12);
const claim = { linkId: 41, accountId: 7, userId: 1234, expires: NOW / 1000 + 3600 };

describe("upload link tokens", () => {
  it("round-trips the claim while unexpired", () => {
    const token = signUploadToken(claim, SECRET);
    expect(verifyUploadToken(token, SECRET, NOW)).toEqual({ ok: true, claim });
  });

  it("says expired for a genuine token past its time, invalid for a forged one", () => {
    const token = signUploadToken(claim, SECRET);
    expect(verifyUploadToken(token, SECRET, NOW + 3600 * 1000)).toEqual({ ok: false, reason: "expired" });
    expect(verifyUploadToken(token, "another-secret-entirely", NOW)).toEqual({ ok: false, reason: "invalid" });
    // Another link's id (or a later expiry) under the old signature is refused.
    const [, signature] = token.split(".");
    const tampered = Buffer.from(`up1.42.7.1234.${claim.expires}`).toString("base64url");
    expect(verifyUploadToken(`${tampered}.${signature}`, SECRET, NOW)).toEqual({ ok: false, reason: "invalid" });
    const longer = Buffer.from(`up1.41.7.1234.${claim.expires + 86_400}`).toString("base64url");
    expect(verifyUploadToken(`${longer}.${signature}`, SECRET, NOW)).toEqual({ ok: false, reason: "invalid" });
  });

  it("refuses malformed tokens and download-link tokens signed with the same secret", () => {
    for (const bad of ["", ".", "abc", "a.b.c", "x".repeat(500), "%00.%00"]) expect(verifyUploadToken(bad, SECRET, NOW).ok).toBe(false);
    const download = signFileLink("document", 41, SECRET, 3600, NOW).replace("/v2/files/", "");
    expect(verifyUploadToken(download, SECRET, NOW)).toEqual({ ok: false, reason: "invalid" });
  });

  it("names ids and an expiry only: no personal data in the token", () => {
    const [payload] = signUploadToken(claim, SECRET).split(".");
    expect(Buffer.from(payload, "base64url").toString()).toBe(`up1.41.7.1234.${claim.expires}`);
  });
});
