import { sql } from "drizzle-orm";
import { type AnyPgColumn, boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { carriers } from "./carriers";
import { accounts, agencies } from "./organisations";
import { idColumn, timestamps } from "./columns";
import { staff } from "./staff";

/** Fixed ids as document 3 section 3 gives them: 1–3 communities, 4–5 units, 7 buildings. */
export const insurableTypes = pgTable("insurable_types", {
  id: integer("id").primaryKey(),
  title: text("title").notNull(),
  category: text("category", { enum: ["property", "entity"] }).notNull().default("property"),
  enabled: boolean("enabled").notNull().default(true),
});

/** Communities, buildings and units. A child shares its parent's account (enforced in the insurable service). */
export const insurables = pgTable(
  "insurables",
  {
    id: idColumn(),
    title: text("title").notNull(),
    enabled: boolean("enabled").notNull().default(true),
    account_id: integer("account_id").references(() => accounts.id),
    agency_id: integer("agency_id").references(() => agencies.id),
    insurable_type_id: integer("insurable_type_id")
      .notNull()
      .references(() => insurableTypes.id),
    insurable_id: integer("insurable_id").references((): AnyPgColumn => insurables.id),
    category: text("category", { enum: ["property", "entity"] }).notNull().default("property"),
    covered: boolean("covered").notNull().default(false),
    expanded_covered: jsonb("expanded_covered").notNull().default({}),
    occupied: boolean("occupied").notNull().default(false),
    confirmed: boolean("confirmed").notNull().default(true),
    preferred_ho4: boolean("preferred_ho4").notNull().default(false),
    additional_interest: boolean("additional_interest").notNull().default(false),
    additional_interest_name: text("additional_interest_name"),
    minimum_liability: integer("minimum_liability"),
    special_status: text("special_status", { enum: ["none", "affordable"] }).notNull().default("none"),
    ...timestamps(),
  },
  (t) => [
    index("insurables_account_idx").on(t.account_id, t.insurable_type_id),
    // With the type: a community's or building's unit and building counts (the grids' per-row counts) from the index
    // alone, instead of visiting each of its 100 units' rows.
    index("insurables_parent_type_idx").on(t.insurable_id, t.insurable_type_id),
    // An agency's properties in title order, with the type and title (units grid at 1M, issue 11): an agent's page is
    // read agency by agency in this order (list.ts, Partitioned pages) and the count of its units is an index-only scan,
    // instead of visiting each of the tree's 5,000 scattered unit rows twice (to count, then to order).
    index("insurables_agency_title_idx").on(t.agency_id, sql`lower(${t.title})`, t.id, t.insurable_type_id, t.title),
    // The grids' title order with its tie-breaker, the type and the title: page 1 of 500,000 units named 'Unit 100' …
    // 'Unit 199' (5,000 ties each) is the index's first 20 entries, where ordering the first title's 5,000 rows by id
    // visited each of them; a title search counts from the index alone.
    index("insurables_title_order_idx").on(sql`lower(${t.title})`, t.id, t.insurable_type_id, t.title),
    // A community's (or building's) units open to cover (top_available): whether it has one, and how many, from the
    // index alone instead of each unit's row.
    index("insurables_open_units_idx").on(t.insurable_id).where(sql`insurable_type_id IN (4, 5) AND enabled AND NOT covered`),
    // A type's properties by title (the communities grid: types 1-3 of 505,000 insurables at 1M): the count and the
    // page's 5,000 candidates from the index alone, not a scan of every unit.
    index("insurables_type_title_idx").on(t.insurable_type_id, sql`lower(${t.title})`, t.id),
    // The grids' title search (contains) on 500,000 units reads the index, not every row.
    index("insurables_title_trgm_idx").using("gin", sql`lower(${t.title}) gin_trgm_ops`),
  ],
);

export const RATE_INTERVALS = ["month", "quarter", "bi_annual", "annual"] as const;

/**
 * A community's rates (only type 1 has rates, document 3 section 3): premium in cents per interval for a coverage
 * limit and deductible (cents), switched on or off, mandatory or optional.
 */
export const insurableRates = pgTable(
  "insurable_rates",
  {
    id: idColumn(),
    insurable_id: integer("insurable_id")
      .notNull()
      .references(() => insurables.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    interval: text("interval", { enum: RATE_INTERVALS }).notNull().default("month"),
    premium: integer("premium").notNull(),
    coverage_limits: jsonb("coverage_limits").$type<Record<string, number>>().notNull().default({}),
    deductibles: jsonb("deductibles").$type<Record<string, number>>().notNull().default({}),
    enabled: boolean("enabled").notNull().default(true),
    mandatory: boolean("mandatory").notNull().default(false),
    ...timestamps(),
  },
  (t) => [index("insurable_rates_insurable_idx").on(t.insurable_id)],
);

/** The CSV imports a file can go to (issue 16 section 5); each is one kind of row in insurable_imports. */
export const CSV_IMPORT_KINDS = ["properties", "leases", "tracking_urls", "insurable_updates"] as const;
export type CsvImportKind = (typeof CSV_IMPORT_KINDS)[number];

/**
 * A CSV file being imported (reference section 4.12: Add a Property, upload a file; issue 16: leases, tracking URLs
 * and insurable updates too, the table keeping its first name): who sent it, the stored file, how far the background
 * job got and what it did. A file is applied in one transaction: all or nothing. `account_id`/`agency_id` are the
 * tenant it belongs to, for the list of past uploads (the community's account for leases, else the sender's
 * organisation; an account's agency beside it), none for a super admin's own.
 */
export const insurableImports = pgTable(
  "insurable_imports",
  {
    id: idColumn(),
    kind: text("kind", { enum: CSV_IMPORT_KINDS }).notNull().default("properties"),
    account_id: integer("account_id"),
    agency_id: integer("agency_id"),
    /** What the import needs beside the file (leases: the community). */
    params: jsonb("params"),
    staff_id: integer("staff_id").notNull(),
    file_name: text("file_name").notNull(),
    storage_key: text("storage_key").notNull(),
    /** The caller's scope when it was sent (the job creates only inside it). */
    scope: jsonb("scope").notNull(),
    status: text("status", { enum: ["queued", "running", "done", "failed"] }).notNull().default("queued"),
    total_rows: integer("total_rows"),
    processed_rows: integer("processed_rows").notNull().default(0),
    result: jsonb("result"),
    /** The result file in the file store: every row of the file with its outcome (created, existed, updated, error, not_imported). */
    result_key: text("result_key"),
    error: text("error"),
    ...timestamps(),
  },
  (t) => [
    index("insurable_imports_staff_idx").on(t.staff_id, t.created_at),
    index("insurable_imports_account_idx").on(t.account_id, t.created_at),
    index("insurable_imports_agency_idx").on(t.agency_id, t.created_at),
  ],
);

/** A trait value of a carrier's profile of a community: what the carrier rates it by. */
export type ProfileTrait = string | number | boolean | null;

/**
 * What an in-system carrier knows of a community (document 3 section 7, carrier-insurable-profiles): its id for the
 * property at the carrier and the traits it rates by (facility, construction, protection, management…). One per
 * carrier and community.
 */
export const carrierInsurableProfiles = pgTable(
  "carrier_insurable_profiles",
  {
    id: idColumn(),
    carrier_id: integer("carrier_id")
      .notNull()
      .references(() => carriers.id, { onDelete: "cascade" }),
    insurable_id: integer("insurable_id")
      .notNull()
      .references(() => insurables.id, { onDelete: "cascade" }),
    external_carrier_id: text("external_carrier_id"),
    traits: jsonb("traits").$type<Record<string, ProfileTrait>>().notNull().default({}),
    data: jsonb("data").$type<Record<string, unknown>>().notNull().default({}),
    ...timestamps(),
  },
  (t) => [uniqueIndex("carrier_insurable_profiles_key").on(t.insurable_id, t.carrier_id)],
);

/**
 * A property manager's communities (reference section 3.1 `assignments`: staff_id, assignable, primary). A staff
 * member with at least one sees only those communities and what lies under them (server/lib/scope.ts).
 */
export const assignments = pgTable(
  "assignments",
  {
    id: idColumn(),
    staff_id: integer("staff_id")
      .notNull()
      .references(() => staff.id, { onDelete: "cascade" }),
    insurable_id: integer("insurable_id")
      .notNull()
      .references(() => insurables.id, { onDelete: "cascade" }),
    primary: boolean("primary").notNull().default(false),
    ...timestamps(),
  },
  (t) => [uniqueIndex("assignments_staff_insurable_key").on(t.staff_id, t.insurable_id), index("assignments_insurable_idx").on(t.insurable_id)],
);
