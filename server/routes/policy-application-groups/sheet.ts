import type { Readable } from "node:stream";
import ExcelJS from "exceljs";
import { US_STATES_AND_TERRITORIES } from "../../../src/domain/usStates";
import {
  BAD_FILE,
  EMPLOYMENT_TYPES,
  GENDERS,
  GUARANTEE_OPTIONS,
  NO_VALID_ROWS,
  SALUTATIONS,
  SHEET_COLUMNS,
  WRONG_FILE,
  ageOn,
  guaranteeOptionLabel,
  type SheetColumn,
} from "../../../src/domain/rentGuarantee";
import { AppError } from "../../lib/errors";
import { isSafeText } from "../../lib/input";

/** One checked row of the sheet, as the application stores it (money in cents). */
export interface ApplicationFields {
  row: number;
  applicant: { first_name: string; last_name: string; email: string; phone: string; birth_date: string; gender: string; salutation: string };
  employment: { employment_type: string; job_description: string; monthly_income: number; company_name: string; company_phone_number: string; address: string };
  address: { street_name: string; street_two: string | null; city: string; state: string; zip_code: string; country: "US" };
  monthly_rent: number;
  guarantee_option: string;
  guarantee_months: number;
  landlord: { company: string | null; contact_name: string; phone_number: string; email: string };
  terms_accepted: true;
  co_tenant: { first_name: string; last_name: string; email: string; birth_date: string | null; phone: string | null; employer: string | null } | null;
}

/** One problem of the file, as the console lists it (reference 4.7: `{message, column: <applicant email>}`). */
export interface SheetProblem {
  message: string;
  column: string | null;
}

/** 422 for a file that is no xlsx, lacks columns, has bad rows or none (reference section 4.7). */
export class SheetError extends AppError {
  constructor(error: string, content?: SheetProblem[]) {
    super(422, { error, message: error, ...(content ? { content } : {}) });
  }
}

/** At most this many row problems are listed; the rest are counted in a last line. */
const MAX_PROBLEMS = 200;
const CELL_MAX = 255;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const US_DAY = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

/** A cell as text: rich text, hyperlinks (an email cell), formulas' results and dates read as what they show. */
function cellValue(raw: unknown): string | number | boolean | Date | null {
  if (raw === null || raw === undefined) return null;
  if (raw instanceof Date || typeof raw === "number" || typeof raw === "boolean") return raw;
  if (typeof raw === "string") return raw.trim() === "" ? null : raw.trim();
  if (typeof raw === "object") {
    const o = raw as { richText?: Array<{ text: string }>; text?: unknown; result?: unknown; hyperlink?: string; error?: unknown };
    if (Array.isArray(o.richText)) return cellValue(o.richText.map((r) => r.text).join(""));
    if ("result" in o) return cellValue(o.result);
    if ("text" in o) return cellValue(o.text);
    if ("error" in o) return null;
  }
  return String(raw);
}

const validDay = (y: number, m: number, d: number) => {
  const date = new Date(Date.UTC(y, m - 1, d));
  return y >= 1900 && y <= 2100 && date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
};

function asDay(value: string | number | boolean | Date): string | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString().slice(0, 10);
  if (typeof value !== "string") return null;
  const iso = ISO_DAY.exec(value);
  if (iso && validDay(+iso[1], +iso[2], +iso[3])) return value;
  const us = US_DAY.exec(value);
  if (us && validDay(+us[3], +us[1], +us[2])) return `${us[3]}-${us[1].padStart(2, "0")}-${us[2].padStart(2, "0")}`;
  return null;
}

function asNumber(value: string | number | boolean | Date): number | null {
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value !== "string") return null;
  const cleaned = value.replace(/[$,\s]/g, "");
  return /^\d+(\.\d+)?$/.test(cleaned) ? Number(cleaned) : null;
}

function asPhone(value: string | number | boolean | Date): string | null {
  if (value instanceof Date || typeof value === "boolean") return null;
  const digits = String(value).replace(/\D/g, "");
  const ten = digits.length === 11 && digits.startsWith("1") ? digits.slice(1) : digits;
  return ten.length === 10 ? `(${ten.slice(0, 3)}) ${ten.slice(3, 6)}-${ten.slice(6)}` : null;
}

