import { REPORT_TIME_ZONE } from "./constants";

/**
 * The lead funnel (reference sections 3.6 and 4.9), shared by the lead-event call, the statistics and the console.
 * A visitor lands on the landing page, walks through the quote and reaches payment; a lead that bought is converted.
 */
export const LEAD_TAGS = { landing: "landing", payment: "checkout", purchase: "purchase" } as const;

/** The statistics of reference 4.9, in the order the dashboard shows them. */
export const LEAD_STATS = ["leads", "site_visits", "applications", "not_finished_applications", "customers", "conversions", "visitors"] as const;
export type LeadStat = (typeof LEAD_STATS)[number];

/** Default window of the dashboard: the last 7 days, today included (reference 4.9). */
export const LEAD_STATS_DEFAULT_DAYS = 7;

/** Lead grid: 20 per page, options 10, 20, 50, 250, 500 (document 3 section 9). */
export const LEADS_PER_PAGE = 20;
export const LEADS_PAGE_OPTIONS = [10, 20, 50, 250, 500];

/** Today's date (yyyy-MM-dd) in the report time zone: stats windows are Los Angeles days (DESIGN.md section 3). */
export function reportToday(now: Date = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: REPORT_TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
}

/** `days` days before a date (yyyy-MM-dd). */
export function daysBefore(day: string, days: number): string {
  return isoDay(new Date(toDate(day).getTime() - days * 86_400_000));
}

/** The default window: the last 7 days, today included. */
export function defaultStatsWindow(now: Date = new Date()): { start: string; end: string } {
  const end = reportToday(now);
  return { start: daysBefore(end, LEAD_STATS_DEFAULT_DAYS - 1), end };
}

const toDate = (iso: string) => new Date(`${iso}T00:00:00Z`);
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** Monthly buckets when the window spans two months or more (reference 4.9), else daily. */
export function statsBucket(start: string, end: string): "day" | "month" {
  const s = toDate(start);
  const twoMonthsLater = new Date(Date.UTC(s.getUTCFullYear(), s.getUTCMonth() + 2, s.getUTCDate()));
  return toDate(end) >= twoMonthsLater ? "month" : "day";
}

/** Every bucket key of a window (`yyyy-MM-dd`; a month is keyed by its first day), so empty days show as zero. */
export const statsBucketKeys = (start: string, end: string): string[] => bucketKeys(start, end, statsBucket(start, end));

/** The keys of a window cut into days or months (a month keyed by its first day): the charts' points, empty ones too. */
export function bucketKeys(start: string, end: string, bucket: "day" | "month"): string[] {
  const keys: string[] = [];
  const last = toDate(end);
  let d = toDate(start);
  if (bucket === "month") d = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1));
  while (d <= last) {
    keys.push(isoDay(d));
    d = bucket === "month" ? new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1)) : new Date(d.getTime() + 86_400_000);
  }
  return keys;
}

/** Conversions: the share of visitors who became customers, in percent with one decimal. */
export const conversionRate = (customers: number, visitors: number) => (visitors === 0 ? 0 : Math.round((customers / visitors) * 1000) / 10);
