import { sql } from "drizzle-orm";
import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { idColumn, timestamps } from "./columns";
import { policies } from "./policies";

/**
 * A PDF waiting in the DMR review queue (document 1 section 2.4; reference section 5 item 2: ours to design). It
 * arrives by upload or folder import; a reviewer archives it or submits the external policy it proves, which links
 * the file to that policy. The bytes live in the file store.
 */
export const checkedFiles = pgTable(
  "checked_files",
  {
    id: idColumn(),
    name: text("name").notNull(),
    checksum: text("checksum").notNull(),
    storage_key: text("storage_key").notNull(),
    content_type: text("content_type").notNull().default("application/pdf"),
    byte_size: bigint("byte_size", { mode: "number" }).notNull(),
    source: text("source", { enum: ["upload", "folder", "demo"] }).notNull(),
    uploaded_by_id: integer("uploaded_by_id"),
    processed: boolean("processed").notNull().default(false),
    outcome: text("outcome", { enum: ["archived", "submitted"] }),
    processed_at: timestamp("processed_at", { withTimezone: true }),
    processed_by_id: integer("processed_by_id"),
    policy_id: integer("policy_id").references(() => policies.id, { onDelete: "set null" }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("checked_files_checksum_key").on(t.checksum),
    index("checked_files_queue_idx").on(t.processed, t.updated_at, t.id),
    index("checked_files_name_trgm_idx").using("gin", sql`lower(${t.name}) gin_trgm_ops`),
    // The DMR search's other side: files of the policies whose number matches (dmr.service.ts).
    index("checked_files_policy_idx").on(t.policy_id),
    // The sweep at start asks which stored files still have a row (server/files/sweep.ts).
    index("checked_files_storage_key_idx").on(t.storage_key),
  ],
);

/**
 * A proposed change to a verified external policy, made by someone who is not a reviewer: it waits in the Policy
 * Review queue instead of overwriting the policy (issue 4). `changes` holds the submitted fields.
 */
export const policyRevisions = pgTable(
  "policy_revisions",
  {
    id: idColumn(),
    policy_id: integer("policy_id")
      .notNull()
      .references(() => policies.id, { onDelete: "cascade" }),
    status: text("status", { enum: ["submitted", "approved", "declined", "archived"] }).notNull().default("submitted"),
    changes: jsonb("changes").$type<Record<string, unknown>>().notNull(),
    submitted_by_type: text("submitted_by_type", { enum: ["Staff", "User"] }).notNull(),
    submitted_by_id: integer("submitted_by_id").notNull(),
    decided_by_id: integer("decided_by_id"),
    decided_at: timestamp("decided_at", { withTimezone: true }),
    rejection_reasons: jsonb("rejection_reasons").$type<string[]>(),
    ...timestamps(),
  },
  (t) => [index("policy_revisions_policy_idx").on(t.policy_id, t.status), index("policy_revisions_queue_idx").on(t.status, t.created_at)],
);

/**
 * A reviewer's hold on a queue item (a proof, a revision or a DMR file) for a few minutes, so two reviewers never
 * decide the same item: a second decision is refused with 409 while someone else holds it.
 */
export const reviewClaims = pgTable(
  "review_claims",
  {
    id: idColumn(),
    item_type: text("item_type", { enum: ["Policy", "PolicyRevision", "CheckedFile"] }).notNull(),
    item_id: integer("item_id").notNull(),
    staff_id: integer("staff_id").notNull(),
    expires_at: timestamp("expires_at", { withTimezone: true }).notNull(),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("review_claims_item_key").on(t.item_type, t.item_id)],
);
