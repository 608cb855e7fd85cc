import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { ROLES } from "../../../src/domain/roles";
import { idColumn, timestamps } from "./columns";

/** Back-office users. One role per staff, matching its organizable (DESIGN.md section 3). */
export const staff = pgTable(
  "staffs",
  {
    id: idColumn(),
    email: text("email").notNull(),
    encrypted_password: text("encrypted_password"),
    role: text("role", { enum: ROLES }).notNull(),
    organizable_type: text("organizable_type", { enum: ["Account", "Agency"] }),
    organizable_id: integer("organizable_id"),
    enabled: boolean("enabled").notNull().default(false),
    owner: boolean("owner").notNull().default(false),
    notification_options: jsonb("notification_options").notNull().default({}),
    settings: jsonb("settings").notNull().default({}),
    invitation_token_hash: text("invitation_token_hash"),
    invitation_sent_at: timestamp("invitation_sent_at", { withTimezone: true }),
    invitation_accepted_at: timestamp("invitation_accepted_at", { withTimezone: true }),
    reset_password_token_hash: text("reset_password_token_hash"),
    reset_password_sent_at: timestamp("reset_password_sent_at", { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("staffs_email_lower_key").on(sql`lower(${t.email})`),
    index("staffs_organizable_idx").on(t.organizable_type, t.organizable_id),
    index("staffs_created_at_idx").on(t.created_at),
    check(
      "staffs_role_matches_organizable",
      sql`(${t.role} = 'staff' AND ${t.organizable_type} = 'Account' AND ${t.organizable_id} IS NOT NULL)
        OR (${t.role} = 'agent' AND ${t.organizable_type} = 'Agency' AND ${t.organizable_id} IS NOT NULL)
        OR (${t.role} IN ('super_admin', 'policy_support'))`,
    ),
  ],
);

/** One row per signed-in client (devise_token_auth's `client`); the token is stored hashed and never rotates. */
export const staffSessions = pgTable(
  "staff_sessions",
  {
    id: idColumn(),
    staff_id: integer("staff_id")
      .notNull()
      .references(() => staff.id, { onDelete: "cascade" }),
    client: text("client").notNull(),
    token_hash: text("token_hash").notNull(),
    expires_at: timestamp("expires_at", { withTimezone: true }).notNull(),
    last_used_at: timestamp("last_used_at", { withTimezone: true }).notNull().defaultNow(),
    user_agent: text("user_agent"),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("staff_sessions_staff_client_key").on(t.staff_id, t.client)],
);

/** A staff's permission flags: key → on/off. No rows = every key on (document 1 section 5). */
export const staffPermissions = pgTable(
  "staff_permissions",
  {
    staff_id: integer("staff_id")
      .notNull()
      .references(() => staff.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    value: boolean("value").notNull(),
  },
  (t) => [primaryKey({ columns: [t.staff_id, t.key] })],
);

/** An agency's permission set; staff of the agency cannot hold a key the agency lacks (reference section 3.2). */
export const agencyPermissions = pgTable(
  "agency_permissions",
  {
    agency_id: integer("agency_id").notNull(),
    key: text("key").notNull(),
    value: boolean("value").notNull(),
  },
  (t) => [primaryKey({ columns: [t.agency_id, t.key] })],
);

/**
 * An account's permission set: it narrows its agency's, never widens it (reference section 3.2). No rows = the
 * account narrows nothing. Its staff hold agency ∩ account ∩ their own keys (server/lib/permission-sets.ts).
 */
export const accountPermissions = pgTable(
  "account_permissions",
  {
    account_id: integer("account_id").notNull(),
    key: text("key").notNull(),
    value: boolean("value").notNull(),
  },
  (t) => [primaryKey({ columns: [t.account_id, t.key] })],
);

/** Failed sign-ins, kept in the database so throttling holds across API processes. */
export const signInFailures = pgTable(
  "sign_in_failures",
  {
    id: idColumn(),
    email: text("email").notNull(),
    ip: text("ip").notNull(),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("sign_in_failures_email_idx").on(t.email, t.created_at), index("sign_in_failures_ip_idx").on(t.ip, t.created_at)],
);

/** Requests counted per key for limits that are not sign-in failures: password-reset requests per client address. */
export const throttleHits = pgTable(
  "throttle_hits",
  {
    id: idColumn(),
    kind: text("kind").notNull(),
    key: text("key").notNull(),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("throttle_hits_kind_key_idx").on(t.kind, t.key, t.created_at)],
);

/**
 * Secrets the platform makes for itself once and keeps across restarts and processes: the key that signs download
 * links when FILES_SECRET is not set.
 */
export const appSecrets = pgTable("app_secrets", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
