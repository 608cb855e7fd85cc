import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { PushedPolicy } from "../../integrations/provider";
import { insurables } from "./insurables";
import { accounts } from "./organisations";
import { policies } from "./policies";
import { idColumn, timestamps } from "./columns";

export const INTEGRATION_PROVIDERS = ["yardi", "entrata"] as const;
export type IntegrationProvider = (typeof INTEGRATION_PROVIDERS)[number];

/** The account's settings (reference section 4.13): renters insurance, billing and payments, sync. Never credentials. */
export interface IntegrationSettings {
  renters_insurance: { enabled: boolean };
  billing_and_payments: { enabled: boolean; master_policy_charge_code: string | null; master_policy_gla: string | null };
  sync: { pull_policies: boolean; push_policies: boolean; push_master_policy_invoices: boolean; master_policy_charge_description: string | null };
}

/**
 * A property-management system connected to one account (document 3 section 7 Integrations; reference sections 3.6
 * and 4.13): one per account and provider. Credentials are kept only encrypted (server/integrations/credentials.ts,
 * INTEGRATION_KEY) and never answered in full; `active` and `problems` are what the last refresh found.
 */
export const integrations = pgTable(
  "integrations",
  {
    id: idColumn(),
    account_id: integer("account_id")
      .notNull()
      .references(() => accounts.id),
    provider: text("provider", { enum: INTEGRATION_PROVIDERS }).notNull(),
    /** The provider's name for the client (Yardi database, Entrata subdomain). */
    external_id: text("external_id").notNull(),
    credentials_encrypted: text("credentials_encrypted").notNull(),
    enabled: boolean("enabled").notNull().default(true),
    active: boolean("active").notNull().default(false),
    problems: jsonb("problems").$type<string[]>().notNull().default([]),
    settings: jsonb("settings").$type<IntegrationSettings>().notNull(),
    /** Charge codes the provider offered at the last refresh (billing and payments: available_charge_settings). */
    charge_codes: jsonb("charge_codes").$type<Array<{ code: string; description: string }>>().notNull().default([]),
    /** When the provider last answered the charge codes (a failed refresh keeps the older list and its time). */
    charge_codes_at: timestamp("charge_codes_at", { withTimezone: true }),
    /** The last refresh (credentials checked): with `active` and `problems`, the connection status read without calling the provider. */
    refreshed_at: timestamp("refreshed_at", { withTimezone: true }),
    next_sync_at: timestamp("next_sync_at", { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [uniqueIndex("integrations_account_provider_key").on(t.account_id, t.provider)],
);

/**
 * A property (community) the provider offers (syncable communities): enabled ones are synced; `insurable_id` is the
 * community the first sync made. `sync_status`/`progress` are what the console polls while a resync runs.
 */
export const integrationProperties = pgTable(
  "integration_properties",
  {
    id: idColumn(),
    integration_id: integer("integration_id")
      .notNull()
      .references(() => integrations.id, { onDelete: "cascade" }),
    external_id: text("external_id").notNull(),
    title: text("title").notNull(),
    units_count: integer("units_count").notNull().default(0),
    enabled: boolean("enabled").notNull().default(true),
    insurable_id: integer("insurable_id").references(() => insurables.id),
    sync_status: text("sync_status", { enum: ["never", "running", "synced", "failed"] }).notNull().default("never"),
    progress: jsonb("progress").$type<{ processed: number; total: number } | null>(),
    last_synced_at: timestamp("last_synced_at", { withTimezone: true }),
    last_error: text("last_error"),
    ...timestamps(),
  },
  (t) => [uniqueIndex("integration_properties_external_key").on(t.integration_id, t.external_id)],
);

export const SYNC_TRIGGERS = ["nightly", "manual", "resync", "retry"] as const;
export const SYNC_RUN_STATUSES = ["running", "succeeded", "partial", "failed"] as const;

/**
 * One sync of an integration (all its enabled properties, or one property for a resync): when it ran, what it did
 * and what it could not do (Integration Health). At most one runs per integration at a time: the partial unique index.
 */
export const integrationSyncRuns = pgTable(
  "integration_sync_runs",
  {
    id: idColumn(),
    integration_id: integer("integration_id")
      .notNull()
      .references(() => integrations.id, { onDelete: "cascade" }),
    /** One property's resync or retry; null for the whole integration. */
    property_id: integer("property_id").references(() => integrationProperties.id, { onDelete: "set null" }),
    trigger: text("trigger", { enum: SYNC_TRIGGERS }).notNull(),
    status: text("status", { enum: SYNC_RUN_STATUSES }).notNull().default("running"),
    started_at: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    heartbeat_at: timestamp("heartbeat_at", { withTimezone: true }).notNull().defaultNow(),
    finished_at: timestamp("finished_at", { withTimezone: true }),
    duration_ms: integer("duration_ms"),
    created_count: integer("created_count").notNull().default(0),
    updated_count: integer("updated_count").notNull().default(0),
    skipped_count: integer("skipped_count").notNull().default(0),
    error_count: integer("error_count").notNull().default(0),
    /** Verified policies sent back to the provider (sync setting "push policies"). */
    pushed_count: integer("pushed_count").notNull().default(0),
    /** Properties finished in this run (a run resumed after a restart skips them). */
    done_property_ids: jsonb("done_property_ids").$type<number[]>().notNull().default([]),
    error: text("error"),
    started_by: text("started_by"),
  },
  (t) => [
    uniqueIndex("integration_sync_runs_one_running_key").on(t.integration_id).where(sql`status = 'running'`),
    index("integration_sync_runs_integration_idx").on(t.integration_id, t.started_at),
  ],
);

/**
 * A record a run could not import (the provider's message), shown in Integration Health until a later run imports
 * it (`resolved_at`) or it is retried.
 */
export const integrationSyncErrors = pgTable(
  "integration_sync_errors",
  {
    id: idColumn(),
    run_id: integer("run_id")
      .notNull()
      .references(() => integrationSyncRuns.id, { onDelete: "cascade" }),
    integration_id: integer("integration_id")
      .notNull()
      .references(() => integrations.id, { onDelete: "cascade" }),
    property_id: integer("property_id").references(() => integrationProperties.id, { onDelete: "cascade" }),
    /** `policy`: a verified policy the provider refused when it was pushed back. */
    record_type: text("record_type", { enum: ["property", "unit", "lease", "resident", "policy"] }).notNull(),
    external_id: text("external_id").notNull(),
    message: text("message").notNull(),
    resolved_at: timestamp("resolved_at", { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [index("integration_sync_errors_open_idx").on(t.integration_id, t.resolved_at)],
);

export const POLICY_PUSH_STATUSES = ["accepted", "refused", "failed"] as const;

/**
 * What the sync last sent the provider for one policy ("push policies"): the record it sent, its hash and when, and
 * the provider's answer. A policy is sent again only when its record's hash differs from the one the provider last
 * accepted, so an unchanged policy is sent once, a changed one once more, and a refused or failed one on every run
 * until the provider takes it. `property_id` is the property it was sent under (its cancellation goes there too).
 */
export const integrationPolicyPushes = pgTable(
  "integration_policy_pushes",
  {
    id: idColumn(),
    integration_id: integer("integration_id")
      .notNull()
      .references(() => integrations.id, { onDelete: "cascade" }),
    policy_id: integer("policy_id")
      .notNull()
      .references(() => policies.id, { onDelete: "cascade" }),
    property_id: integer("property_id").references(() => integrationProperties.id, { onDelete: "set null" }),
    /** The record last sent, its sha-256, when, and what the provider answered (its message when it refused). */
    payload: jsonb("payload").$type<PushedPolicy>().notNull(),
    content_hash: text("content_hash").notNull(),
    attempted_at: timestamp("attempted_at", { withTimezone: true }).notNull(),
    status: text("status", { enum: POLICY_PUSH_STATUSES }).notNull(),
    message: text("message"),
    /** The hash the provider last accepted, and when: the version it holds. */
    accepted_hash: text("accepted_hash"),
    accepted_at: timestamp("accepted_at", { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [uniqueIndex("integration_policy_pushes_policy_key").on(t.policy_id, t.integration_id), index("integration_policy_pushes_property_idx").on(t.property_id)],
);
