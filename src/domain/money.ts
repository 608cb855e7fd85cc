/**
 * Money is integer cents on the wire and in the database; the console shows dollars (document 1 section 1).
 * Dollars are read as decimal text, never multiplied as a float (1.005 × 100 is 100.49999…): up to two decimals are
 * exact, and a third decimal rounds half away from zero (1.005 → 101, −1.005 → −101).
 */
export function toCents(dollars: number | string | null | undefined): number | null {
  if (dollars === null || dollars === undefined || dollars === "") return null;
  const text = typeof dollars === "number" ? decimalText(dollars) : String(dollars).replace(/[$,\s]/g, "");
  const match = /^([+-]?)(\d*)(?:\.(\d*))?$/.exec(text ?? "");
  if (!match || (match[2] === "" && !match[3])) return null;
  const [, sign, whole, fraction = ""] = match;
  const digits = fraction.padEnd(3, "0");
  const cents = Number(whole || "0") * 100 + Number(digits.slice(0, 2)) + (Number(digits[2]) >= 5 ? 1 : 0);
  if (!Number.isSafeInteger(cents)) return null;
  return sign === "-" && cents !== 0 ? -cents : cents;
}

/** A finite number as plain decimal text ("1e-7" → "0.0000001"); null for NaN and infinities. */
function decimalText(value: number): string | null {
  if (!Number.isFinite(value)) return null;
  const text = String(value);
  return /e/i.test(text) ? value.toFixed(20).replace(/0+$/, "") : text;
}

export function fromCents(cents: number | null | undefined): number | null {
  if (cents === null || cents === undefined) return null;
  return cents / 100;
}

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

/** "$1,234.50" from 123450. */
export function formatCents(cents: number | null | undefined): string {
  const dollars = fromCents(cents);
  return dollars === null ? "" : usd.format(dollars);
}
