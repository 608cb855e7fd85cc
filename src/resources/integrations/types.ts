export type Provider = "yardi" | "entrata";
export type RunStatus = "running" | "succeeded" | "partial" | "failed";

/** A row of GET /integrations (integrations_index): `{data, meta.total}` (document 3 section 7). */
export interface IntegrationRow {
  id: number;
  provider: Provider;
  external_id: string;
  enabled: boolean;
  active: boolean;
  problems: string[];
  account: { id: number; title: string };
  properties_count: number;
  enabled_properties_count: number;
  last_synced_at: string | null;
  last_run_status: RunStatus | null;
  open_errors: number;
  next_sync_at: string | null;
}

export interface IntegrationProperty {
  id: number;
  external_id: string;
  title: string;
  units_count: number;
  enabled: boolean;
  insurable_id: number | null;
  sync_status: "never" | "running" | "synced" | "failed";
  progress: { processed: number; total: number } | null;
  last_synced_at: string | null;
  last_error: string | null;
}

export interface SyncRun {
  id: number;
  property_id: number | null;
  trigger: "nightly" | "manual" | "resync" | "retry";
  status: RunStatus;
  started_at: string;
  finished_at: string | null;
  duration_ms: number | null;
  created: number;
  updated: number;
  skipped: number;
  /** Verified policies sent back to the provider (push policies). */
  pushed?: number;
  errors: number;
  error: string | null;
  started_by: string | null;
}

/** GET /integrations/{id}: credentials masked (never the password). */
export interface Integration {
  id: number;
  provider: Provider;
  account: { id: number; title: string };
  external_id: string;
  enabled: boolean;
  active: boolean;
  problems: string[];
  credentials: { url: string; database: string; username: string; password_set: boolean };
  settings: { sync: { pull_policies: boolean; push_policies: boolean; push_master_policy_invoices: boolean } };
  available_charge_settings: Array<{ code: string; description: string }>;
  refreshed_at: string | null;
  next_sync_at: string | null;
  properties: IntegrationProperty[];
  runs: SyncRun[];
  /** Push policies: the policies the provider holds a version of, and those refused or failed (sent again next run). */
  pushed_policies?: { held: number; waiting: number; last_pushed_at: string | null };
}
