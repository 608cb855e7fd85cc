import { bigint, boolean, date, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { INVOICE_STATUSES, LINE_ITEM_CATEGORIES } from "../../../src/domain/policies";
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
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("invoices_number_key").on(t.number),
    index("invoices_invoiceable_idx").on(t.invoiceable_type, t.invoiceable_id),
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

/** One attempt to collect an invoice through the payment gateway; amounts are cents. */
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
    staff_id: integer("staff_id"),
    ...timestamps(),
  },
  (t) => [index("charges_invoice_idx").on(t.invoice_id)],
);

/** Money returned to the customer when a policy is cancelled with a refund; amounts are cents. */
export const refunds = pgTable(
  "refunds",
  {
    id: idColumn(),
    policy_id: integer("policy_id").notNull(),
    change_request_id: integer("change_request_id"),
    amount: bigint("amount", { mode: "number" }).notNull(),
    status: text("status", { enum: ["pending", "succeeded", "failed"] }).notNull().default("succeeded"),
    reason: text("reason").notNull(),
    staff_id: integer("staff_id"),
    ...timestamps(),
  },
  (t) => [index("refunds_policy_idx").on(t.policy_id)],
);
