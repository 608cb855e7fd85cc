/**
 * How the coverage timeline (issue 17 section 2) counts a gap's days, shared by the API's banner totals and the
 * console's row labels so both read the same: days lived without cover count through today; the rest of a running
 * lease's uncovered days lie ahead (cover may still be bought or proven for them). Pure, on `yyyy-MM-dd` dates.
 */

/** Days from start to end, both inclusive. */
export const dayCount = (start: string, end: string) => Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000) + 1;

/** A gap's days split at today: `so_far` through today (today included), `ahead` after it. */
export function gapSplit(gap: { start: string; end: string }, today: string): { so_far: number; ahead: number } {
  if (gap.start > today) return { so_far: 0, ahead: dayCount(gap.start, gap.end) };
  if (gap.end <= today) return { so_far: dayCount(gap.start, gap.end), ahead: 0 };
  return { so_far: dayCount(gap.start, today), ahead: dayCount(gap.start, gap.end) - dayCount(gap.start, today) };
}
