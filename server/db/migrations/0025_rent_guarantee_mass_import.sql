CREATE TABLE "policy_application_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'in_progress' NOT NULL,
	"account_id" integer NOT NULL,
	"agency_id" integer,
	"staff_id" integer,
	"effective_date" date NOT NULL,
	"expiration_date" date NOT NULL,
	"auto_pay" boolean DEFAULT false NOT NULL,
	"auto_renew" boolean DEFAULT false NOT NULL,
	"policy_type_id" integer DEFAULT 5 NOT NULL,
	"file_key" text,
	"file_name" text,
	"policy_applications_count" integer DEFAULT 0 NOT NULL,
	"created_policy_applications_count" integer DEFAULT 0 NOT NULL,
	"errors_count" integer DEFAULT 0 NOT NULL,
	"created_policies_count" integer DEFAULT 0 NOT NULL,
	"total_premium" bigint DEFAULT 0 NOT NULL,
	"accepted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "policy_group_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"row_number" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"fields" jsonb NOT NULL,
	"premium" bigint,
	"claimed_at" timestamp with time zone,
	"policy_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "policy_group_errors" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"application_id" integer,
	"kind" text NOT NULL,
	"information" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "policy_application_groups" ADD CONSTRAINT "policy_application_groups_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_application_groups" ADD CONSTRAINT "policy_application_groups_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_group_applications" ADD CONSTRAINT "policy_group_applications_group_id_policy_application_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."policy_application_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_group_errors" ADD CONSTRAINT "policy_group_errors_group_id_policy_application_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."policy_application_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "policy_application_groups_account_idx" ON "policy_application_groups" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "policy_application_groups_agency_idx" ON "policy_application_groups" USING btree ("agency_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "policy_group_applications_row_key" ON "policy_group_applications" USING btree ("group_id","row_number");--> statement-breakpoint
CREATE INDEX "policy_group_applications_status_idx" ON "policy_group_applications" USING btree ("status","claimed_at");--> statement-breakpoint
CREATE INDEX "policy_group_errors_group_idx" ON "policy_group_errors" USING btree ("group_id");