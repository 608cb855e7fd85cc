/** Display rules of document 1 section 1: booleans as Yes/No, underscores in enum names as spaces. */
export function yesNo(value: unknown): "Yes" | "No" {
  return value ? "Yes" : "No";
}

/** "bound_with_warning" → "bound with warning". */
export function underscoresToSpaces(value: string | null | undefined): string {
  return (value ?? "").replace(/_/g, " ");
}

/** "BOUND_WITH_WARNING" → "Bound with warning" (readings C-08: sentence case). */
export function humanizeEnum(value: string | null | undefined): string {
  const text = underscoresToSpaces(value).toLowerCase().trim();
  return text ? text[0].toUpperCase() + text.slice(1) : "";
}
