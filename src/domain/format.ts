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

/** A date-only value (`yyyy-MM-dd`) or a timestamp as a long date: "January 5, 2027" (document 2 section 2). */
export function formatLongDate(value: string | null | undefined): string {
  if (!value) return "";
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(value);
  // A date-only value is a calendar day: read it as local midnight so no time zone moves it a day.
  const date = dateOnly ? new Date(`${value}T00:00:00`) : new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return LONG_DATE.format(date);
}

// Intl formatters are costly to make (about 0.1 ms each) and cheap to reuse: a million-row export formats three
// dates a row. Each gives exactly what the toLocale*String call with the same options would.
const LONG_DATE = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric" });
const dateTimes = new Map<string, Intl.DateTimeFormat>();

/** `date.toLocaleString("en-US", { timeZone })`, with the formatter kept per time zone (the runtime's when absent). */
export function formatDateTime(date: Date, timeZone?: string): string {
  const key = timeZone ?? "";
  let format = dateTimes.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "numeric", day: "numeric", hour: "numeric", minute: "2-digit", second: "2-digit", ...(timeZone ? { timeZone } : {}) });
    dateTimes.set(key, format);
  }
  return format.format(date);
}

/** Reports and the times people read in messages are in this zone (DESIGN.md section 3). */
export const REPORT_TIME_ZONE = "America/Los_Angeles";

/** A moment as people say it: "2:15 PM PST on November 3, 2026" (in REPORT_TIME_ZONE). */
export function formatMoment(value: string | Date): string {
  const date = typeof value === "string" ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return String(value);
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", {
      timeZone: REPORT_TIME_ZONE,
      year: "numeric",
      month: "long",
      day: "numeric",
      hour: "numeric",
      minute: "2-digit",
      timeZoneName: "short",
    })
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.hour}:${parts.minute} ${parts.dayPeriod} ${parts.timeZoneName} on ${parts.month} ${parts.day}, ${parts.year}`;
}
