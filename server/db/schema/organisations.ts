import { sql } from "drizzle-orm";
import { type AnyPgColumn, boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { idColumn, timestamps } from "./columns";

/** Agencies: two levels only (a sub-agency's parent must be top-level; enforced in the agency service). */
export const agencies = pgTable(
  "agencies",
  {
    id: idColumn(),
    title: text("title").notNull(),
    slug: text("slug"),
    call_sign: text("call_sign"),
    enabled: boolean("enabled").notNull().default(false),
    whitelabel: boolean("whitelabel").notNull().default(false),
    tos_accepted: boolean("tos_accepted").notNull().default(false),
    contact_info: jsonb("contact_info").$type<{ contact_phone?: string; contact_email?: string }>().notNull().default({}),
    agency_id: integer("agency_id").references((): AnyPgColumn => agencies.id),
    staff_id: integer("staff_id"),
    producer_code: text("producer_code"),
    carrier_preferences: jsonb("carrier_preferences").notNull().default({}),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("agencies_call_sign_key").on(t.call_sign),
    uniqueIndex("agencies_producer_code_key").on(t.producer_code),
    index("agencies_agency_id_idx").on(t.agency_id),
    index("agencies_title_lower_idx").on(sql`lower(${t.title})`),
    check("agencies_not_own_parent", sql`${t.agency_id} IS NULL OR ${t.agency_id} <> ${t.id}`),
  ],
);

/** Property-management accounts (reference section 3.1). minimum_liability is cents. */
export const accounts = pgTable(
  "accounts",
  {
    id: idColumn(),
    title: text("title").notNull(),
    slug: text("slug"),
    enabled: boolean("enabled").notNull().default(true),
    whitelabel: boolean("whitelabel").notNull().default(false),
    contact_info: jsonb("contact_info").$type<{ contact_phone?: string; contact_email?: string }>().notNull().default({}),
    staff_id: integer("staff_id"),
    agency_id: integer("agency_id")
      .notNull()
      .references(() => agencies.id),
    additional_interest: boolean("additional_interest").notNull().default(true),
    additional_interest_name: text("additional_interest_name"),
    minimum_liability: integer("minimum_liability"),
    /** The account's connected card-payment provider account (GET /stripe/connect), null until connected. */
    stripe_account_id: text("stripe_account_id"),
    ...timestamps(),
  },
  (t) => [index("accounts_agency_id_idx").on(t.agency_id), index("accounts_title_lower_idx").on(sql`lower(${t.title})`)],
);

/**
 * Branding profiles (reference 3.1): one per agency, made with it (the `agencies_branding_profile` trigger of
 * migration 0031, so no path that inserts an agency can skip it): the colours, logo and contact texts its tracking
 * URLs and lead pages show. The logo is a document (server/files) attached to the profile.
 */
export const brandingProfiles = pgTable(
  "branding_profiles",
  {
    id: idColumn(),
    profileable_type: text("profileable_type", { enum: ["Agency"] }).notNull().default("Agency"),
    profileable_id: integer("profileable_id").notNull(),
    url: text("url"),
    enabled: boolean("enabled").notNull().default(true),
    primary_color: text("primary_color").notNull().default("#1d4e89"),
    secondary_color: text("secondary_color").notNull().default("#0f766e"),
    contact_phone: text("contact_phone"),
    contact_email: text("contact_email"),
    footer_text: text("footer_text"),
    logo_document_id: integer("logo_document_id"),
    ...timestamps(),
  },
  (t) => [uniqueIndex("branding_profiles_profileable_key").on(t.profileable_type, t.profileable_id), uniqueIndex("branding_profiles_url_key").on(t.url)],
);

/** Addresses of accounts, insurables and users (polymorphic, as the reference keeps them). */
export const addresses = pgTable(
  "addresses",
  {
    id: idColumn(),
    addressable_type: text("addressable_type", { enum: ["Account", "Agency", "Insurable", "User", "Lead"] }).notNull(),
    addressable_id: integer("addressable_id").notNull(),
    street_number: text("street_number"),
    street_name: text("street_name"),
    street_two: text("street_two"),
    city: text("city"),
    state: text("state"),
    county: text("county"),
    zip_code: text("zip_code"),
    country: text("country").notNull().default("US"),
    full: text("full"),
    primary: boolean("primary").notNull().default(true),
    ...timestamps(),
  },
  (t) => [index("addresses_addressable_idx").on(t.addressable_type, t.addressable_id)],
);

/** Profiles of staff, customers and leads. full_name is kept in step with first/middle/last by the services. */
export const profiles = pgTable(
  "profiles",
  {
    id: idColumn(),
    profileable_type: text("profileable_type", { enum: ["Staff", "User", "Lead"] }).notNull(),
    profileable_id: integer("profileable_id").notNull(),
    first_name: text("first_name"),
    last_name: text("last_name"),
    middle_name: text("middle_name"),
    full_name: text("full_name"),
    title: text("title"),
    suffix: text("suffix"),
    job_title: text("job_title"),
    contact_email: text("contact_email"),
    contact_phone: text("contact_phone"),
    birth_date: text("birth_date"),
    gender: text("gender", { enum: ["unspecified", "male", "female", "other"] }).notNull().default("unspecified"),
    salutation: text("salutation", { enum: ["unspecified", "mr", "mrs", "miss", "dr", "lord"] })
      .notNull()
      .default("unspecified"),
    language: text("language", { enum: ["en", "es"] }).notNull().default("en"),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("profiles_profileable_key").on(t.profileable_type, t.profileable_id),
    index("profiles_full_name_lower_idx").on(sql`lower(${t.full_name})`),
    index("profiles_contact_email_lower_idx").on(sql`lower(${t.contact_email})`),
    index("profiles_full_name_trgm_idx").using("gin", sql`lower(${t.full_name}) gin_trgm_ops`),
    index("profiles_contact_email_trgm_idx").using("gin", sql`lower(${t.contact_email}) gin_trgm_ops`),
  ],
);