function asFlag(value: string | number | boolean | Date): boolean | null {
  if (typeof value === "boolean") return value;
  if (typeof value === "number") return value === 1 ? true : value === 0 ? false : null;
  if (typeof value !== "string") return null;
  const v = value.toLowerCase();
  if (["yes", "y", "true", "1", "x"].includes(v)) return true;
  if (["no", "n", "false", "0"].includes(v)) return false;
  return null;
}

type Parsed = Record<string, string | number | boolean | null>;

/** One cell checked against its column's type; the reason when it does not fit. */
function parseCell(column: SheetColumn, value: string | number | boolean | Date): { value?: string | number | boolean; problem?: string } {
  switch (column.type) {
    case "date": {
      const day = asDay(value);
      return day ? { value: day } : { problem: `${column.header} must be a date (yyyy-mm-dd)` };
    }
    case "number": {
      const n = asNumber(value);
      return n === null ? { problem: `${column.header} must be a number` } : { value: n };
    }
    case "phone": {
      const phone = asPhone(value);
      return phone ? { value: phone } : { problem: `${column.header} must be a 10-digit phone number` };
    }
    case "flag": {
      const flag = asFlag(value);
      return flag === null ? { problem: `${column.header} must be Yes or No` } : { value: flag };
    }
    case "email": {
      const text = value instanceof Date ? "" : String(value).trim().toLowerCase();
      return EMAIL.test(text) && text.length <= 254 ? { value: text } : { problem: `${column.header} must be a valid email` };
    }
    default: {
      if (value instanceof Date) return { value: value.toISOString().slice(0, 10) };
      const text = String(value).trim();
      if (text.length > CELL_MAX) return { problem: `${column.header} is longer than ${CELL_MAX} characters` };
      if (!isSafeText(text)) return { problem: `${column.header} has characters that are not allowed` };
      return { value: text };
    }
  }
}

const lower = (s: unknown) => String(s ?? "").toLowerCase();

