import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { BulkFailure, BulkTarget } from "../../../src/domain/bulk";
import type { SavedViewParams } from "../../../src/domain/savedViews";
import { idColumn, timestamps } from "./columns";
import { staff } from "./staff";

/**
 * A grid's saved view (issue 17 section 5): filters, sort, page size and columns under a name, kept per staff member
 * on the server so it follows them to any browser. A shared view is offered to everyone of the owner's account or
 * agency (organizable, copied from the owner when saved).
 */
export const savedViews = pgTable(
  "saved_views",
  {
    id: idColumn(),
    staff_id: integer("staff_id")
      .notNull()
      .references(() => staff.id, { onDelete: "cascade" }),
    resource: text("resource").notNull(),
    name: text("name").notNull(),
    params: jsonb("params").$type<SavedViewParams>().notNull().default({}),
    shared: boolean("shared").notNull().default(false),
    organizable_type: text("organizable_type", { enum: ["Account", "Agency"] }),
    organizable_id: integer("organizable_id"),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("saved_views_staff_resource_name_key").on(t.staff_id, t.resource, sql`lower(${t.name})`),
    index("saved_views_shared_idx").on(t.organizable_type, t.organizable_id, t.resource),
  ],
);

/**
 * A grid's bulk action over more rows than one request should take (issue 17 section 5; server/lib/bulk.ts), run as a
 * background job: who asked, which action, the rows picked at the request (in the caller's scope, named as the grid
 * names them) and how far it got, so the console polls its progress and reads the result from any API process.
 */
export const bulkJobs = pgTable(
  "bulk_jobs",
  {
    id: idColumn(),
    staff_id: integer("staff_id")
      .notNull()
      .references(() => staff.id, { onDelete: "cascade" }),
    action: text("action").notNull(),
    /** The caller's scope when asked (as exports keep it): the rows were picked in it and each is checked in it again. */
    scope: jsonb("scope").notNull(),
    /** The call's own parameters, handed to each row (the colleague an assignment gives the rows to); null for most. */
    params: jsonb("params"),
    targets: jsonb("targets").$type<BulkTarget[]>().notNull(),
    status: text("status", { enum: ["queued", "running", "done", "failed"] }).notNull().default("queued"),
    total: integer("total").notNull(),
    /** Rows finished (done or failed), in the targets' order: a retry after a crash goes on from here. */
    processed: integer("processed").notNull().default(0),
    done_count: integer("done_count").notNull().default(0),
    failed: jsonb("failed").$type<BulkFailure[]>().notNull().default([]),
    error: text("error"),
    heartbeat_at: timestamp("heartbeat_at", { withTimezone: true }),
    attempts: integer("attempts").notNull().default(0),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    finished_at: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [index("bulk_jobs_staff_idx").on(t.staff_id, t.id)],
);
