/**
 * Rent-guarantee mass import (document 2 sections 2, 4, 5 and 9; reference section 4.7): the rules the console and
 * the server share. A policy application group is one uploaded sheet; each row becomes one application, priced by
 * a background job, and the group's policies are created when the group is accepted and its first invoice charged.
 */
/**
 * in_progress → awaiting_acceptance | error → (accept: first invoice charged) accepting → accepted. The policies are
 * created in the background while `accepting`; a failure there leaves `accept_failed`, and accepting again (nothing
 * is charged twice) goes on with the rows that have no policy yet.
 */
export const GROUP_STATUSES = ["in_progress", "awaiting_acceptance", "error", "accepting", "accept_failed", "accepted"] as const;
export type GroupStatus = (typeof GROUP_STATUSES)[number];

/** Import file: xlsx only, at most 100 MB (document 2 section 9). */
export const IMPORT_MAX_BYTES = 104_857_600;
/** The view polls a group in progress every 2000 ms (document 2 section 9). */
export const GROUP_POLL_MS = 2000;
/** Page size of the groups list, and its options (document 2 section 9). */
export const GROUP_PAGE_SIZE = 20;
export const GROUP_PAGE_OPTIONS = [10, 20, 50, 250, 500];

/** The texts of the spec the server answers with (verbatim, readings Part C). */
export const EFFECTIVE_DATE_PAST = "The effective date should be greater or equals today";
export const WRONG_FILE = "Need the correct xlsx spreadsheet";
export const BAD_FILE = "Bad file";
export const NO_VALID_ROWS = "No valid rows";
export const WRONG_STATE = "The policy application is in the wrong state";
export const NO_PAYMENT_SOURCE = "Account doesn't have attached payment sources";
export const acceptedMessage = (id: number) => `Rental Guarantee Group #${id}, has been accepted.`;

/** The errors a row's job records (reference section 4.7), shown with the applicant's email in the group's view. */
export const GROUP_ERROR_KINDS = [
  "policy_application_was_not_created",
  "policy_application_was_not_quoted",
  "unknown_error",
  "premium_and_invoices_was_not_generated",
  // The background creation of an accepted group's policies stopped (ours; the group is then accept_failed).
  "policies_were_not_created",
] as const;
export type GroupErrorKind = (typeof GROUP_ERROR_KINDS)[number];

export type ColumnType = "text" | "email" | "date" | "number" | "phone" | "flag";

export interface SheetColumn {
  /** The header cell, as the sample sheet writes it (matched ignoring case and surrounding spaces). */
  header: string;
  key: string;
  type: ColumnType;
  required: boolean;
}

const col = (header: string, key: string, type: ColumnType = "text", required = true): SheetColumn => ({ header, key, type, required });

/**
 * The sheet's columns (reference section 4.7): the applicant, employment and income, employer, the rented address
 * (`Address-State` a valid code), the monthly rent in dollars, the 3/6/12-month guarantee option, the landlord, the
 * terms flag and an optional co-tenant. A column marked required must be present in the header row.
 */
export const SHEET_COLUMNS: SheetColumn[] = [
  col("Applicant-First Name", "first_name"),
  col("Applicant-Last Name", "last_name"),
  col("Applicant-Email", "email", "email"),
  col("Applicant-Phone", "phone", "phone"),
  col("Applicant-Birth Date", "birth_date", "date"),
  col("Applicant-Gender", "gender"),
  col("Applicant-Salutation", "salutation"),
  col("Employment-Type", "employment_type"),
  col("Employment-Description", "employment_description"),
  col("Employment-Monthly Income ($)-Dollars", "monthly_income", "number"),
  col("Employer-Name", "employer_name"),
  col("Employer-Phone", "employer_phone", "phone"),
  col("Employer-Address", "employer_address"),
  col("Address-Street", "street"),
  col("Address-Unit", "unit", "text", false),
  col("Address-City", "city"),
  col("Address-State", "state"),
  col("Address-Zip", "zip"),
  col("Monthly Rent ($)-Dollars", "monthly_rent", "number"),
  col("Guarantee Option (Months)", "guarantee_option", "number"),
  col("Landlord-Company", "landlord_company", "text", false),
  col("Landlord-Contact Name", "landlord_contact_name"),
  col("Landlord-Phone", "landlord_phone", "phone"),
  col("Landlord-Email", "landlord_email", "email"),
  col("Terms Accepted", "terms", "flag"),
  col("Co-Tenant-First Name", "co_first_name", "text", false),
  col("Co-Tenant-Last Name", "co_last_name", "text", false),
  col("Co-Tenant-Email", "co_email", "email", false),
  col("Co-Tenant-Birth Date", "co_birth_date", "date", false),
  col("Co-Tenant-Phone", "co_phone", "phone", false),
  col("Co-Tenant-Employer", "co_employer", "text", false),
];

export const GUARANTEE_OPTIONS = [3, 6, 12] as const;
/** The option as the application stores it ("3 Month", reference section 4.7). */
export const guaranteeOptionLabel = (months: number) => `${months} Month`;
export const GENDERS = ["male", "female", "other"] as const;
export const SALUTATIONS = ["mr", "mrs", "miss", "dr"] as const;
export const EMPLOYMENT_TYPES = ["Employed", "Self Employed"] as const;

/**
 * Premium of one application, in cents (ours; the reference prices through the carrier): 3.5 % of the rent for each
 * month guaranteed, at least $25. A rent above $20,000 a month is not guaranteed (the row's job records
 * `policy_application_was_not_quoted`).
 */
export const MAX_GUARANTEED_RENT_CENTS = 2_000_000;
export const MIN_PREMIUM_CENTS = 2500;
export function applicationPremium(monthlyRentCents: number, months: number): number {
  return Math.max(MIN_PREMIUM_CENTS, Math.round(monthlyRentCents * months * 0.035));
}
/** The group's fee, once per application, on the first invoice (ours). */
export const APPLICATION_FEE_CENTS = 500;
/** The premium is paid in this many quarterly instalments, the first due on the effective date (ours). */
export const INSTALMENTS = 4;

/** yyyy-MM-dd one year later; 29 February gives 28 February (readings C-46). */
export function oneYearLater(day: string): string {
  const [y, m, d] = day.split("-").map(Number);
  const last = new Date(Date.UTC(y + 1, m, 0)).getUTCDate();
  return `${y + 1}-${String(m).padStart(2, "0")}-${String(Math.min(d, last)).padStart(2, "0")}`;
}

/** yyyy-MM-dd `months` months later, the day clamped to the month's last. */
export function monthsLater(day: string, months: number): string {
  const [y, m, d] = day.split("-").map(Number);
  const total = y * 12 + (m - 1) + months;
  const year = Math.floor(total / 12);
  const month = (total % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${year}-${String(month).padStart(2, "0")}-${String(Math.min(d, last)).padStart(2, "0")}`;
}

/** Age in whole years on `today` (both yyyy-MM-dd); exactly 18 today counts as 18 (readings C-46). */
export function ageOn(birth: string, today: string): number {
  const [by, bm, bd] = birth.split("-").map(Number);
  const [ty, tm, td] = today.split("-").map(Number);
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}
