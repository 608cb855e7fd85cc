CREATE TABLE "tracking_urls" (
	"id" serial PRIMARY KEY NOT NULL,
	"landing_page" text NOT NULL,
	"campaign_name" text NOT NULL,
	"campaign_source" text,
	"campaign_medium" text,
	"campaign_term" text,
	"campaign_content" text,
	"agency_id" integer NOT NULL,
	"branding_profile_id" integer,
	"archived" boolean DEFAULT false NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "tracking_urls_agency_idx" ON "tracking_urls" USING btree ("agency_id");--> statement-breakpoint
CREATE INDEX "lead_events_created_idx" ON "lead_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "lead_events_agency_created_idx" ON "lead_events" USING btree ("agency_id","created_at");--> statement-breakpoint
CREATE INDEX "leads_account_idx" ON "leads" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "leads_last_visit_idx" ON "leads" USING btree ("last_visit");--> statement-breakpoint
CREATE INDEX "leads_tracking_url_idx" ON "leads" USING btree ("tracking_url_id");--> statement-breakpoint
CREATE UNIQUE INDEX "leads_email_agency_key" ON "leads" USING btree (lower("email"),"agency_id");