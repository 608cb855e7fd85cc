import type { RaRecord } from "react-admin";

import type { CsvImportKind } from "../../domain/csvImports";
export { CSV_IMPORT_KINDS, type CsvImportKind } from "../../domain/csvImports";
export const CSV_IMPORT_STATUSES = ["queued", "running", "done", "failed"] as const;
export const ROW_OUTCOMES = ["created", "existed", "updated", "error", "not_imported"] as const;
export type RowOutcome = (typeof ROW_OUTCOMES)[number];

/** One past upload (GET /csv_imports; docs/API.md). */
export interface CsvImport extends RaRecord {
  id: number;
  kind: CsvImportKind;
  file_name: string;
  status: (typeof CSV_IMPORT_STATUSES)[number];
  total_rows: number | null;
  processed_rows: number;
  error: string | null;
  created_at: string;
  sender: string | null;
  account_title: string | null;
  agency_title: string | null;
  /** A lease file's community (its title is looked up, batched, by the grid). */
  community_id: number | null;
  result_file: boolean;
  counts: Record<RowOutcome, number> | null;
  /** GET /csv_imports/{id} only: the rows in error (up to 100). */
  errors?: Array<{ row: number; message: string }>;
}

/** The result file's name, as the API names it. */
export const resultFileName = (r: Pick<CsvImport, "id" | "kind">) => `${r.kind.replace(/_/g, "-")}-import-${r.id}-result.csv`;
