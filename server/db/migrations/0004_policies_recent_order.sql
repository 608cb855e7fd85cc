DROP INDEX "policies_updated_at_idx";--> statement-breakpoint
CREATE INDEX "policies_updated_at_id_idx" ON "policies" USING btree ("updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);