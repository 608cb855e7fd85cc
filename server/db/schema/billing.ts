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
