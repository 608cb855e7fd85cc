import { boolean, date, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./customers";
import { insurables } from "./insurables";
import { accounts } from "./organisations";
import { idColumn, timestamps } from "./columns";

export const LEASE_STATUSES = ["pending", "current", "expired"] as const;

export const leases = pgTable(
  "leases",
  {
    id: idColumn(),
    reference: text("reference").notNull(),
    start_date: date("start_date").notNull(),
    end_date: date("end_date"),
    status: text("status", { enum: LEASE_STATUSES }).notNull().default("pending"),
    covered: boolean("covered").notNull().default(false),
    lease_type_id: integer("lease_type_id").notNull().default(1),
    insurable_id: integer("insurable_id")
      .notNull()
      .references(() => insurables.id),
    account_id: integer("account_id").references(() => accounts.id),
    sign_date: date("sign_date"),
    month_to_month: boolean("month_to_month").notNull().default(false),
    excluded_from_compliance: boolean("excluded_from_compliance").notNull().default(false),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("leases_reference_key").on(t.reference),
    index("leases_insurable_idx").on(t.insurable_id),
    index("leases_account_idx").on(t.account_id, t.status),
  ],
);

export const leaseUsers = pgTable(
  "lease_users",
  {
    id: idColumn(),
    lease_id: integer("lease_id")
      .notNull()
      .references(() => leases.id, { onDelete: "cascade" }),
    user_id: integer("user_id")
      .notNull()
      .references(() => users.id),
    primary: boolean("primary").notNull().default(false),
    lessee: boolean("lessee").notNull().default(true),
    moved_in_at: timestamp("moved_in_at", { withTimezone: true }),
    moved_out_at: timestamp("moved_out_at", { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [index("lease_users_lease_idx").on(t.lease_id), index("lease_users_user_idx").on(t.user_id)],
);
