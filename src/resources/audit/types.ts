import type { HistoryChanges } from "../../domain/history";

/** One row of GET /audit_events: a record's change or an audit event (issue 17 section 4). */
export interface AuditEvent {
  id: number;
  created_at: string;
  author: string;
  staff_id: number | null;
  action: string;
  process: string;
  record_type: string;
  record_number: number | null;
  changes: HistoryChanges;
}
