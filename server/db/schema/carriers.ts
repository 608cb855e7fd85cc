import { boolean, index, integer, jsonb, numeric, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { agencies } from "./organisations";
import { idColumn, timestamps } from "./columns";

export const CARRIER_DESIGNATIONS = ["qbe", "qbe_specialty", "crum", "pensio", "msi", "dc", "out_of_system"] as const;
export const FEE_AMOUNT_TYPES = ["FLAT", "PERCENTAGE"] as const;
export const FEE_TYPES = ["ORIGINATION", "RENEWAL", "REINSTATEMENT", "MISC"] as const;
export const COMMISSION_RECIPIENT_TYPES = ["Agency", "Carrier"] as const;

export const carriers = pgTable(
  "carriers",
  {
    id: idColumn(),
    title: text("title").notNull(),
    call_sign: text("call_sign"),
    integration_designation: text("integration_designation", { enum: CARRIER_DESIGNATIONS }),
    syncable: boolean("syncable").notNull().default(false),
    rateable: boolean("rateable").notNull().default(false),
    quotable: boolean("quotable").notNull().default(false),
    bindable: boolean("bindable").notNull().default(false),
    verifiable: boolean("verifiable").notNull().default(false),
    enabled: boolean("enabled").notNull().default(true),
    synonyms: text("synonyms"),
    /** AM Best financial strength rating ("A-"), read by requirement profiles' minimum rating (issue 17). */
    am_best_rating: text("am_best_rating"),
    is_system: boolean("is_system").notNull().default(false),
    ...timestamps(),
  },
  (t) => [uniqueIndex("carriers_title_key").on(t.title)],
);

/** The policy types a carrier writes (reference section 3.3), with its refund rule. */
export const carrierPolicyTypes = pgTable(
  "carrier_policy_types",
  {
    id: idColumn(),
    carrier_id: integer("carrier_id")
      .notNull()
      .references(() => carriers.id, { onDelete: "cascade" }),
    policy_type_id: integer("policy_type_id").notNull(),
    max_days_for_full_refund: integer("max_days_for_full_refund").notNull().default(31),
    premium_proration_calculation: text("premium_proration_calculation").notNull().default("per_payment_term"),
    premium_proration_refunds_allowed: boolean("premium_proration_refunds_allowed").notNull().default(true),
    ...timestamps(),
  },
  (t) => [uniqueIndex("carrier_policy_types_key").on(t.carrier_id, t.policy_type_id)],
);

/** Whether a carrier writes a policy type in a state (50 states + DC, document 3 section 9). */
export const carrierPolicyTypeAvailabilities = pgTable(
  "carrier_policy_type_availabilities",
  {
    id: idColumn(),
    carrier_policy_type_id: integer("carrier_policy_type_id")
      .notNull()
      .references(() => carrierPolicyTypes.id, { onDelete: "cascade" }),
    state: text("state").notNull(),
    available: boolean("available").notNull().default(false),
    ...timestamps(),
  },
  (t) => [uniqueIndex("carrier_policy_type_availabilities_key").on(t.carrier_policy_type_id, t.state)],
);

/** A carrier assigned to an agency (one per pair). */
export const carrierAgencies = pgTable(
  "carrier_agencies",
  {
    id: idColumn(),
    carrier_id: integer("carrier_id")
      .notNull()
      .references(() => carriers.id, { onDelete: "cascade" }),
    agency_id: integer("agency_id")
      .notNull()
      .references(() => agencies.id),
    ...timestamps(),
  },
  (t) => [uniqueIndex("carrier_agencies_key").on(t.carrier_id, t.agency_id), index("carrier_agencies_agency_idx").on(t.agency_id)],
);

/** Commission strategies: who receives what share of a carrier's premium (reference section 3.3). */
export const commissionStrategies = pgTable(
  "commission_strategies",
  {
    id: idColumn(),
    title: text("title").notNull(),
    carrier_id: integer("carrier_id")
      .notNull()
      .references(() => carriers.id, { onDelete: "cascade" }),
    /** Percent of the premium, two decimals (12.5 = 12.5 %). */
    percentage: numeric("percentage", { precision: 5, scale: 2, mode: "number" }).notNull(),
    recipient_type: text("recipient_type", { enum: COMMISSION_RECIPIENT_TYPES }).notNull(),
    recipient_id: integer("recipient_id").notNull(),
    commission_strategy_id: integer("commission_strategy_id"),
    ...timestamps(),
  },
  (t) => [index("commission_strategies_carrier_idx").on(t.carrier_id)],
);

/** The policy types an agency sells for a carrier, each with its commission strategy. */
export const carrierAgencyPolicyTypes = pgTable(
  "carrier_agency_policy_types",
  {
    id: idColumn(),
    carrier_agency_id: integer("carrier_agency_id")
      .notNull()
      .references(() => carrierAgencies.id, { onDelete: "cascade" }),
    policy_type_id: integer("policy_type_id").notNull(),
    commission_strategy_id: integer("commission_strategy_id").references(() => commissionStrategies.id, { onDelete: "set null" }),
    ...timestamps(),
  },
  (t) => [uniqueIndex("carrier_agency_policy_types_key").on(t.carrier_agency_id, t.policy_type_id)],
);

/** Where an agency may sell a carrier's policies, per state. */
export const carrierAgencyAuthorizations = pgTable(
  "carrier_agency_authorizations",
  {
    id: idColumn(),
    carrier_agency_id: integer("carrier_agency_id")
      .notNull()
      .references(() => carrierAgencies.id, { onDelete: "cascade" }),
    policy_type_id: integer("policy_type_id").notNull(),
    state: text("state").notNull(),
    available: boolean("available").notNull().default(true),
    zip_code_blacklist: jsonb("zip_code_blacklist").$type<string[]>().notNull().default([]),
    ...timestamps(),
  },
  (t) => [uniqueIndex("carrier_agency_authorizations_key").on(t.carrier_agency_id, t.policy_type_id, t.state)],
);

/** How an agency bills a carrier's policy type: payments per term and their split (reference section 3.3). */
export const billingStrategies = pgTable(
  "billing_strategies",
  {
    id: idColumn(),
    title: text("title").notNull(),
    enabled: boolean("enabled").notNull().default(true),
    carrier_id: integer("carrier_id")
      .notNull()
      .references(() => carriers.id, { onDelete: "cascade" }),
    agency_id: integer("agency_id")
      .notNull()
      .references(() => agencies.id),
    policy_type_id: integer("policy_type_id").notNull(),
    /** `{payments: [12 percentages], payments_per_term}`. */
    new_business: jsonb("new_business").$type<{ payments: number[]; payments_per_term: number }>().notNull(),
    ...timestamps(),
  },
  (t) => [index("billing_strategies_carrier_idx").on(t.carrier_id, t.agency_id)],
);

/**
 * Fees a carrier's policies carry, owned by the carrier (agency_id null) or by one agency. `amount` is cents for FLAT
 * and hundredths of a percent for PERCENTAGE (250 = 2.5 %): both are shown divided by 100.
 */
export const fees = pgTable(
  "fees",
  {
    id: idColumn(),
    title: text("title").notNull(),
    amount: integer("amount").notNull(),
    amount_type: text("amount_type", { enum: FEE_AMOUNT_TYPES }).notNull(),
    type: text("type", { enum: FEE_TYPES }).notNull(),
    enabled: boolean("enabled").notNull().default(true),
    carrier_id: integer("carrier_id")
      .notNull()
      .references(() => carriers.id, { onDelete: "cascade" }),
    agency_id: integer("agency_id").references(() => agencies.id),
    billing_strategy_id: integer("billing_strategy_id").references(() => billingStrategies.id, { onDelete: "cascade" }),
    ...timestamps(),
  },
  (t) => [index("fees_carrier_idx").on(t.carrier_id, t.agency_id)],
);
