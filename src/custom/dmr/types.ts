/** A DMR row (document 1 section 3 "Checked file"; docs/API.md "DMR"). */
export interface CheckedFile {
  id: number;
  name: string;
  processed: boolean;
  outcome: "archived" | "submitted" | null;
  updated_at: string;
  policy_id: number | null;
  policy_number: string | null;
  /** A signed link to the PDF (no auth headers needed). */
  s3_url: string;
}

export type DmrStatus = "unprocessed" | "processed";

export interface DmrQuery {
  status: DmrStatus;
  dateFrom: string;
  dateTo: string;
  page: number;
  per: number;
}
