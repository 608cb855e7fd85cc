DROP INDEX "leads_agency_idx";--> statement-breakpoint
DROP INDEX "leads_last_visit_idx";--> statement-breakpoint
CREATE INDEX "leads_agency_visit_idx" ON "leads" USING btree ("agency_id","archived","last_visit" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "leads_visit_order_idx" ON "leads" USING btree ("last_visit" DESC NULLS LAST,"id" DESC NULLS FIRST,"archived");