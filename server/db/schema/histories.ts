import { index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import type { HistoryChanges } from "../../../src/domain/history";
import { HISTORY_ACTIONS } from "../../../src/domain/audit";
import { idColumn } from "./columns";

export type { HistoryChanges } from "../../../src/domain/history";

/**
 * Every create, update and delete of a main record (DESIGN.md section 3): who (staff name or "System"),
 * through which process (console, import, integration, job…), and what changed. The same rows, with the audit events
 * that change no record (sign-ins, failed sign-ins, exports, downloads), are the audit log (issue 17 section 4),
 * which the API only ever reads.
 */
export const histories = pgTable(
  "histories",
  {
    id: idColumn(),
    recordable_type: text("recordable_type").notNull(),
    // Null for an audit event about no record (a failed sign-in for an email nobody has).
    recordable_id: integer("recordable_id"),
    authorable_type: text("authorable_type"),
    authorable_id: integer("authorable_id"),
    author: text("author").notNull(),
    action: text("action", {
      enum: HISTORY_ACTIONS,
    }).notNull(),
    process: text("process").notNull(),
    data: jsonb("data").$type<HistoryChanges>().notNull().default({}),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("histories_recordable_idx").on(t.recordable_type, t.recordable_id, t.created_at),
    // The audit log reads newest first, everything or one author's.
    index("histories_created_at_idx").on(t.created_at, t.id),
    index("histories_author_idx").on(t.authorable_id, t.created_at),
  ],
);
