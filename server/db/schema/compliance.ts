import { sql } from "drizzle-orm";
import { boolean, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { insurables } from "./insurables";
import { leases } from "./leases";
import { policies } from "./policies";
import { accounts } from "./organisations";
import { sentEmails } from "./mail";
import { users } from "./customers";
import { staff } from "./staff";
import { idColumn, timestamps } from "./columns";

/**
 * What a property manager requires of a resident's cover (issue 17 section 1): one profile per account, and optionally
 * one per community that replaces it for that community's units. Money is cents. Without a row the account's
 * minimum_liability and additional_interest stand in (src/domain/requirements.ts, defaultProfile).
 */
export const requirementProfiles = pgTable(
  "requirement_profiles",
  {
    id: idColumn(),
    account_id: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    /** The community the profile is for; null for the account's own. */
    insurable_id: integer("insurable_id").references(() => insurables.id, { onDelete: "cascade" }),
    minimum_liability: integer("minimum_liability"),
    additional_interest_required: boolean("additional_interest_required").notNull().default(false),
    additional_interest_name: text("additional_interest_name"),
    additional_interest_address: text("additional_interest_address"),
    accepted_carriers: jsonb("accepted_carriers").$type<string[]>().notNull().default([]),
    minimum_carrier_rating: text("minimum_carrier_rating"),
    maximum_deductible: integer("maximum_deductible"),
    landlord_listed: boolean("landlord_listed").notNull().default(false),
    grace_period_days: integer("grace_period_days"),
    /** Days before a cover ends on which its residents are reminded (account profiles only; null: the default 30, 14, 3). */
    reminder_days: jsonb("reminder_days").$type<number[]>(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("requirement_profiles_account_key").on(t.account_id).where(sql`${t.insurable_id} IS NULL`),
    uniqueIndex("requirement_profiles_community_key").on(t.insurable_id).where(sql`${t.insurable_id} IS NOT NULL`),
    index("requirement_profiles_account_idx").on(t.account_id),
  ],
);


/**
 * One reminder to one resident about one worklist row (a lease without cover, a policy ending) on one day: the unique
 * key is what makes a second click, a second colleague or the scheduled run on the same day send nothing (issue 17).
 */
export const complianceReminders = pgTable(
  "compliance_reminders",
  {
    id: idColumn(),
    subject_type: text("subject_type").$type<"Lease" | "Policy">().notNull(),
    subject_id: integer("subject_id").notNull(),
    user_id: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    /** What prompted it: a worklist's name, or "schedule" for the daily run. */
    reason: text("reason").notNull(),
    sent_email_id: integer("sent_email_id").references(() => sentEmails.id, { onDelete: "set null" }),
    sent_by_id: integer("sent_by_id"),
    ...timestamps(),
  },
  (t) => [uniqueIndex("compliance_reminders_once_a_day").on(t.subject_type, t.subject_id, t.user_id, t.day)],
);

/**
 * Who follows up a worklist row (issue 17 section 2, "assign to a colleague"): one colleague per lease or policy, kept
 * while the row moves between lists (a lease moving in without cover becomes uninsured on its first day).
 */
export const worklistAssignments = pgTable(
  "worklist_assignments",
  {
    id: idColumn(),
    subject_type: text("subject_type").$type<"Lease" | "Policy">().notNull(),
    subject_id: integer("subject_id").notNull(),
    assignee_id: integer("assignee_id")
      .notNull()
      .references(() => staff.id, { onDelete: "cascade" }),
    assigned_by_id: integer("assigned_by_id"),
    ...timestamps(),
  },
  (t) => [uniqueIndex("worklist_assignments_subject").on(t.subject_type, t.subject_id), index("worklist_assignments_assignee").on(t.assignee_id)],
);

/**
 * A resident's upload link (issue 17 section 2: "mail the residents a reminder with a link to upload proof"): one
 * resident, one unit of one account, until it expires or a proof is sent with it. The mailed token is signed
 * (server/lib/upload-tokens.ts) and names this row; the row is what makes a link single-use, revocable and audited.
 */
export const uploadLinks = pgTable(
  "upload_links",
  {
    id: idColumn(),
    account_id: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    /** The unit the proof is for. */
    insurable_id: integer("insurable_id")
      .notNull()
      .references(() => insurables.id, { onDelete: "cascade" }),
    lease_id: integer("lease_id").references(() => leases.id, { onDelete: "set null" }),
    user_id: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** What prompted it: a worklist's name, or "schedule". */
    reason: text("reason").notNull(),
    expires_at: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** Set when a proof was sent with this link, or with another open link of the same resident and unit. */
    used_at: timestamp("used_at", { withTimezone: true }),
    policy_id: integer("policy_id").references(() => policies.id, { onDelete: "set null" }),
    revoked_at: timestamp("revoked_at", { withTimezone: true }),
    sent_email_id: integer("sent_email_id").references(() => sentEmails.id, { onDelete: "set null" }),
    created_by_id: integer("created_by_id"),
    ...timestamps(),
  },
  (t) => [index("upload_links_user_unit").on(t.user_id, t.insurable_id), index("upload_links_account").on(t.account_id)],
);
