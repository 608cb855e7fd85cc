import Papa from "papaparse";
import type { IntegrationProvider } from "../../db/schema";
import { isCalendarDate, isSafeText } from "../../lib/input";

/**
 * The providers' policy exports (docs/legacy-import.md): the renters insurance policies a property-management system
 * knows, one a row, with the unit and resident each covers. Columns are found by their header (any order, case and
 * surrounding spaces ignored); the ones a provider names differently are mapped to one row shape here.
 */
export interface LegacyPolicyRow {
  /** The row as a spreadsheet numbers it (the header is row 1). */
  row: number;
  number: string;
  carrier: string;
  effective_date: string;
  expiration_date: string;
  status: "active" | "cancelled";
  cancellation_date: string | null;
  property_code: string;
  unit_code: string;
  unit_title: string;
  resident_code: string;
  email: string;
  first_name: string;
  last_name: string;
  /** Liability limit in cents. */
  liability: number | null;
}

type Field = Exclude<keyof LegacyPolicyRow, "row">;

interface ProviderFormat {
  /** Our field → the provider's header (lower-case). */
  columns: Record<Field, string>;
  required: Field[];
  /** How the provider writes dates. */
  date: "MM/DD/YYYY" | "YYYY-MM-DD";
}

export const LEGACY_FORMATS: Record<IntegrationProvider, ProviderFormat> = {
  // Yardi Voyager, "Renters Insurance Policies" export (Resident Screening > Insurance > Export to CSV).
  yardi: {
    columns: {
      number: "policy number",
      carrier: "carrier",
      effective_date: "effective date",
      expiration_date: "expiration date",
      status: "status",
      cancellation_date: "cancel date",
      property_code: "property code",
      unit_code: "unit code",
      unit_title: "unit",
      resident_code: "resident code",
      email: "resident email",
      first_name: "first name",
      last_name: "last name",
      liability: "liability limit",
    },
    required: ["number", "carrier", "effective_date", "expiration_date", "property_code"],
    date: "MM/DD/YYYY",
  },
  // Entrata, Reports > Residents > "Renters Insurance Policies" exported as CSV.
  entrata: {
    columns: {
      number: "policy_number",
      carrier: "carrier_name",
      effective_date: "start_date",
      expiration_date: "end_date",
      status: "policy_status",
      cancellation_date: "cancelled_on",
      property_code: "property_id",
      unit_code: "unit_id",
      unit_title: "unit_number",
      resident_code: "customer_id",
      email: "email",
      first_name: "first_name",
      last_name: "last_name",
      liability: "liability_amount",
    },
    required: ["number", "carrier", "effective_date", "expiration_date", "property_code"],
    date: "YYYY-MM-DD",
  },
};

export const MAX_LEGACY_ROWS = 50_000;
const CELL_MAX = 255;

export interface ParsedLegacyFile {
  rows: LegacyPolicyRow[];
  errors: Array<{ row: number; number: string; message: string }>;
  /** Set when the file as a whole cannot be read (wrong provider's export, no rows). */
  fileError?: string;
}

function toIsoDate(value: string, format: ProviderFormat["date"]): string | null {
  let iso = value;
  if (format === "MM/DD/YYYY") {
    const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value);
    if (!m) return null;
    iso = `${m[3]}-${m[1].padStart(2, "0")}-${m[2].padStart(2, "0")}`;
  }
  return /^\d{4}-\d{2}-\d{2}$/.test(iso) && isCalendarDate(iso) ? iso : null;
}

/** "$100,000.00" → 10000000 cents. */
function toCents(value: string): number | null | undefined {
  if (!value) return null;
  const clean = value.replace(/[$,\s]/g, "");
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(clean)) return undefined;
  return Math.round(Number(clean) * 100);
}

const POLICY_NUMBER = /^[A-Za-z0-9_-]{1,100}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Reads a provider's export: the rows to import and, per row, what is wrong with the ones that cannot be. */
export function parseLegacyFile(text: string, provider: IntegrationProvider): ParsedLegacyFile {
  const format = LEGACY_FORMATS[provider];
  const parsed = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ""), { header: true, skipEmptyLines: "greedy", transformHeader: (h) => h.trim().toLowerCase() });
  const headers = new Set(parsed.meta.fields ?? []);
  const missing = format.required.map((f) => format.columns[f]).filter((h) => !headers.has(h));
  if (missing.length) {
    return { rows: [], errors: [], fileError: `This is not a ${provider === "yardi" ? "Yardi" : "Entrata"} policy export: the columns ${missing.join(", ")} are missing` };
  }
  if (!parsed.data.length) return { rows: [], errors: [], fileError: "The file has no policies" };
  if (parsed.data.length > MAX_LEGACY_ROWS) return { rows: [], errors: [], fileError: `At most ${MAX_LEGACY_ROWS} policies per file` };
  const rows: LegacyPolicyRow[] = [];
  const errors: ParsedLegacyFile["errors"] = [];
  parsed.data.forEach((raw, i) => {
    const row = i + 2;
    const cell = (f: Field) => String(raw[format.columns[f]] ?? "").trim();
    const problems: string[] = [];
    const number = cell("number");
    for (const f of Object.keys(format.columns) as Field[]) {
      const v = cell(f);
      if (v.length > CELL_MAX || !isSafeText(v)) problems.push(`${format.columns[f]} is too long or has characters that are not allowed`);
    }
    if (!POLICY_NUMBER.test(number)) problems.push("policy number is required (letters, digits, - and _ only)");
    if (!cell("carrier")) problems.push("carrier is required");
    const effective = toIsoDate(cell("effective_date"), format.date);
    const expiration = toIsoDate(cell("expiration_date"), format.date);
    if (!effective) problems.push(`effective date must be a date as ${format.date}`);
    if (!expiration) problems.push(`expiration date must be a date as ${format.date}`);
    if (effective && expiration && expiration < effective) problems.push("expiration date is before the effective date");
    const statusText = cell("status").toLowerCase();
    const status = statusText === "" || statusText === "active" || statusText === "current" ? "active" : statusText === "cancelled" || statusText === "canceled" ? "cancelled" : null;
    if (!status) problems.push("status must be Active or Cancelled");
    const cancelText = cell("cancellation_date");
    const cancellation = cancelText ? toIsoDate(cancelText, format.date) : null;
    if (cancelText && !cancellation) problems.push(`cancel date must be a date as ${format.date}`);
    if (status === "cancelled" && !cancellation && !cancelText) problems.push("a cancelled policy needs its cancel date");
    if (!cell("property_code")) problems.push("property code is required");
    if (!cell("unit_code") && !cell("unit_title")) problems.push("the unit code or the unit is required");
    const email = cell("email").toLowerCase();
    if (!cell("resident_code") && !email) problems.push("the resident code or the resident email is required");
    if (email && !EMAIL.test(email)) problems.push("resident email is not a valid email");
    const liability = toCents(cell("liability"));
    if (liability === undefined) problems.push("liability limit must be an amount in dollars");
    if (problems.length) {
      errors.push({ row, number, message: problems.join("; ") });
      return;
    }
    rows.push({
      row,
      number,
      carrier: cell("carrier"),
      effective_date: effective!,
      expiration_date: expiration!,
      status: status!,
      cancellation_date: status === "cancelled" ? cancellation : null,
      property_code: cell("property_code"),
      unit_code: cell("unit_code"),
      unit_title: cell("unit_title"),
      resident_code: cell("resident_code"),
      email,
      first_name: cell("first_name"),
      last_name: cell("last_name"),
      liability: liability ?? null,
    });
  });
  return { rows, errors };
}
