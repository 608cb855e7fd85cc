import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { idColumn } from "./columns";

/** Every message the platform sends, kept even when no SMTP server is configured (DESIGN.md section 2). */
export const sentEmails = pgTable(
  "sent_emails",
  {
    id: idColumn(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html"),
    template: text("template").notNull(),
    related_type: text("related_type"),
    related_id: integer("related_id"),
    status: text("status", { enum: ["recorded", "sent", "failed"] }).notNull().default("recorded"),
    error: text("error"),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("sent_emails_to_idx").on(t.to, t.created_at)],
);
