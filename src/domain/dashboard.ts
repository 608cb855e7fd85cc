import { bucketKeys, daysBefore, reportToday } from "./leads";
import { ACTIVE_POLICY_STATUSES, POLICY_TYPES } from "./policies";

/**
 * The policies dashboard (document 2 "Policies dashboard (total)" and section 9; reference 4.8; readings C-43),
 * shared by the API and the console. Money is cents.
 */

/** The platform agency: commissions it receives are GetCovered's, not an agency's (reference 4.8). */
export const PLATFORM_AGENCY_ID = 1;

/** A policy counts as bound while its current status is one of these (reference 4.8 "current statuses"). */
export const DASHBOARD_BOUND_STATUSES = ACTIVE_POLICY_STATUSES;

/** Product "All" (document 2 section 9: the product All, id 0), then every non-master policy type. */
export const DASHBOARD_ALL_PRODUCTS = 0;
export const DASHBOARD_PRODUCTS = POLICY_TYPES.filter((t) => !t.master && !t.master_coverage).map(({ id, title }) => ({ id, title }));

/** Time Period options (document 2 section 9), rolling windows ending today in Los Angeles (readings C-43). */
export const DASHBOARD_PERIODS = { last_7_days: 7, last_month: 30, last_year: 365 } as const;
export type DashboardPeriod = keyof typeof DASHBOARD_PERIODS;
export const DASHBOARD_DEFAULT_PERIOD: DashboardPeriod = "last_7_days";

/** The end-date input waits this long before asking again (document 2 section 9). */
export const DASHBOARD_END_DATE_DEBOUNCE_MS = 250;

/** The window of a period: `days` Los Angeles days, today included. */
export function periodWindow(period: DashboardPeriod, now: Date = new Date()): { start: string; end: string } {
  const end = reportToday(now);
  return { start: daysBefore(end, DASHBOARD_PERIODS[period] - 1), end };
}

/** The total tiles' values (document 2 section 3, "Dashboard totals"). */
export interface DashboardTotals {
  all_policies_count: number;
  bound: number;
  cancelled: number;
  average_premium_paid: number;
  total_commission: number;
  total_premium_paid: number;
  agencies_commissions: number;
  carriers_commissions: number;
  /** Super admins only. */
  get_covered_commissions?: number;
  /** When these numbers were computed (ISO 8601): the server keeps them a short while (DASHBOARD_CACHE_SECONDS). */
  computed_at?: string;
}

/** One chart point (document 2 section 3, "Dashboard data"). */
export interface DashboardPoint {
  current_added_policies: number;
  total_new_policies: number;
  premium_collected: number;
  agencies_commissions: number;
  carriers_commissions: number;
  /** Super admins only. */
  get_covered_commissions?: number;
}

export interface DashboardGraphs {
  bucket: "day" | "month";
  total: DashboardPoint;
  graphs: Record<string, DashboardPoint>;
  computed_at?: string;
}

const toDate = (iso: string) => new Date(`${iso}T00:00:00Z`);
const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const addMonths = (iso: string, months: number) => {
  const d = toDate(iso);
  return isoDay(new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, d.getUTCDate())));
};

/**
 * Reference 4.8: daily points when the range is shorter than 31 days, or exactly a week or a month, else monthly.
 * A range is counted from its first to its last day (2026-03-01..2026-03-31 is 30 days; ..04-01 is exactly a month).
 */
export function dashboardBucket(start: string, end: string): "day" | "month" {
  const days = (toDate(end).getTime() - toDate(start).getTime()) / 86_400_000;
  return days < 31 || end === addMonths(start, 1) ? "day" : "month";
}

/** Every point's key (yyyy-MM-dd; a month by its first day), so empty days and months draw as zero. */
export const dashboardBucketKeys = (start: string, end: string): string[] => bucketKeys(start, end, dashboardBucket(start, end));

/** Net Premium to Carrier: premium paid less the commissions paid out (readings C-43). */
export const netPremiumToCarrier = (totals: Pick<DashboardTotals, "total_premium_paid" | "total_commission">) => totals.total_premium_paid - totals.total_commission;

/** Chart values are shown in dollars for money and as they are for counts (readings C-43: the offset is /100). */
export const DASHBOARD_MONEY_SERIES = new Set(["premium_collected", "agencies_commissions", "carriers_commissions", "get_covered_commissions"]);
