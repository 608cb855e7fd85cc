import { bigint, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { idColumn } from "./columns";

/**
 * A file kept in the file store (server/files), attached to a record: policy documents, proof-of-coverage
 * certificates, review-queue PDFs, exports. The bytes live in the store under `storage_key`, never in the database.
 */
export const documents = pgTable(
  "documents",
  {
    id: idColumn(),
    attachable_type: text("attachable_type").notNull(),
    attachable_id: integer("attachable_id").notNull(),
    filename: text("filename").notNull(),
    content_type: text("content_type").notNull(),
    byte_size: bigint("byte_size", { mode: "number" }).notNull(),
    checksum: text("checksum").notNull(),
    storage_key: text("storage_key").notNull(),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("documents_attachable_idx").on(t.attachable_type, t.attachable_id),
    // The sweep at start asks which stored files still have a row (server/files/sweep.ts).
    index("documents_storage_key_idx").on(t.storage_key),
  ],
);

/**
 * A CSV export built in the background (pg-boss job `export`): who asked, with which filters, how far it got and
 * where the file is once ready.
 */
export const exports = pgTable(
  "exports",
  {
    id: idColumn(),
    kind: text("kind", { enum: ["policies", "leads"] }).notNull(),
    staff_id: integer("staff_id").notNull(),
    params: text("params").notNull(),
    status: text("status", { enum: ["queued", "running", "ready", "failed"] }).notNull().default("queued"),
    row_count: integer("row_count").notNull().default(0),
    total_rows: integer("total_rows"),
    document_id: integer("document_id"),
    error: text("error"),
    /**
     * Touched by the process running the export every few seconds: a `running` export whose heartbeat stopped was
     * left by a process that died, and is queued again (server/jobs/export-recovery.ts).
     */
    heartbeat_at: timestamp("heartbeat_at", { withTimezone: true }),
    /** How many times a process started on it (a crash and a retry make two). */
    attempts: integer("attempts").notNull().default(0),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    finished_at: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [index("exports_staff_idx").on(t.staff_id, t.created_at)],
);
