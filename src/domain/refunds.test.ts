import { describe, expect, it } from "vitest";
import { earnedPremium, type RefundInput, refundFor, withinTerm } from "./refunds";

/** A year of cover bought for 365.00 premium, 7.30 tax (2 %) and 15.00 policy fee, all paid up front. */
const paidUpFront: Omit<RefundInput, "action" | "cancellationDate"> = {
  received: { premium: 36_500, tax: 730, fee: 1_500 },
  totalPremium: 36_500,
  totalTax: 730,
  effectiveDate: "2026-01-01",
  expirationDate: "2027-01-01",
};
const prorate = (cancellationDate: string, over: Partial<RefundInput> = {}) => refundFor({ ...paidUpFront, action: "cancel_prorate", cancellationDate, ...over });

describe("refunds (issue 10 section 1)", () => {
  it("earns the premium day by day over the term", () => {
    expect(earnedPremium({ ...paidUpFront, cancellationDate: "2026-04-11" })).toBe(10_000); // 100 of 365 days
    expect(earnedPremium({ ...paidUpFront, cancellationDate: "2026-01-01" })).toBe(0);
    expect(earnedPremium({ ...paidUpFront, cancellationDate: "2028-01-01" })).toBe(36_500);
  });

  it("a whole term: cancelling on the effective date returns all premium and tax, never the fee", () => {
    expect(prorate("2026-01-01")).toEqual({ premium: 36_500, tax: 730, fee: 0, total: 37_230 });
  });

  it("cancelling on the last day of the term returns nothing", () => {
    expect(prorate("2027-01-01")).toEqual({ premium: 0, tax: 0, fee: 0, total: 0 });
    // The day before: one day of premium (1.00) and its tax (0.02).
    expect(prorate("2026-12-31")).toEqual({ premium: 100, tax: 2, fee: 0, total: 102 });
  });

  it("prorates the unearned premium and the tax in the same proportion", () => {
    // 100 of 365 days covered: 265.00 premium back, 2 % of it in tax.
    expect(prorate("2026-04-11")).toEqual({ premium: 26_500, tax: 530, fee: 0, total: 27_030 });
  });

  it("counts the 366 days of a leap-year term", () => {
    const leap = { effectiveDate: "2028-01-01", expirationDate: "2029-01-01", received: { premium: 36_600, tax: 732, fee: 0 }, totalPremium: 36_600, totalTax: 732 };
    // 2028-03-01 is day 60 of the term (January 31 + February 29).
    expect(prorate("2028-03-01", leap)).toEqual({ premium: 30_600, tax: 612, fee: 0, total: 31_212 });
    expect(earnedPremium({ ...leap, cancellationDate: "2028-12-31" })).toBe(36_500);
  });

  it("a monthly policy with unpaid invoices never gets back more than was received", () => {
    // 12 × (30.42 premium + 0.61 tax + 2.00 fee); three paid, the rest unpaid.
    const monthly = { received: { premium: 9_125, tax: 183, fee: 600 }, totalPremium: 36_500, totalTax: 730 };
    // 100 days covered earns 100.00 premium: more than the 91.25 received, so nothing is due back.
    expect(prorate("2026-04-11", monthly)).toEqual({ premium: 0, tax: 0, fee: 0, total: 0 });
    // Cancelled after 31 days: 91.25 received − 31.00 earned = 60.25, and its tax.
    expect(prorate("2026-02-01", monthly)).toEqual({ premium: 6_025, tax: 121, fee: 0, total: 6_146 });
    // Nothing paid yet: nothing back, whatever the date.
    expect(prorate("2026-01-01", { received: { premium: 0, tax: 0, fee: 0 } })).toEqual({ premium: 0, tax: 0, fee: 0, total: 0 });
  });

  it("caps the tax at what was received", () => {
    expect(prorate("2026-01-01", { received: { premium: 36_500, tax: 100, fee: 0 } }).tax).toBe(100);
  });

  it("a full refund returns every line received, fees included", () => {
    expect(refundFor({ ...paidUpFront, action: "cancel_full_refund", cancellationDate: "2026-10-01" })).toEqual({ premium: 36_500, tax: 730, fee: 1_500, total: 38_730 });
    const partly = { premium: 9_125, tax: 183, fee: 600 };
    expect(refundFor({ ...paidUpFront, received: partly, action: "cancel_full_refund", cancellationDate: "2026-10-01" }).total).toBe(9_908);
  });

  it("accepts cancellation dates inside the term only", () => {
    expect(withinTerm("2026-06-01", "2026-01-01", "2027-01-01")).toBe(true);
    expect(withinTerm("2026-01-01", "2026-01-01", "2027-01-01")).toBe(true);
    expect(withinTerm("2027-01-01", "2026-01-01", "2027-01-01")).toBe(true);
    expect(withinTerm("2025-12-31", "2026-01-01", "2027-01-01")).toBe(false);
    expect(withinTerm("2027-01-02", "2026-01-01", "2027-01-01")).toBe(false);
  });
});
