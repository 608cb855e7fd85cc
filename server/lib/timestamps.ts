/**
 * A timestamp as the API answers it (DESIGN.md section 3: ISO 8601 in UTC, milliseconds), from what the drivers hand
 * over: PostgreSQL's own text for timestamptz (drizzle keeps it as text) or a Date.
 *
 * PostgreSQL's text in UTC ("2026-06-15 10:00:00.123456+00", the server's TimeZone is UTC) is rewritten directly: V8
 * reads that form with its slow legacy date parser, twice per row of every list page. Any other form (another
 * offset, no fraction digits beyond the second, a year past 9999) goes through Date, whose answer it always equals:
 * the fraction cut, not rounded, to milliseconds.
 */
const POSTGRES_UTC = /^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d)(?:\.(\d{1,6}))?\+00$/;

export function isoTimestamp(value: string | Date): string {
  if (typeof value === "string") {
    const m = POSTGRES_UTC.exec(value);
    if (m) return `${m[1]}T${m[2]}.${(m[3] ?? "").padEnd(3, "0").slice(0, 3)}Z`;
  }
  return (value instanceof Date ? value : new Date(value)).toISOString();
}
