CREATE TABLE "integration_properties" (
	"id" serial PRIMARY KEY NOT NULL,
	"integration_id" integer NOT NULL,
	"external_id" text NOT NULL,
	"title" text NOT NULL,
	"units_count" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"insurable_id" integer,
	"sync_status" text DEFAULT 'never' NOT NULL,
	"progress" jsonb,
	"last_synced_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "integration_sync_errors" (
	"id" serial PRIMARY KEY NOT NULL,
	"run_id" integer NOT NULL,
	"integration_id" integer NOT NULL,
	"property_id" integer,
	"record_type" text NOT NULL,
	"external_id" text NOT NULL,
	"message" text NOT NULL,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "integration_sync_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"integration_id" integer NOT NULL,
	"property_id" integer,
	"trigger" text NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"duration_ms" integer,
	"created_count" integer DEFAULT 0 NOT NULL,
	"updated_count" integer DEFAULT 0 NOT NULL,
	"skipped_count" integer DEFAULT 0 NOT NULL,
	"error_count" integer DEFAULT 0 NOT NULL,
	"done_property_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error" text,
	"started_by" text
);
--> statement-breakpoint
CREATE TABLE "integrations" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"provider" text NOT NULL,
	"external_id" text NOT NULL,
	"credentials_encrypted" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"active" boolean DEFAULT false NOT NULL,
	"problems" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"settings" jsonb NOT NULL,
	"charge_codes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"refreshed_at" timestamp with time zone,
	"next_sync_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "integration_properties" ADD CONSTRAINT "integration_properties_integration_id_integrations_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."integrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_properties" ADD CONSTRAINT "integration_properties_insurable_id_insurables_id_fk" FOREIGN KEY ("insurable_id") REFERENCES "public"."insurables"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_sync_errors" ADD CONSTRAINT "integration_sync_errors_run_id_integration_sync_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."integration_sync_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_sync_errors" ADD CONSTRAINT "integration_sync_errors_integration_id_integrations_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."integrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_sync_errors" ADD CONSTRAINT "integration_sync_errors_property_id_integration_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."integration_properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_sync_runs" ADD CONSTRAINT "integration_sync_runs_integration_id_integrations_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."integrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_sync_runs" ADD CONSTRAINT "integration_sync_runs_property_id_integration_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."integration_properties"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integrations" ADD CONSTRAINT "integrations_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "integration_properties_external_key" ON "integration_properties" USING btree ("integration_id","external_id");--> statement-breakpoint
CREATE INDEX "integration_sync_errors_open_idx" ON "integration_sync_errors" USING btree ("integration_id","resolved_at");--> statement-breakpoint
CREATE UNIQUE INDEX "integration_sync_runs_one_running_key" ON "integration_sync_runs" USING btree ("integration_id") WHERE status = 'running';--> statement-breakpoint
CREATE INDEX "integration_sync_runs_integration_idx" ON "integration_sync_runs" USING btree ("integration_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "integrations_account_provider_key" ON "integrations" USING btree ("account_id","provider");--> statement-breakpoint
CREATE UNIQUE INDEX "integration_profiles_external_key" ON "integration_profiles" USING btree ("integration_id","external_context","external_id") WHERE integration_id IS NOT NULL;