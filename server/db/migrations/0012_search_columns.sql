DROP INDEX "policies_status_idx";--> statement-breakpoint
DROP INDEX "users_created_at_idx";--> statement-breakpoint
DROP INDEX "policies_updated_at_id_idx";--> statement-breakpoint
DROP INDEX "checked_files_queue_idx";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "policies" ADD COLUMN "search" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "users_search_trgm_idx" ON "users" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "policies_status_updated_at_idx" ON "policies" USING btree ("status","updated_at","id");--> statement-breakpoint
CREATE INDEX "policies_search_trgm_idx" ON "policies" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "policies_updated_at_id_idx" ON "policies" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "checked_files_queue_idx" ON "checked_files" USING btree ("processed","updated_at","id");