CREATE TABLE "checked_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"checksum" text NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text DEFAULT 'application/pdf' NOT NULL,
	"byte_size" bigint NOT NULL,
	"source" text NOT NULL,
	"uploaded_by_id" integer,
	"processed" boolean DEFAULT false NOT NULL,
	"outcome" text,
	"processed_at" timestamp with time zone,
	"processed_by_id" integer,
	"policy_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "policy_revisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"policy_id" integer NOT NULL,
	"status" text DEFAULT 'submitted' NOT NULL,
	"changes" jsonb NOT NULL,
	"submitted_by_type" text NOT NULL,
	"submitted_by_id" integer NOT NULL,
	"decided_by_id" integer,
	"decided_at" timestamp with time zone,
	"rejection_reasons" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_claims" (
	"id" serial PRIMARY KEY NOT NULL,
	"item_type" text NOT NULL,
	"item_id" integer NOT NULL,
	"staff_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "checked_files" ADD CONSTRAINT "checked_files_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_revisions" ADD CONSTRAINT "policy_revisions_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "checked_files_checksum_key" ON "checked_files" USING btree ("checksum");--> statement-breakpoint
CREATE INDEX "checked_files_queue_idx" ON "checked_files" USING btree ("processed","updated_at");--> statement-breakpoint
CREATE INDEX "checked_files_name_trgm_idx" ON "checked_files" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "policy_revisions_policy_idx" ON "policy_revisions" USING btree ("policy_id","status");--> statement-breakpoint
CREATE INDEX "policy_revisions_queue_idx" ON "policy_revisions" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "review_claims_item_key" ON "review_claims" USING btree ("item_type","item_id");