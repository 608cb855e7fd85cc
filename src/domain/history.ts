import { formatCents } from "./money";

/**
 * One changed field of a history row (DESIGN.md section 3): `{previous_value, new_value}`. A row that records money
 * says so (`format: "money"`, values in cents), so the console shows $23.85 rather than 2385 without guessing from
 * the field's name.
 */
export interface HistoryChange {
  previous_value: unknown;
  new_value: unknown;
  format?: "money";
}

export type HistoryChanges = Record<string, HistoryChange>;

/** A change of an amount in cents. */
export const moneyChange = (previous: number | null, next: number | null): HistoryChange => ({ previous_value: previous, new_value: next, format: "money" });

/** A value of a change as the History tab shows it: money as dollars, empty as a dash, lists and objects as JSON. */
export function historyValue(change: HistoryChange, value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  if (change.format === "money" && typeof value === "number") return formatCents(value);
  return typeof value === "object" ? JSON.stringify(value) : String(value);
}
