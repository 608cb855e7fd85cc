CREATE TABLE "policy_counts_by_account" (
	"account_id" integer,
	"agency_id" integer,
	"status" text NOT NULL,
	"policy_in_system" boolean NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "policy_counts_by_agency" (
	"agency_id" integer,
	"status" text NOT NULL,
	"policy_in_system" boolean NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_counts" (
	"enabled" boolean NOT NULL,
	"has_existing_policies" boolean NOT NULL,
	"has_current_leases" boolean NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "policy_counts_by_account_idx" ON "policy_counts_by_account" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "policy_counts_by_agency_idx" ON "policy_counts_by_agency" USING btree ("agency_id");