import { serial, timestamp } from "drizzle-orm/pg-core";

/** Columns every main table has (reference section 3: id, created_at, updated_at). */
export const idColumn = () => serial("id").primaryKey();
export const timestamps = () => ({
  created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
