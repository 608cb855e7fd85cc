import { sql } from "drizzle-orm";
import { bigint, date, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { CHANGE_REQUEST_ACTIONS, CHANGE_REQUEST_STATUSES } from "../../../src/domain/policies";
import { idColumn, timestamps } from "./columns";

/**
 * A request to change a policy that someone else decides (document 3: change requests; reference section 3.6):
 * the Cancel/Refund dialog files one, a super admin approves (the cancellation and refund are carried out) or
 * declines it. At most one pending request per policy and action (partial unique index).
 */
export const changeRequests = pgTable(
  "change_requests",
  {
    id: idColumn(),
    changeable_type: text("changeable_type", { enum: ["Policy"] }).notNull().default("Policy"),
    changeable_id: integer("changeable_id").notNull(),
    customized_action: text("customized_action", { enum: CHANGE_REQUEST_ACTIONS }).notNull(),
    status: text("status", { enum: CHANGE_REQUEST_STATUSES }).notNull().default("awaiting_confirmation"),
    cancellation_date: date("cancellation_date").notNull(),
    reason: text("reason"),
    requestable_type: text("requestable_type", { enum: ["Staff", "User"] }).notNull(),
    requestable_id: integer("requestable_id").notNull(),
    decided_by_id: integer("decided_by_id"),
    decided_at: timestamp("decided_at", { withTimezone: true }),
    decline_reason: text("decline_reason"),
    refund_amount: bigint("refund_amount", { mode: "number" }),
    ...timestamps(),
  },
  (t) => [
    index("change_requests_changeable_idx").on(t.changeable_type, t.changeable_id),
    index("change_requests_status_idx").on(t.status, t.created_at),
    uniqueIndex("change_requests_one_pending_key")
      .on(t.changeable_type, t.changeable_id, t.customized_action)
      .where(sql`status IN ('awaiting_confirmation', 'in_progress')`),
  ],
);
