import Papa from "papaparse";
import { LEASE_IMPORT_COLUMNS, LEASE_IMPORT_OPTIONAL, parseLeaseFile } from "../../domain/leases";
import { CSV_COLUMNS as TRACKING_URL_COLUMNS, previewCsv } from "../../resources/tracking-url/csvRows";

/** One of the product's CSV imports the CSV Upload tool sends a file to (issue 16 section 5). */
export interface CsvTarget {
  key: "properties" | "insurable_updates" | "tracking_urls" | "leases";
  /** The import's call (docs/API.md), role-prefixed like every call. */
  path: string;
  /** The columns the import reads, in its order (properties: by position, so the order is the format). */
  columns: readonly string[];
  required: readonly string[];
  /** The import answers a dry run (`dry_run=true`) with what it would do or the rows it refuses. */
  dryRun: boolean;
  /** Leases are imported into one community, chosen beside the file. */
  needsCommunity: boolean;
}

export const CSV_TARGETS: CsvTarget[] = [
  {
    // Reference section 4.12: columns by position, from row 2 until the account id is blank.
    key: "properties",
    path: "/insurables/insurables/upload",
    columns: [
      "account_id",
      "account_name",
      "unit_address",
      "unit_title",
      "unit_city",
      "county",
      "state",
      "zip",
      "year_built",
      "community_title",
      "display_name",
      "community_address_1",
      "community_address_2",
      "community_city",
      "community_state",
      "community_zip",
    ],
    required: ["account_id", "unit_title", "community_title", "community_address_1", "community_city", "community_state", "community_zip"],
    dryRun: false,
    needsCommunity: false,
  },
  { key: "insurable_updates", path: "/insurables/insurable_id_updates", columns: ["insurable_id", "new_insurable_id", "new_parent_id"], required: ["insurable_id"], dryRun: true, needsCommunity: false },
  { key: "tracking_urls", path: "/tracking_urls/bulk_csv_upload", columns: TRACKING_URL_COLUMNS, required: ["landing_page", "campaign_name", "agency_id"], dryRun: false, needsCommunity: false },
  { key: "leases", path: "/leases/bulk_create", columns: [...LEASE_IMPORT_COLUMNS, ...LEASE_IMPORT_OPTIONAL], required: LEASE_IMPORT_COLUMNS, dryRun: false, needsCommunity: true },
];

export interface ReadFile {
  headers: string[];
  rows: Array<Record<string, string>>;
}

/** The file as papaparse reads it: its header row and every data row by header. */
export function readCsv(text: string): ReadFile {
  const parsed = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ""), { header: true, skipEmptyLines: "greedy", transformHeader: (h) => h.trim() });
  return { headers: (parsed.meta.fields ?? []).filter(Boolean), rows: parsed.data };
}

/** Which of the file's headers feeds each column of the import; "" for none. */
export type ColumnMapping = Record<string, string>;

const normal = (s: string) => s.trim().toLowerCase().replace(/[^a-z0-9]+/g, "_").replace(/^_|_$/g, "");

/**
 * The mapping to start from: the one remembered for this import where the file has those headers, else the header
 * with the column's name (ignoring case, spaces and punctuation), else none.
 */
export function initialMapping(target: CsvTarget, headers: string[], remembered: ColumnMapping | null): ColumnMapping {
  return Object.fromEntries(
    target.columns.map((column) => {
      const kept = remembered?.[column];
      if (kept && headers.includes(kept)) return [column, kept];
      return [column, headers.find((h) => normal(h) === column) ?? ""];
    }),
  );
}

export const unmappedRequired = (target: CsvTarget, mapping: ColumnMapping) => target.required.filter((c) => !mapping[c]);

/** The file rewritten with the import's own header and columns, in its order, from the mapping. */
export function mappedCsv(target: CsvTarget, file: ReadFile, mapping: ColumnMapping): string {
  return Papa.unparse({ fields: [...target.columns], data: file.rows.map((row) => target.columns.map((c) => (mapping[c] ? (row[mapping[c]] ?? "") : ""))) });
}

export interface RowProblem {
  row: number;
  message: string;
}

/**
 * What the browser can tell before sending (rows numbered as a spreadsheet shows them, the header being row 1): the
 * required values of every row, and for tracking URLs and leases the same checks their own upload screens make.
 */
export function browserCheck(target: CsvTarget, csv: string, messages: { required: (column: string) => string; trackingUrl: Parameters<typeof previewCsv>[1] }, today: string): RowProblem[] {
  if (target.key === "tracking_urls") {
    return previewCsv(csv, messages.trackingUrl).flatMap((r) => Object.entries(r.errors).map(([field, text]) => ({ row: r.line + 1, message: `${field}: ${text}` })));
  }
  if (target.key === "leases") return parseLeaseFile(csv, today).errors;
  const { rows } = readCsv(csv);
  return rows.flatMap((row, i) => target.required.filter((c) => !String(row[c] ?? "").trim()).map((c) => ({ row: i + 2, message: messages.required(c) })));
}
