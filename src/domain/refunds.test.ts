import { describe, expect, it } from "vitest";
import { earnedPremium, refundAmount, withinTerm } from "./refunds";

const term = { totalPremium: 36_500, effectiveDate: "2026-01-01", expirationDate: "2027-01-01" };

describe("refunds (docs/API.md cancel and refund)", () => {
  it("earns the premium day by day over the term", () => {
    expect(earnedPremium({ ...term, cancellationDate: "2026-04-11" })).toBe(10_000); // 100 of 365 days
    expect(earnedPremium({ ...term, cancellationDate: "2026-01-01" })).toBe(0);
    expect(earnedPremium({ ...term, cancellationDate: "2028-01-01" })).toBe(36_500);
  });

  it("prorates: received minus earned, never below 0 nor above what was received", () => {
    expect(refundAmount({ ...term, action: "cancel_prorate", totalReceived: 36_500, cancellationDate: "2026-04-11" })).toBe(26_500);
    expect(refundAmount({ ...term, action: "cancel_prorate", totalReceived: 6_000, cancellationDate: "2026-04-11" })).toBe(0);
    expect(refundAmount({ ...term, action: "cancel_prorate", totalReceived: 36_500, cancellationDate: "2025-12-01" })).toBe(36_500);
  });

  it("returns everything received on a full refund", () => {
    expect(refundAmount({ ...term, action: "cancel_full_refund", totalReceived: 12_345, cancellationDate: "2026-10-01" })).toBe(12_345);
  });

  it("accepts cancellation dates inside the term only", () => {
    expect(withinTerm("2026-06-01", "2026-01-01", "2027-01-01")).toBe(true);
    expect(withinTerm("2027-01-01", "2026-01-01", "2027-01-01")).toBe(true);
    expect(withinTerm("2025-12-31", "2026-01-01", "2027-01-01")).toBe(false);
  });
});
