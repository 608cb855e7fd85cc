import { index, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { idColumn, timestamps } from "./columns";
import { accounts } from "./organisations";
import { integrations } from "./integrations";

/** How one row of a legacy policy file ended (docs/legacy-import.md): the per-row result file has one line each. */
export interface LegacyRowResult {
  row: number;
  number: string;
  result: "created" | "skipped" | "error";
  policy_id: number | null;
  message: string;
}

/**
 * A legacy policy import (document 2, Legacy import; issue 16 section 2): the provider's policy export fetched from
 * the URL the caller gave, stored in the file store, and turned into external policies of the integration's account
 * by one background job. `result_key` is the per-row result file in the file store.
 */
export const legacyPolicyImports = pgTable(
  "legacy_policy_imports",
  {
    id: idColumn(),
    staff_id: integer("staff_id").notNull(),
    integration_id: integer("integration_id")
      .notNull()
      .references(() => integrations.id, { onDelete: "cascade" }),
    account_id: integer("account_id")
      .notNull()
      .references(() => accounts.id),
    provider: text("provider").notNull(),
    file_url: text("file_url").notNull(),
    storage_key: text("storage_key").notNull(),
    status: text("status", { enum: ["queued", "running", "done", "failed"] }).notNull().default("queued"),
    total_rows: integer("total_rows"),
    processed_rows: integer("processed_rows").notNull().default(0),
    created_count: integer("created_count").notNull().default(0),
    skipped_count: integer("skipped_count").notNull().default(0),
    error_count: integer("error_count").notNull().default(0),
    /** The first rows in error, for the console (the result file has them all). */
    errors: jsonb("errors").$type<LegacyRowResult[]>().notNull().default([]),
    result_key: text("result_key"),
    error: text("error"),
    ...timestamps(),
  },
  (t) => [index("legacy_policy_imports_staff_idx").on(t.staff_id, t.created_at), index("legacy_policy_imports_account_idx").on(t.account_id)],
);