/** A row's cells checked as one application; its problems otherwise. `today` is yyyy-MM-dd. */
export function checkRow(row: number, cells: Parsed, today: string): { fields?: ApplicationFields; problems: string[] } {
  const problems: string[] = [];
  const need = (key: string) => {
    const column = SHEET_COLUMNS.find((c) => c.key === key)!;
    if (cells[key] === null || cells[key] === undefined || cells[key] === "") problems.push(`${column.header} is required`);
  };
  for (const column of SHEET_COLUMNS) if (column.required) need(column.key);
  const birth = cells.birth_date as string | null;
  if (birth && ageOn(birth, today) < 18) problems.push("The applicant must be at least 18 years old");
  if (cells.gender && !(GENDERS as readonly string[]).includes(lower(cells.gender))) problems.push(`Applicant-Gender must be one of ${GENDERS.join(", ")}`);
  if (cells.salutation && !(SALUTATIONS as readonly string[]).includes(lower(cells.salutation).replace(/\.$/, ""))) problems.push(`Applicant-Salutation must be one of ${SALUTATIONS.join(", ")}`);
  const employment = EMPLOYMENT_TYPES.find((t) => t.toLowerCase() === lower(cells.employment_type));
  if (cells.employment_type && !employment) problems.push(`Employment-Type must be ${EMPLOYMENT_TYPES.join(" or ")}`);
  const state = String(cells.state ?? "").toUpperCase();
  if (cells.state && !(US_STATES_AND_TERRITORIES as readonly string[]).includes(state)) problems.push("Address-State must be a valid state code");
  if (cells.zip && !/^\d{5}$/.test(String(cells.zip).padStart(5, "0"))) problems.push("Address-Zip must have 5 digits");
  const rent = cells.monthly_rent as number | null;
  if (rent !== null && rent !== undefined && rent <= 0) problems.push("Monthly Rent ($)-Dollars must be more than 0");
  const months = cells.guarantee_option as number | null;
  if (months !== null && months !== undefined && !(GUARANTEE_OPTIONS as readonly number[]).includes(months)) problems.push(`Guarantee Option (Months) must be ${GUARANTEE_OPTIONS.join(", ")}`);
  if (cells.terms === false) problems.push("Terms Accepted must be Yes");
  const co = cells.co_first_name || cells.co_last_name || cells.co_email;
  if (co) {
    if (!cells.co_first_name) problems.push("Co-Tenant-First Name is required with a co-tenant");
    if (!cells.co_last_name) problems.push("Co-Tenant-Last Name is required with a co-tenant");
    if (!cells.co_email) problems.push("Co-Tenant-Email is required with a co-tenant");
    else if (cells.co_email === cells.email) problems.push("Co-Tenant-Email must differ from the applicant's");
    const coBirth = cells.co_birth_date as string | null;
    if (coBirth && ageOn(coBirth, today) < 18) problems.push("The co-tenant must be at least 18 years old");
  }
  if (problems.length) return { problems };
  const cents = (n: number) => Math.round(n * 100);
  return {
    problems,
    fields: {
      row,
      applicant: {
        first_name: String(cells.first_name),
        last_name: String(cells.last_name),
        email: String(cells.email),
        phone: String(cells.phone),
        birth_date: String(birth),
        gender: lower(cells.gender),
        salutation: lower(cells.salutation).replace(/\.$/, ""),
      },
      employment: {
        employment_type: employment!,
        job_description: String(cells.employment_description),
        monthly_income: cents(cells.monthly_income as number),
        company_name: String(cells.employer_name),
        company_phone_number: String(cells.employer_phone),
        address: String(cells.employer_address),
      },
      address: {
        street_name: String(cells.street),
        street_two: cells.unit ? String(cells.unit) : null,
        city: String(cells.city),
        state,
        zip_code: String(cells.zip).padStart(5, "0"),
        country: "US",
      },
      monthly_rent: cents(rent!),
      guarantee_option: guaranteeOptionLabel(months!),
      guarantee_months: months!,
      landlord: {
        company: cells.landlord_company ? String(cells.landlord_company) : null,
        contact_name: String(cells.landlord_contact_name),
        phone_number: String(cells.landlord_phone),
        email: String(cells.landlord_email),
      },
      terms_accepted: true,
      co_tenant: co
        ? {
            first_name: String(cells.co_first_name),
            last_name: String(cells.co_last_name),
            email: String(cells.co_email),
            birth_date: (cells.co_birth_date as string | null) ?? null,
            phone: (cells.co_phone as string | null) ?? null,
            employer: (cells.co_employer as string | null) ?? null,
          }
        : null,
    },
  };
}

/**
 * Reads the first sheet of an xlsx as a stream (exceljs's streaming reader: a 10,000-row sheet is never held whole)
 * and hands each checked row to `onRow`, awaited, so the caller can write rows in batches as they come. The header
 * row names the columns (any order); reading stops at the first row without the applicant's first name or email.
 * Any bad row, a missing column, no rows, or bytes that are no xlsx: a SheetError, after the whole sheet was read so
 * every bad row is named.
 */
