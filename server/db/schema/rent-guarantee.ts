import { sql } from "drizzle-orm";
import { bigint, boolean, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { GROUP_ERROR_KINDS, GROUP_STATUSES } from "../../../src/domain/rentGuarantee";
import { idColumn, timestamps } from "./columns";
import { accounts, agencies } from "./organisations";

/**
 * A rent-guarantee mass import (reference sections 3.5 and 4.7): one uploaded sheet of one account, with the common
 * dates and flags of its applications. The counters are kept by the row jobs; `total_premium` and the group's
 * invoices (invoiceable `PolicyGroupQuote`, the group's id: the group is its own quote) once every row is priced.
 */
export const policyApplicationGroups = pgTable(
  "policy_application_groups",
  {
    id: idColumn(),
    status: text("status", { enum: GROUP_STATUSES }).notNull().default("in_progress"),
    account_id: integer("account_id")
      .notNull()
      .references(() => accounts.id),
    agency_id: integer("agency_id").references(() => agencies.id),
    staff_id: integer("staff_id"),
    effective_date: date("effective_date").notNull(),
    expiration_date: date("expiration_date").notNull(),
    auto_pay: boolean("auto_pay").notNull().default(false),
    auto_renew: boolean("auto_renew").notNull().default(false),
    policy_type_id: integer("policy_type_id").notNull().default(5),
    file_key: text("file_key"),
    file_name: text("file_name"),
    policy_applications_count: integer("policy_applications_count").notNull().default(0),
    created_policy_applications_count: integer("created_policy_applications_count").notNull().default(0),
    errors_count: integer("errors_count").notNull().default(0),
    created_policies_count: integer("created_policies_count").notNull().default(0),
    total_premium: bigint("total_premium", { mode: "number" }).notNull().default(0),
    accepted_at: timestamp("accepted_at", { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [index("policy_application_groups_account_idx").on(t.account_id, t.created_at), index("policy_application_groups_agency_idx").on(t.agency_id, t.created_at)],
);

/**
 * One row of a group's sheet: its checked fields, then what its job made of it (`created` with its premium, or
 * `error`). `claimed_at` is when a job took it: a row `running` whose claim is older than the claim timeout was
 * left by a process that stopped, and is taken again (server/rent-guarantee/jobs.ts).
 */
export const policyGroupApplications = pgTable(
  "policy_group_applications",
  {
    id: idColumn(),
    group_id: integer("group_id")
      .notNull()
      .references(() => policyApplicationGroups.id, { onDelete: "cascade" }),
    row_number: integer("row_number").notNull(),
    status: text("status", { enum: ["pending", "running", "created", "error"] }).notNull().default("pending"),
    fields: jsonb("fields").$type<Record<string, unknown>>().notNull(),
    premium: bigint("premium", { mode: "number" }),
    claimed_at: timestamp("claimed_at", { withTimezone: true }),
    policy_id: integer("policy_id"),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("policy_group_applications_row_key").on(t.group_id, t.row_number),
    index("policy_group_applications_status_idx").on(t.status, t.claimed_at),
    // Each row's job looks for the same applicant earlier in its sheet: without this, a 10,000-row sheet reads its
    // rows 10,000 times over.
    index("policy_group_applications_email_idx").on(t.group_id, sql`lower(${t.fields}->'applicant'->>'email')`, t.row_number),
  ],
);

/** What went wrong with a row (reference: model_errors): kind, and information with the row's params and errors. */
export const policyGroupErrors = pgTable(
  "policy_group_errors",
  {
    id: idColumn(),
    group_id: integer("group_id")
      .notNull()
      .references(() => policyApplicationGroups.id, { onDelete: "cascade" }),
    application_id: integer("application_id"),
    kind: text("kind", { enum: GROUP_ERROR_KINDS }).notNull(),
    information: jsonb("information").$type<Record<string, unknown>>().notNull(),
    ...timestamps(),
  },
  (t) => [index("policy_group_errors_group_idx").on(t.group_id)],
);
