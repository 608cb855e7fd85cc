import type { RaRecord } from "react-admin";

interface Titled {
  id: number | null;
  title: string;
}

/** A row of the policies grid (docs/API.md "PolicyRow"). */
export interface PolicyRow extends RaRecord {
  id: number;
  number: string;
  status: string;
  tcode: string | null;
  policy_in_system: boolean;
  policy_type_id: number;
  policy_type_title: string;
  billing_strategy: string | null;
  effective_date: string | null;
  expiration_date: string | null;
  updated_at: string;
  account: Titled | null;
  agency: Titled | null;
  carrier: Titled | null;
  primary_insurable: { id: number; title: string; parent_community: Titled | null; parent_building: Titled | null } | null;
  primary_user: { id: number; full_name: string | null; email: string } | null;
}

export interface PolicyType {
  id: number;
  title: string;
  master: boolean;
  master_coverage: boolean;
}

export interface PolicyExport {
  id: number;
  status: "queued" | "running" | "ready" | "failed";
  row_count: number;
  total_rows: number | null;
  created_at: string;
  finished_at: string | null;
  download_url: string | null;
  error: string | null;
}
