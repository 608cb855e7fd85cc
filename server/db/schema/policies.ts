import { sql } from "drizzle-orm";
import { type AnyPgColumn, bigint, boolean, date, index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { BILLING_STATUSES, CANCELLATION_REASONS, COVERAGE_DESIGNATIONS, POLICY_STATUSES, RENEWAL_STATUSES } from "../../../src/domain/policies";
import { carriers } from "./carriers";
import { users } from "./customers";
import { insurables } from "./insurables";
import { accounts, agencies } from "./organisations";
import { idColumn, timestamps } from "./columns";

export const policyTypes = pgTable("policy_types", {
  id: integer("id").primaryKey(),
  title: text("title").notNull(),
  slug: text("slug").notNull(),
  designation: text("designation"),
  enabled: boolean("enabled").notNull().default(true),
  master: boolean("master").notNull().default(false),
  master_coverage: boolean("master_coverage").notNull().default(false),
});

/**
 * Policies bought in the platform (policy_in_system) and proofs of coverage uploaded by residents (external).
 * Money columns are cents. system_data holds review data such as rejection_reasons (document 2 section 3).
 */
export const policies = pgTable(
  "policies",
  {
    id: idColumn(),
    number: text("number").notNull(),
    effective_date: date("effective_date"),
    expiration_date: date("expiration_date"),
    auto_renew: boolean("auto_renew").notNull().default(false),
    auto_pay: boolean("auto_pay").notNull().default(false),
    status: text("status", { enum: POLICY_STATUSES }).notNull(),
    billing_status: text("billing_status", { enum: BILLING_STATUSES }),
    renewal_status: text("renewal_status", { enum: RENEWAL_STATUSES }).notNull().default("NONE"),
    system_purchased: boolean("system_purchased").notNull().default(false),
    system_data: jsonb("system_data").$type<Record<string, unknown>>().notNull().default({}),
    agency_id: integer("agency_id").references(() => agencies.id),
    account_id: integer("account_id").references(() => accounts.id),
    carrier_id: integer("carrier_id").references(() => carriers.id),
    policy_type_id: integer("policy_type_id")
      .notNull()
      .references(() => policyTypes.id),
    policy_in_system: boolean("policy_in_system").notNull().default(false),
    policy_group_id: integer("policy_group_id"),
    policy_id: integer("policy_id").references((): AnyPgColumn => policies.id),
    out_of_system_carrier_title: text("out_of_system_carrier_title"),
    cancellation_reason: text("cancellation_reason", { enum: CANCELLATION_REASONS }),
    cancellation_date: date("cancellation_date"),
    marked_for_cancellation: boolean("marked_for_cancellation").notNull().default(false),
    marked_for_cancellation_info: text("marked_for_cancellation_info"),
    premium_total: bigint("premium_total", { mode: "number" }),
    /**
     * What the grid's and the review queue's contains-searches look in (issue 11): one line per value, `p:` the number,
     * then per customer `n:` full name, `e:` login email, `c:` contact email, `t:` each T code, lower-cased. Kept by the
     * triggers of migration 0013 in the writing transaction; never written by the services. server/lib/search.ts.
     */
    search: text("search").notNull().default(""),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("policies_number_key").on(t.number),
    index("policies_account_idx").on(t.account_id, t.status),
    index("policies_agency_idx").on(t.agency_id, t.status),
    index("policies_carrier_idx").on(t.carrier_id),
    index("policies_type_idx").on(t.policy_type_id),
    // A master policy's unit coverages are its children (reference section 4.10).
    index("policies_parent_idx").on(t.policy_id),
    index("policies_created_at_idx").on(t.created_at),
    index("policies_number_lower_idx").on(sql`lower(${t.number})`),
    // The grid's default order (updated_at desc, id desc as tie-breaker; never null, so ordered plainly and read
    // backwards): page 1 of 1,000,000 without a sort; with status first, deep pages of one status skip index entries only.
    // The number and effective date after the unique (updated_at, id) leave the order as it is and let a number
    // search or a date range be tested on the index alone while walking it (migration 0049).
    index("policies_updated_at_id_idx").on(t.updated_at, t.id, t.number, t.effective_date),
    index("policies_status_updated_at_idx").on(t.status, t.updated_at, t.id),
    // An agency tree's policies gathered from the index alone (runList orders at most 10,000 rows it gathered), and
    // with them the grid's carrier, type and effective date filters, counted and paged without visiting the table.
    index("policies_agency_updated_at_idx").on(t.agency_id, t.updated_at, t.id, t.carrier_id, t.policy_type_id, t.effective_date),
    // An effective-date range counted to its cap from the index alone (a quarter holds 160,000 of 1,000,000).
    index("policies_effective_date_idx").on(t.effective_date, t.id),
    index("policies_number_trgm_idx").using("gin", sql`lower(${t.number}) gin_trgm_ops`),
    index("policies_search_trgm_idx").using("gin", sql`${t.search} gin_trgm_ops`),
  ],
);

export const policyUsers = pgTable(
  "policy_users",
  {
    id: idColumn(),
    policy_id: integer("policy_id")
      .notNull()
      .references(() => policies.id, { onDelete: "cascade" }),
    user_id: integer("user_id")
      .notNull()
      .references(() => users.id),
    primary: boolean("primary").notNull().default(false),
    spouse: boolean("spouse").notNull().default(false),
    status: text("status", { enum: ["invited", "accepted", "disputed", "removed"] }).notNull().default("accepted"),
    ...timestamps(),
  },
  (t) => [index("policy_users_policy_idx").on(t.policy_id), index("policy_users_user_idx").on(t.user_id)],
);

export const policyInsurables = pgTable(
  "policy_insurables",
  {
    id: idColumn(),
    policy_id: integer("policy_id")
      .notNull()
      .references(() => policies.id, { onDelete: "cascade" }),
    insurable_id: integer("insurable_id")
      .notNull()
      .references(() => insurables.id),
    primary: boolean("primary").notNull().default(true),
    current: boolean("current").notNull().default(true),
    auto_assign: boolean("auto_assign").notNull().default(false),
    ...timestamps(),
  },
  (t) => [index("policy_insurables_policy_idx").on(t.policy_id), index("policy_insurables_insurable_idx").on(t.insurable_id)],
);

export const policyCoverages = pgTable(
  "policy_coverages",
  {
    id: idColumn(),
    policy_id: integer("policy_id")
      .notNull()
      .references(() => policies.id, { onDelete: "cascade" }),
    title: text("title"),
    designation: text("designation", { enum: COVERAGE_DESIGNATIONS }).notNull(),
    limit: bigint("limit", { mode: "number" }),
    deductible: bigint("deductible", { mode: "number" }),
    occurrence_limit: bigint("occurrence_limit", { mode: "number" }),
    aggregate_limit: bigint("aggregate_limit", { mode: "number" }),
    enabled: boolean("enabled").notNull().default(true),
    ...timestamps(),
  },
  (t) => [index("policy_coverages_policy_idx").on(t.policy_id)],
);

/**
 * What the customer applied with (document 2 section 3: policy_application{fields, extra_settings}): the
 * rent-guarantee applicant's employment and landlord, a commercial policy's business, guarantee option and rent.
 * `fields` is deep-merged on update (reference section 4.4).
 */
export const policyApplications = pgTable(
  "policy_applications",
  {
    id: idColumn(),
    policy_id: integer("policy_id")
      .notNull()
      .references(() => policies.id, { onDelete: "cascade" }),
    status: text("status", { enum: ["started", "in_progress", "complete", "quoted", "accepted", "rejected"] }).notNull().default("accepted"),
    fields: jsonb("fields").$type<Record<string, unknown>>().notNull().default({}),
    extra_settings: jsonb("extra_settings").$type<Record<string, unknown>>().notNull().default({}),
    ...timestamps(),
  },
  (t) => [uniqueIndex("policy_applications_policy_key").on(t.policy_id)],
);

/** A master policy's programme settings (document 2 section 3); money columns are cents (readings C-35). */
export const masterPolicyConfigurations = pgTable(
  "master_policy_configurations",
  {
    id: idColumn(),
    configurable_type: text("configurable_type", { enum: ["Policy", "Insurable"] }).notNull(),
    configurable_id: integer("configurable_id").notNull(),
    program_type: text("program_type", { enum: ["auto", "opt_in", "opt_out"] }).notNull().default("auto"),
    program_start_date: date("program_start_date"),
    program_delay: integer("program_delay").notNull().default(0),
    grace_period: integer("grace_period").notNull().default(0),
    placement_cost: bigint("placement_cost", { mode: "number" }).notNull().default(0),
    force_placement_cost: bigint("force_placement_cost", { mode: "number" }),
    prorate_charges: boolean("prorate_charges").notNull().default(false),
    admin_fee: bigint("admin_fee", { mode: "number" }).notNull().default(0),
    force_admin_fee: bigint("force_admin_fee", { mode: "number" }),
    prorate_admin_fee: boolean("prorate_admin_fee").notNull().default(false),
    charge_date: integer("charge_date"),
    enabled: boolean("enabled").notNull().default(true),
    ...timestamps(),
  },
  (t) => [uniqueIndex("master_policy_configurations_configurable_key").on(t.configurable_type, t.configurable_id)],
);

/** The priced offer a policy was bought from (reference section 3.5); amounts are cents. */
export const policyQuotes = pgTable(
  "policy_quotes",
  {
    id: idColumn(),
    policy_id: integer("policy_id").references(() => policies.id, { onDelete: "cascade" }),
    policy_application_id: integer("policy_application_id"),
    reference: text("reference").notNull(),
    status: text("status", { enum: ["awaiting_estimate", "estimated", "quoted", "quote_failed", "accepted", "declined", "error"] }).notNull().default("accepted"),
    total_premium: bigint("total_premium", { mode: "number" }).notNull().default(0),
    total_fee: bigint("total_fee", { mode: "number" }).notNull().default(0),
    total_tax: bigint("total_tax", { mode: "number" }).notNull().default(0),
    total: bigint("total", { mode: "number" }).notNull().default(0),
    billing_strategy: text("billing_strategy"),
    ...timestamps(),
  },
  (t) => [index("policy_quotes_policy_idx").on(t.policy_id)],
);
