import Papa from "papaparse";
/** A standard address (document 3 section 5), as the forms check it. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Lease rules shared by the console (the import preview) and the server (reference sections 3.4 and 4.12). */
export const LEASE_STATUSES = ["pending", "current", "expired"] as const;
export type LeaseStatus = (typeof LEASE_STATUSES)[number];
export const LEASE_TYPES = [
  { id: 1, title: "Residential" },
  { id: 2, title: "Commercial" },
] as const;

/** A lease's status from its dates (recomputed on every change and every night): before its start pending, after its end expired. */
export function leaseStatus(startDate: string, endDate: string | null | undefined, today: string): LeaseStatus {
  if (startDate > today) return "pending";
  if (endDate && endDate < today) return "expired";
  return "current";
}

/** The import's columns (reference section 4.12), by name in the header row; tenant_two_* is optional. */
export const LEASE_IMPORT_COLUMNS = [
  "start_date",
  "end_date",
  "status",
  "lease_type",
  "unit",
  "tenant_one_email",
  "tenant_one_first_name",
  "tenant_one_last_name",
  "tenant_one_birthday",
] as const;
export const LEASE_IMPORT_OPTIONAL = ["tenant_two_email", "tenant_two_first_name", "tenant_two_last_name", "tenant_two_birthday"] as const;
export const LEASE_IMPORT_MAX_ROWS = 5000;

export interface ImportTenant {
  email: string;
  first_name: string;
  last_name: string;
  birth_date: string;
}

export interface ImportLease {
  row: number;
  start_date: string;
  end_date: string;
  lease_type_id: number;
  unit: string;
  tenants: ImportTenant[];
}

export interface ImportError {
  row: number;
  message: string;
}

/** MM/DD/YYYY → yyyy-MM-dd when it is a real calendar day, else null. */
export function usDate(value: string): string | null {
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value.trim());
  if (!match) return null;
  const [month, day, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${match[3]}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** Whole years between a birthday and a day (both yyyy-MM-dd). */
export function ageOn(birthDate: string, day: string): number {
  const [by, bm, bd] = birthDate.split("-").map(Number);
  const [y, m, d] = day.split("-").map(Number);
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

/**
 * Reads a lease file (CSV with a header row): every row checked — dates MM/DD/YYYY with the end after the start, a
 * known lease type, a unit, a first tenant with a valid email, names and a birthday making them over 18 today, and a
 * second tenant checked the same when given. Rows are numbered as a spreadsheet shows them (the header is row 1).
 * The unit's existence is the server's check.
 */
export function parseLeaseFile(text: string, today: string): { leases: ImportLease[]; errors: ImportError[] } {
  const parsed = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ""), { header: true, skipEmptyLines: "greedy", transformHeader: (h) => h.trim().toLowerCase() });
  const errors: ImportError[] = [];
  const header = parsed.meta.fields ?? [];
  const missing = LEASE_IMPORT_COLUMNS.filter((c) => !header.includes(c));
  if (missing.length) return { leases: [], errors: [{ row: 1, message: `Missing columns: ${missing.join(", ")}` }] };
  if (parsed.data.length === 0) return { leases: [], errors: [{ row: 2, message: "The file has no leases" }] };
  if (parsed.data.length > LEASE_IMPORT_MAX_ROWS) return { leases: [], errors: [{ row: LEASE_IMPORT_MAX_ROWS + 2, message: `At most ${LEASE_IMPORT_MAX_ROWS} leases per file` }] };
  const leases: ImportLease[] = [];
  parsed.data.forEach((raw, index) => {
    const row = index + 2;
    const v = (key: string) => String(raw[key] ?? "").trim();
    const problems: string[] = [];
    const start = usDate(v("start_date"));
    const end = usDate(v("end_date"));
    if (!start) problems.push("start_date must be a date MM/DD/YYYY");
    if (!end) problems.push("end_date must be a date MM/DD/YYYY");
    if (start && end && end <= start) problems.push("End date must be later than Start date");
    if (v("status") && !(LEASE_STATUSES as readonly string[]).includes(v("status").toLowerCase())) problems.push(`status must be one of ${LEASE_STATUSES.join(", ")}`);
    const type = LEASE_TYPES.find((t) => t.title.toLowerCase() === (v("lease_type") || "residential").toLowerCase());
    if (!type) problems.push("lease_type must be Residential or Commercial");
    if (!v("unit")) problems.push("unit is required");
    const tenants: ImportTenant[] = [];
    for (const which of ["one", "two"] as const) {
      const email = v(`tenant_${which}_email`);
      const given = [email, v(`tenant_${which}_first_name`), v(`tenant_${which}_last_name`), v(`tenant_${which}_birthday`)].some(Boolean);
      if (which === "two" && !given) continue;
      const birth = usDate(v(`tenant_${which}_birthday`));
      if (!EMAIL_PATTERN.test(email)) problems.push(`tenant_${which}_email must be a valid email address`);
      if (!v(`tenant_${which}_first_name`)) problems.push(`tenant_${which}_first_name is required`);
      if (!v(`tenant_${which}_last_name`)) problems.push(`tenant_${which}_last_name is required`);
      if (!birth) problems.push(`tenant_${which}_birthday must be a date MM/DD/YYYY`);
      else if (ageOn(birth, today) < 18) problems.push(`tenant_${which} must be over 18`);
      if (birth) tenants.push({ email: email.toLowerCase(), first_name: v(`tenant_${which}_first_name`), last_name: v(`tenant_${which}_last_name`), birth_date: birth });
    }
    if (tenants.length === 2 && tenants[0].email === tenants[1].email) problems.push("the two tenants have the same email");
    if (problems.length) errors.push({ row, message: problems.join("; ") });
    else leases.push({ row, start_date: start!, end_date: end!, lease_type_id: type!.id, unit: v("unit"), tenants });
  });
  return { leases, errors };
}
