DROP INDEX IF EXISTS "lead_events_created_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "lead_events_agency_created_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "leads_account_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "lead_events_created_lead_tag_idx" ON "lead_events" USING btree ("created_at","lead_id","tag");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "lead_events_agency_created_lead_tag_idx" ON "lead_events" USING btree ("agency_id","created_at","lead_id","tag");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "leads_account_status_idx" ON "leads" USING btree ("account_id","id","status");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "leads_agency_status_idx" ON "leads" USING btree ("agency_id","id","status");