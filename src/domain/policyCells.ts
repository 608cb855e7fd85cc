import { policyBrowseMessages } from "../i18n/messages/policyBrowse";
import { formatDateTime, formatLongDate, humanizeEnum, yesNo } from "./format";

/**
 * What the policies grid shows in its text columns (document 2 section 2), so the grid and its CSV export
 * (server/jobs/export-policies.ts) say the same: statuses by their label ("Bound with warning"), dates as long dates,
 * the billing strategy humanised, booleans as Yes/No. `label` translates a status in the console's locale; the CSV,
 * written on the server, uses the English catalogue.
 */
export const policyCells = {
  status: (status: string, label: (status: string) => string = englishStatus) => label(status),
  date: (value: string | null | undefined) => formatLongDate(value),
  billingStrategy: (value: string | null | undefined) => humanizeEnum(value),
  /** In the browser's time zone in the grid; the CSV has none, so it uses the reports' (DESIGN.md section 3). */
  updatedAt: (value: string, timeZone?: string) => formatDateTime(new Date(value), timeZone),
  inSystem: (value: boolean) => yesNo(value),
};

function englishStatus(status: string): string {
  return (policyBrowseMessages.statuses as Record<string, string>)[status] ?? humanizeEnum(status);
}
