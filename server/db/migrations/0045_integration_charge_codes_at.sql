ALTER TABLE "integrations" ADD COLUMN "charge_codes_at" timestamp with time zone;--> statement-breakpoint
-- Codes loaded before this column: the last refresh that found the integration active loaded them.
UPDATE "integrations" SET "charge_codes_at" = "refreshed_at" WHERE "active" AND "refreshed_at" IS NOT NULL;
