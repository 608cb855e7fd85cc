import { sql } from "drizzle-orm";
import type { ListQuery, ListSpec } from "../../lib/list";

/**
 * The audit log's grid (issue 17 section 4): every history row, newest first, by person (`staff_id`, the author's
 * staff record, or `author` contains for "System" and failed sign-ins), record type and id, action, process and date.
 */
export const auditListSpec: ListSpec = {
  filters: {
    staff_id: { type: "int", column: sql`h.authorable_id` },
    author: { type: "text", column: sql`h.author` },
    record_type: { type: "text", column: sql`h.recordable_type` },
    record_number: { type: "int", column: sql`h.recordable_id` },
    action: { type: "text", column: sql`h.action` },
    process: { type: "text", column: sql`h.process` },
    created_at: { type: "timestamp", column: sql`h.created_at` },
  },
  sorts: { created_at: sql`h.created_at` },
  defaultSort: { column: "created_at", direction: "desc" },
  tieBreaker: sql`h.id`,
  keyset: ["created_at"],
};

export const AUDIT_COLUMNS = sql`h.id, h.created_at, h.author, h.authorable_id AS staff_id, h.action, h.process,
  h.recordable_type AS record_type, h.recordable_id AS record_number, h.data AS changes`;

export const auditListQuery = (): ListQuery => ({ select: AUDIT_COLUMNS, from: sql`histories h`, where: [], id: sql`h.id` });
