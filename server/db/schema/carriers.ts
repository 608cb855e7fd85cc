import { boolean, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { idColumn, timestamps } from "./columns";

export const CARRIER_DESIGNATIONS = ["qbe", "qbe_specialty", "crum", "pensio", "msi", "dc", "out_of_system"] as const;

export const carriers = pgTable(
  "carriers",
  {
    id: idColumn(),
    title: text("title").notNull(),
    call_sign: text("call_sign"),
    integration_designation: text("integration_designation", { enum: CARRIER_DESIGNATIONS }),
    syncable: boolean("syncable").notNull().default(false),
    rateable: boolean("rateable").notNull().default(false),
    quotable: boolean("quotable").notNull().default(false),
    bindable: boolean("bindable").notNull().default(false),
    verifiable: boolean("verifiable").notNull().default(false),
    enabled: boolean("enabled").notNull().default(true),
    synonyms: text("synonyms"),
    is_system: boolean("is_system").notNull().default(false),
    ...timestamps(),
  },
  (t) => [uniqueIndex("carriers_title_key").on(t.title)],
);
