/**
 * Calendar days as whole numbers (days since 1970-01-01, UTC). The seeds do their date arithmetic on these so the
 * server's time zone can never shift a `yyyy-MM-dd` value by one day.
 */
const DAY_MS = 86_400_000;

export type Day = number;

export const dayOf = (date: Date): Day => Math.floor(date.getTime() / DAY_MS);

export const ymd = (day: Day): string => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** The same day of the month `months` later, clamped to the month's end (Jan 31 + 1 month → Feb 28). */
export function addMonths(day: Day, months: number): Day {
  const date = new Date(day * DAY_MS);
  const target = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  return dayOf(target);
}

/** A policy or lease term: the same calendar date one year later (2026-03-15 → 2027-03-15). */
export const nextYear = (day: Day): Day => addMonths(day, 12);

/** A timestamp on `day` at `seconds` after midnight UTC. */
export const at = (day: Day, seconds = 12 * 3600): Date => new Date(day * DAY_MS + seconds * 1000);
