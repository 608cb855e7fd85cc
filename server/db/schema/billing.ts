import { sql } from "drizzle-orm";
import { bigint, boolean, date, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { INVOICE_STATUSES, LINE_ITEM_CATEGORIES, REFUND_STATUSES } from "../../../src/domain/policies";
import { idColumn, timestamps } from "./columns";

/** Invoices of policies and quotes (reference section 3.6). Amounts are cents. */
export const invoices = pgTable(
  "invoices",
  {
    id: idColumn(),
    number: text("number").notNull(),
    available_date: date("available_date"),
    due_date: date("due_date"),
    status: text("status", { enum: INVOICE_STATUSES }).notNull().default("upcoming"),
    external: boolean("external").notNull().default(false),
    subtotal: bigint("subtotal", { mode: "number" }).notNull().default(0),
    total_due: bigint("total_due", { mode: "number" }).notNull().default(0),
    total_payable: bigint("total_payable", { mode: "number" }).notNull().default(0),
    total_received: bigint("total_received", { mode: "number" }).notNull().default(0),
    invoiceable_type: text("invoiceable_type", { enum: ["Policy", "PolicyQuote", "PolicyGroupQuote"] }).notNull(),
    invoiceable_id: integer("invoiceable_id").notNull(),
    payer_type: text("payer_type", { enum: ["User", "Account"] }),
    payer_id: integer("payer_id"),
    /**
     * The policy the invoice bills (its own, or the one its quote became; null for a group quote's or an unbought
     * quote's), kept by migration 0035's triggers from invoiceable_* and policy_quotes.policy_id: never written by
     * the application. Lists scope invoices and payments by it with one index lookup (server/billing/ownership.ts).
     */
    policy_id: integer("policy_id"),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("invoices_number_key").on(t.number),
    index("invoices_invoiceable_idx").on(t.invoiceable_type, t.invoiceable_id),
    index("invoices_policy_idx").on(t.policy_id),
  ],
);

export const lineItems = pgTable(
  "line_items",
  {
    id: idColumn(),
    invoice_id: integer("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    total_due: bigint("total_due", { mode: "number" }).notNull().default(0),
    total_received: bigint("total_received", { mode: "number" }).notNull().default(0),
    analytics_category: text("analytics_category", { enum: LINE_ITEM_CATEGORIES }).notNull().default("other"),
    hidden: boolean("hidden").notNull().default(false),
    ...timestamps(),
  },
  (t) => [index("line_items_invoice_idx").on(t.invoice_id)],
);

/**
 * A payer's stored means of payment (reference section 3.6). `source_id` is the gateway's token; the built-in test
 * gateway declines tokens that start with `tok_decline` (server/billing/test-gateway.ts).
 */
export const paymentProfiles = pgTable(
  "payment_profiles",
  {
    id: idColumn(),
    payer_type: text("payer_type", { enum: ["User", "Account"] }).notNull(),
    payer_id: integer("payer_id").notNull(),
    source_type: text("source_type", { enum: ["card", "bank_account"] }).notNull().default("card"),
    source_id: text("source_id").notNull(),
    card_brand: text("card_brand"),
    last4: text("last4"),
    default_profile: boolean("default_profile").notNull().default(false),
    active: boolean("active").notNull().default(true),
    ...timestamps(),
  },
  (t) => [index("payment_profiles_payer_idx").on(t.payer_type, t.payer_id)],
);

/**
 * One attempt to collect an invoice through the payment gateway; amounts are cents. The row is written as
 * `processing`, with its idempotency key, before the gateway is called, so a crash in between leaves a trace that
 * reconciliation (server/billing/reconcile.ts) settles by asking the gateway again with the same key.
 */
export const charges = pgTable(
  "charges",
  {
    id: idColumn(),
    invoice_id: integer("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "cascade" }),
    payment_profile_id: integer("payment_profile_id").references(() => paymentProfiles.id),
    amount: bigint("amount", { mode: "number" }).notNull(),
    status: text("status", { enum: ["processing", "succeeded", "failed"] }).notNull(),
    gateway: text("gateway").notNull(),
    gateway_charge_id: text("gateway_charge_id"),
    error: text("error"),
    idempotency_key: text("idempotency_key"),
    /** The invoice's status before it was claimed for this attempt: where a failed attempt puts it back. */
    invoice_status_before: text("invoice_status_before"),
    staff_id: integer("staff_id"),
    ...timestamps(),
  },
  (t) => [
    index("charges_invoice_idx").on(t.invoice_id),
    // The Payments browse, newest first (server/routes/payments/payments.list.ts).
    index("charges_created_at_idx").on(t.created_at),
    uniqueIndex("charges_idempotency_key").on(t.idempotency_key),
    index("charges_processing_idx").on(t.updated_at).where(sql`status = 'processing'`),
  ],
);

/**
 * Money returned to the customer when a policy is cancelled with a refund; amounts are cents. One row per
 * cancellation: what is due back by kind (src/domain/refunds.ts) and how far it got. `pending` while the gateway
 * has not answered for every part, `failed` when a part was refused (retryable), `succeeded` when all is back.
 */
export const refunds = pgTable(
  "refunds",
  {
    id: idColumn(),
    policy_id: integer("policy_id").notNull(),
    change_request_id: integer("change_request_id"),
    amount: bigint("amount", { mode: "number" }).notNull(),
    premium: bigint("premium", { mode: "number" }).notNull().default(0),
    tax: bigint("tax", { mode: "number" }).notNull().default(0),
    fee: bigint("fee", { mode: "number" }).notNull().default(0),
    status: text("status", { enum: REFUND_STATUSES }).notNull().default("pending"),
    error: text("error"),
    reason: text("reason").notNull(),
    staff_id: integer("staff_id"),
    /** When the customer was told the money was issued: once, after every part succeeded. */
    issued_mail_at: timestamp("issued_mail_at", { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [index("refunds_policy_idx").on(t.policy_id), index("refunds_change_request_idx").on(t.change_request_id)],
);

/**
 * One refund of one charge at the gateway (a refund is taken from the charges that paid the policy, newest first).
 * Written as `processing` with its idempotency key before the gateway is called; a retry after a refusal is a new
 * row (the next attempt, a new key), a retry after no answer repeats the same key.
 */
export const chargeRefunds = pgTable(
  "charge_refunds",
  {
    id: idColumn(),
    refund_id: integer("refund_id")
      .notNull()
      .references(() => refunds.id, { onDelete: "cascade" }),
    charge_id: integer("charge_id")
      .notNull()
      .references(() => charges.id),
    amount: bigint("amount", { mode: "number" }).notNull(),
    attempt: integer("attempt").notNull().default(1),
    status: text("status", { enum: ["processing", "succeeded", "failed"] }).notNull().default("processing"),
    gateway: text("gateway").notNull(),
    gateway_refund_id: text("gateway_refund_id"),
    error: text("error"),
    idempotency_key: text("idempotency_key").notNull(),
    ...timestamps(),
  },
  (t) => [
    index("charge_refunds_refund_idx").on(t.refund_id),
    index("charge_refunds_charge_idx").on(t.charge_id),
    index("charge_refunds_created_at_idx").on(t.created_at),
    uniqueIndex("charge_refunds_idempotency_key").on(t.idempotency_key),
    index("charge_refunds_processing_idx").on(t.updated_at).where(sql`status = 'processing'`),
  ],
);
