import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
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
