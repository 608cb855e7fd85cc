import { sql } from "drizzle-orm";
import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { idColumn, timestamps } from "./columns";

export const LEAD_STATUSES = ["prospect", "return", "converted", "lost", "archived"] as const;

export const leads = pgTable(
  "leads",
  {
    id: idColumn(),
    email: text("email").notNull(),
    identifier: text("identifier").notNull(),
    user_id: integer("user_id"),
    status: text("status", { enum: LEAD_STATUSES }).notNull().default("prospect"),
    archived: boolean("archived").notNull().default(false),
    last_visit: timestamp("last_visit", { withTimezone: true }),
    last_visited_page: text("last_visited_page"),
    tracking_url_id: integer("tracking_url_id"),
    agency_id: integer("agency_id"),
    account_id: integer("account_id"),
    branding_profile_id: integer("branding_profile_id"),
    policy_id: integer("policy_id"),
    lead_events_cx: integer("lead_events_cx").notNull().default(0),
    premium_total: bigint("premium_total", { mode: "number" }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("leads_identifier_key").on(t.identifier),
    index("leads_agency_idx").on(t.agency_id, t.archived),
    index("leads_policy_idx").on(t.policy_id),
    index("leads_email_lower_idx").on(sql`lower(${t.email})`),
  ],
);

export const leadEvents = pgTable(
  "lead_events",
  {
    id: idColumn(),
    lead_id: integer("lead_id").notNull(),
    data: jsonb("data").notNull().default({}),
    tag: text("tag"),
    policy_type_id: integer("policy_type_id"),
    agency_id: integer("agency_id"),
    branding_profile_id: integer("branding_profile_id"),
    ...timestamps(),
  },
  (t) => [index("lead_events_lead_idx").on(t.lead_id)],
);
