import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { accounts } from "./organisations";
import { idColumn, timestamps } from "./columns";

/** Customers (residents). The has_* flags are kept by the policy and lease services (reference section 3.1). */
export const users = pgTable(
  "users",
  {
    id: idColumn(),
    email: text("email").notNull(),
    encrypted_password: text("encrypted_password"),
    enabled: boolean("enabled").notNull().default(true),
    has_existing_policies: boolean("has_existing_policies").notNull().default(false),
    has_current_leases: boolean("has_current_leases").notNull().default(false),
    has_leases: boolean("has_leases").notNull().default(false),
    stripe_id: text("stripe_id"),
    /**
     * What the customers list's contains-searches look in (issue 11; server/lib/search.ts): `e:` login email, `n:` full
     * name, `c:` contact email, `f:` contact phone, `t:` each T code, `p:` each policy's number, one line per value,
     * lower-cased. Kept by the triggers of migration 0013; never written by the services.
     */
    search: text("search").notNull().default(""),
    ...timestamps(),
  },
  (t) => [uniqueIndex("users_email_lower_key").on(sql`lower(${t.email})`), index("users_created_at_idx").on(t.created_at, t.id),
    index("users_email_trgm_idx").using("gin", sql`lower(${t.email}) gin_trgm_ops`),
    index("users_search_trgm_idx").using("gin", sql`${t.search} gin_trgm_ops`),
  ],
);

export const accountUsers = pgTable(
  "account_users",
  {
    account_id: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    user_id: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status", { enum: ["pending", "enabled", "disabled"] }).notNull().default("enabled"),
    /**
     * The customer's users.created_at, copied here so a tenant's customers are ordered and counted from this table's
     * index alone (the customers list's default order, newest first: an agent's 8,000 customers without visiting
     * users). Kept by the triggers of migration 0049; the default only stands for inserts that name no value.
     */
    user_created_at: timestamp("user_created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.account_id, t.user_id] }),
    index("account_users_user_idx").on(t.user_id),
    index("account_users_account_created_idx").on(t.account_id, t.user_created_at, t.user_id),
  ],
);

/**
 * Links to records in property-management systems. A customer's T code is the external_id of its first
 * resident profile (reference section 3.6).
 */
export const integrationProfiles = pgTable(
  "integration_profiles",
  {
    id: idColumn(),
    integration_id: integer("integration_id"),
    external_id: text("external_id").notNull(),
    external_context: text("external_context").notNull().default("resident"),
    profileable_type: text("profileable_type", { enum: ["User", "Insurable", "Lease"] }).notNull(),
    profileable_id: integer("profileable_id").notNull(),
    ...timestamps(),
  },
  (t) => [
    index("integration_profiles_profileable_idx").on(t.profileable_type, t.profileable_id),
    // An integration links one record of ours to each of its records, so a sync run twice never makes two.
    uniqueIndex("integration_profiles_external_key").on(t.integration_id, t.external_context, t.external_id).where(sql`integration_id IS NOT NULL`),
    index("integration_profiles_external_id_lower_idx").on(sql`lower(${t.external_id})`),
    index("integration_profiles_external_id_trgm_idx").using("gin", sql`lower(${t.external_id}) gin_trgm_ops`),
  ],
);
