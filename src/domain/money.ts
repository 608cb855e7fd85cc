/** Money is integer cents on the wire and in the database; the console shows dollars (document 1 section 1). */
export function toCents(dollars: number | string | null | undefined): number | null {
  if (dollars === null || dollars === undefined || dollars === "") return null;
  const value = typeof dollars === "number" ? dollars : Number(String(dollars).replace(/[$,\s]/g, ""));
  if (!Number.isFinite(value)) return null;
  return Math.round(value * 100);
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
