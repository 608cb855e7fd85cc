import { bigint, boolean, index, integer, pgTable, text } from "drizzle-orm/pg-core";

/**
 * Counters that answer list totals without counting rows (server/lib/list.ts, Counting). A row says "`n` more (or
 * fewer) rows of the counted table have these values"; the count of a combination is the sum of its rows. Triggers
 * on the counted table append these deltas in the same transaction as the change (migration 0009), so the sums are
 * exact, never estimates; appending (instead of updating one row per combination) means writers never wait on each
 * other for a counter. Now and then a writer folds the deltas into one row per combination.
 */
export const policyCountsByAgency = pgTable(
  "policy_counts_by_agency",
  {
    agency_id: integer("agency_id"),
    status: text("status").notNull(),
    policy_in_system: boolean("policy_in_system").notNull(),
    n: bigint("n", { mode: "number" }).notNull().default(0),
  },
  (t) => [index("policy_counts_by_agency_idx").on(t.agency_id)],
);

export const policyCountsByAccount = pgTable(
  "policy_counts_by_account",
  {
    account_id: integer("account_id"),
    agency_id: integer("agency_id"),
    status: text("status").notNull(),
    policy_in_system: boolean("policy_in_system").notNull(),
    n: bigint("n", { mode: "number" }).notNull().default(0),
  },
  (t) => [index("policy_counts_by_account_idx").on(t.account_id)],
);

/** Customers by their list's yes/no filters (the super admin's unfiltered and flag-filtered totals). */
export const userCounts = pgTable("user_counts", {
  enabled: boolean("enabled").notNull(),
  has_existing_policies: boolean("has_existing_policies").notNull(),
  has_current_leases: boolean("has_current_leases").notNull(),
  n: bigint("n", { mode: "number" }).notNull().default(0),
});

/**
 * The policies dashboard's data version per agency (migration 0048; server/routes/dashboards/dashboards.service.ts):
 * every statement that writes a policy, its invoices or line items appends one row per agency it touched (before and
 * after the change: a policy moved between agencies bumps both) with the next value of dashboard_data_version; agency
 * 0 stands for every agency (commission settings, the agency tree). An agency scope's version is the greatest over its
 * agencies and 0, so a write in one tenant leaves another tenant's kept numbers in place. Append-only, folded to one
 * row per agency now and then (as the list counters), so no writer waits for another.
 */
export const dashboardDataChanges = pgTable(
  "dashboard_data_changes",
  {
    agency_id: integer("agency_id").notNull(),
    version: bigint("version", { mode: "number" }).notNull(),
  },
  (t) => [index("dashboard_data_changes_agency_version_idx").on(t.agency_id, t.version)],
);
