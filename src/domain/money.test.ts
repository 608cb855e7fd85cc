import { describe, expect, it } from "vitest";
import { formatCents, toCents } from "./money";

describe("toCents (issue 10 section 3)", () => {
  it("is exact for every amount with up to two decimals", () => {
    for (let cents = -20_000; cents <= 20_000; cents += 7) {
      const dollars = cents / 100;
      expect(toCents(dollars)).toBe(cents);
      expect(toCents(dollars.toFixed(2))).toBe(cents);
    }
    expect(toCents(1.15)).toBe(115);
    expect(toCents(4.35)).toBe(435);
    expect(toCents(1234567.89)).toBe(123_456_789);
    expect(toCents(0.1 + 0.2)).toBe(30);
  });

  it("rounds half away from zero beyond two decimals", () => {
    expect(toCents(1.005)).toBe(101);
    expect(toCents("1.005")).toBe(101);
    expect(toCents(-1.005)).toBe(-101);
    expect(toCents(1.0049)).toBe(100);
    expect(toCents(2.675)).toBe(268);
    expect(toCents("0.999")).toBe(100);
    expect(toCents(1e-7)).toBe(0);
    expect(toCents(-0.001)).toBe(0);
  });

  it("reads what a money input holds and refuses what is not a number", () => {
    expect(toCents("$1,234.56")).toBe(123_456);
    expect(toCents(".5")).toBe(50);
    expect(toCents("12.")).toBe(1_200);
    expect(toCents("")).toBeNull();
    expect(toCents(null)).toBeNull();
    expect(toCents("abc")).toBeNull();
    expect(toCents(".")).toBeNull();
    expect(toCents(Number.NaN)).toBeNull();
    expect(toCents(Number.POSITIVE_INFINITY)).toBeNull();
  });

  it("formats cents as dollars", () => {
    expect(formatCents(2_385)).toBe("$23.85");
    expect(formatCents(null)).toBe("");
  });
});
