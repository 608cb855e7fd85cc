import { sql } from "drizzle-orm";
import { bigint, boolean, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
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
    // The leads grid's page 1 (newest visit first, Archived off by default) is read from these in index order, and
    // its capped count from the index alone: a tree's or the platform's leads of a week without visiting the table.
    index("leads_agency_visit_idx").on(t.agency_id, t.archived, t.last_visit.desc().nullsLast(), t.id.desc().nullsFirst()),
    // A scope's leads with their status, read from the index alone (the dashboard's statistics).
    index("leads_account_status_idx").on(t.account_id, t.id, t.status),
    index("leads_agency_status_idx").on(t.agency_id, t.id, t.status),
    index("leads_visit_order_idx").on(t.last_visit.desc().nullsLast(), t.id.desc().nullsFirst(), t.archived),
    // The platform's grid as it opens (not converted, Archived on or off, newest visit first): its page and its
    // capped count are read from this index alone. The count otherwise read the whole table in physical order for the
    // window's 10,001 rows (175 ms at 5M leads); the page walked leads_visit_order_idx testing each row's status.
    index("leads_open_visit_idx").on(t.archived, t.last_visit.desc().nullsLast(), t.id.desc().nullsFirst()).where(sql`status <> 'converted'`),
    index("leads_tracking_url_idx").on(t.tracking_url_id),
    index("leads_policy_idx").on(t.policy_id),
    index("leads_email_lower_idx").on(sql`lower(${t.email})`),
    // One lead per person and agency: the lead-event call creates or updates it (reference 4.9).
    uniqueIndex("leads_email_agency_key").on(sql`lower(${t.email})`, t.agency_id),
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
  // The leads dashboard's statistics read a window's events from these alone (index-only: lead and tag ride along), an
  // agency tree's by the first: the events of one agency lie scattered over the whole table (server/routes/leads/leads.stats.ts).
  (t) => [
    index("lead_events_lead_idx").on(t.lead_id),
    index("lead_events_created_lead_tag_idx").on(t.created_at, t.lead_id, t.tag),
    index("lead_events_agency_created_lead_tag_idx").on(t.agency_id, t.created_at, t.lead_id, t.tag),
  ],
);

/**
 * The leads dashboard's statistics without reading a window's events (server/routes/leads/leads.stats.ts), kept by the
 * triggers of migrations 0042 and 0046 in the writing transaction (lead events written, edited or deleted; a lead's
 * status, agency, account, tracking URL or archiving changed; a lead deleted). Per group of leads, Los Angeles day,
 * series ('v' a visit: any event; 'a' an application step: a tag other than landing; 'p' the payment step), the
 * lead's being converted and archived, and the lead's previous day in the same series (`-infinity` for its first): how
 * many leads had that day and their events. A lead counts once over any window [start, end] on the one day of the
 * window whose previous day is before start, so visitors over a window are a sum over rows, not a count of distinct
 * leads over events. Every lead is in these groups, each of which holds a lead at most once:
 * - the platform (all ids 0) and its agency (`agency_id`, the others 0);
 * - its account (`account_id`), its tracking URL (`tracking_url_id`) and each product of its events
 *   (`policy_type_id`), each with the lead's agency (0 without one) and the other two ids 0.
 */
export const leadDayStats = pgTable(
  "lead_day_stats",
  {
    tracking_url_id: integer("tracking_url_id").notNull().default(0),
    policy_type_id: integer("policy_type_id").notNull().default(0),
    account_id: integer("account_id").notNull().default(0),
    agency_id: integer("agency_id").notNull(),
    day: date("day").notNull(),
    series: text("series", { enum: ["v", "a", "p"] }).notNull(),
    converted: boolean("converted").notNull(),
    archived: boolean("archived").notNull().default(false),
    prev_day: date("prev_day").notNull(),
    leads: integer("leads").notNull(),
    events: integer("events").notNull(),
  },
  (t) => [primaryKey({ name: "lead_day_stats_pkey", columns: [t.tracking_url_id, t.policy_type_id, t.account_id, t.agency_id, t.day, t.series, t.converted, t.archived, t.prev_day] })],
);

/**
 * A campaign link of an agency (reference section 3.6; document 3 sections 3 and 7): leads arriving through it carry
 * its campaign fields. `archived` is the list's Archived filter (readings C-33); DELETE sets `deleted_at` and the URL
 * leaves every list.
 */
export const TRACKING_LANDING_PAGES = ["rentguarantee", "residential", "commercial"] as const;

export const trackingUrls = pgTable(
  "tracking_urls",
  {
    id: idColumn(),
    landing_page: text("landing_page", { enum: TRACKING_LANDING_PAGES }).notNull(),
    campaign_name: text("campaign_name").notNull(),
    campaign_source: text("campaign_source"),
    campaign_medium: text("campaign_medium"),
    campaign_term: text("campaign_term"),
    campaign_content: text("campaign_content"),
    agency_id: integer("agency_id").notNull(),
    branding_profile_id: integer("branding_profile_id"),
    archived: boolean("archived").notNull().default(false),
    deleted_at: timestamp("deleted_at", { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [index("tracking_urls_agency_idx").on(t.agency_id)],
);