export async function readApplications(input: Readable, today: string, onRow: (fields: ApplicationFields) => Promise<void>): Promise<number> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(input, { worksheets: "emit", sharedStrings: "cache", hyperlinks: "ignore", styles: "cache", entries: "ignore" });
  const problems: SheetProblem[] = [];
  let extraProblems = 0;
  let count = 0;
  let sawSheet = false;
  try {
    for await (const sheet of reader) {
      sawSheet = true;
      let columns: Map<string, number> | null = null;
      let ended = false;
      for await (const row of sheet) {
        if (ended) continue;
        const values = (Array.isArray(row.values) ? row.values : []) as unknown[];
        if (!columns) {
          columns = new Map();
          values.forEach((v, i) => {
            const header = cellValue(v);
            if (typeof header === "string") columns!.set(header.toLowerCase().replace(/\s+/g, " "), i);
          });
          const missing = SHEET_COLUMNS.filter((c) => c.required && !columns!.has(c.header.toLowerCase()));
          if (missing.length) throw new SheetError(BAD_FILE, missing.map((c) => ({ message: `Missing column: ${c.header}`, column: null })));
          continue;
        }
        const cells: Parsed = {};
        const cellProblems: string[] = [];
        for (const column of SHEET_COLUMNS) {
          const index = columns.get(column.header.toLowerCase());
          const value = index === undefined ? null : cellValue(values[index]);
          if (value === null) {
            cells[column.key] = null;
            continue;
          }
          const parsed = parseCell(column, value);
          if (parsed.problem) cellProblems.push(parsed.problem);
          cells[column.key] = parsed.value ?? null;
        }
        if (!cells.first_name || (!cells.email && !cellProblems.some((p) => p.startsWith("Applicant-Email")))) {
          ended = true;
          continue;
        }
        const { fields, problems: ruleProblems } = checkRow(row.number, cells, today);
        const all = [...cellProblems, ...ruleProblems.filter((p) => !cellProblems.some((c) => p.startsWith(c.split(" must ")[0])))];
        if (all.length || !fields) {
          const email = typeof cells.email === "string" ? cells.email : null;
          if (problems.length < MAX_PROBLEMS) problems.push({ message: `Row ${row.number}: ${all.join("; ")}`, column: email });
          else extraProblems++;
          continue;
        }
        count++;
        if (!problems.length) await onRow(fields);
      }
      break;
    }
  } catch (error) {
    if (error instanceof SheetError) throw error;
    throw new SheetError(WRONG_FILE);
  }
  if (!sawSheet) throw new SheetError(WRONG_FILE);
  if (problems.length) {
    if (extraProblems) problems.push({ message: `and ${extraProblems} more rows with errors`, column: null });
    throw new SheetError(BAD_FILE, problems);
  }
  if (!count) throw new SheetError(NO_VALID_ROWS);
  return count;
}

/** The sample sheet "Download a sample" serves: the header row and two applications (effective data is made up). */
export async function sampleSheet(rows = 2, opts: { seed?: string } = {}): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet("Applications");
  sheet.addRow(SHEET_COLUMNS.map((c) => c.header));
  for (let i = 1; i <= rows; i++) sheet.addRow(sampleRow(i, opts.seed));
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** One made-up application, in the columns' order (example.com addresses only). */
export function sampleRow(i: number, seed = "sample"): Array<string | number> {
  const tag = `${seed}${i}`;
  const values: Record<string, string | number> = {
    first_name: ["Avery", "Jordan", "Riley", "Casey", "Morgan"][i % 5],
    last_name: ["Nguyen", "Patel", "Garcia", "Smith", "Okafor"][i % 5],
    email: `applicant.${tag}@example.com`.toLowerCase(),
    phone: "(555) 010-" + String(1000 + (i % 9000)).slice(-4),
    birth_date: `19${80 + (i % 15)}-0${1 + (i % 9)}-1${i % 10}`,
    gender: ["female", "male", "other"][i % 3],
    salutation: ["mrs", "mr", "miss", "dr"][i % 4],
    employment_type: i % 4 === 0 ? "Self Employed" : "Employed",
    employment_description: "Software tester",
    monthly_income: 6000 + (i % 10) * 100,
    employer_name: "Example Works LLC",
    employer_phone: "(555) 020-3000",
    employer_address: "1 Example Plaza, Springfield, IL 62701",
    street: `${100 + (i % 800)} Example Street`,
    unit: `Apt ${1 + (i % 40)}`,
    city: "Springfield",
    state: "IL",
    zip: "62701",
    monthly_rent: 1500 + (i % 20) * 25,
    guarantee_option: [3, 6, 12][i % 3],
    landlord_company: "Example Rentals",
    landlord_contact_name: "Pat Example",
    landlord_phone: "(555) 030-4000",
    landlord_email: "landlord@example.com",
    terms: "Yes",
  };
  return SHEET_COLUMNS.map((c) => values[c.key] ?? "");
}
