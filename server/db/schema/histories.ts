import { index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import type { HistoryChanges } from "../../../src/domain/history";
import { idColumn } from "./columns";

export type { HistoryChanges } from "../../../src/domain/history";

/**
 * Every create, update and delete of a main record (DESIGN.md section 3): who (staff name or "System"),
 * through which process (console, import, integration, job…), and what changed.
 */
export const histories = pgTable(
  "histories",
  {
    id: idColumn(),
    recordable_type: text("recordable_type").notNull(),
    recordable_id: integer("recordable_id").notNull(),
    authorable_type: text("authorable_type"),
    authorable_id: integer("authorable_id"),
    author: text("author").notNull(),
    action: text("action", {
      enum: ["create", "update", "remove", "create_related", "update_related", "remove_related"],
    }).notNull(),
    process: text("process").notNull(),
    data: jsonb("data").$type<HistoryChanges>().notNull().default({}),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("histories_recordable_idx").on(t.recordable_type, t.recordable_id, t.created_at)],
);
