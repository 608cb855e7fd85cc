/** A DMR row (document 1 section 3 "Checked file"; docs/API.md "DMR"). */
export interface CheckedFile {
  id: number;
  name: string;
  processed: boolean;
  outcome: "archived" | "submitted" | null;
  updated_at: string;
  policy_id: number | null;
  policy_number: string | null;
  /** Who has the file open in REVIEW right now (their claim lasts a few minutes). */
  claimed_by: { id: number; name: string; expires_at: string } | null;
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
