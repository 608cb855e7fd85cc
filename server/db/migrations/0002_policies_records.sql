CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "master_policy_configurations" (
	"id" serial PRIMARY KEY NOT NULL,
	"configurable_type" text NOT NULL,
	"configurable_id" integer NOT NULL,
	"program_type" text DEFAULT 'auto' NOT NULL,
	"program_start_date" date,
	"program_delay" integer DEFAULT 0 NOT NULL,
	"grace_period" integer DEFAULT 0 NOT NULL,
	"placement_cost" bigint DEFAULT 0 NOT NULL,
	"force_placement_cost" bigint,
	"prorate_charges" boolean DEFAULT false NOT NULL,
	"admin_fee" bigint DEFAULT 0 NOT NULL,
	"force_admin_fee" bigint,
	"prorate_admin_fee" boolean DEFAULT false NOT NULL,
	"charge_date" integer,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "policy_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"policy_id" integer NOT NULL,
	"status" text DEFAULT 'accepted' NOT NULL,
	"fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"extra_settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "policy_quotes" (
	"id" serial PRIMARY KEY NOT NULL,
	"policy_id" integer,
	"policy_application_id" integer,
	"reference" text NOT NULL,
	"status" text DEFAULT 'accepted' NOT NULL,
	"total_premium" bigint DEFAULT 0 NOT NULL,
	"total_fee" bigint DEFAULT 0 NOT NULL,
	"total_tax" bigint DEFAULT 0 NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	"billing_strategy" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "charges" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_id" integer NOT NULL,
	"payment_profile_id" integer,
	"amount" bigint NOT NULL,
	"status" text NOT NULL,
	"gateway" text NOT NULL,
	"gateway_charge_id" text,
	"error" text,
	"staff_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_profiles" (
	"id" serial PRIMARY KEY NOT NULL,
	"payer_type" text NOT NULL,
	"payer_id" integer NOT NULL,
	"source_type" text DEFAULT 'card' NOT NULL,
	"source_id" text NOT NULL,
	"card_brand" text,
	"last4" text,
	"default_profile" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"policy_id" integer NOT NULL,
	"change_request_id" integer,
	"amount" bigint NOT NULL,
	"status" text DEFAULT 'succeeded' NOT NULL,
	"reason" text NOT NULL,
	"staff_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "change_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"changeable_type" text DEFAULT 'Policy' NOT NULL,
	"changeable_id" integer NOT NULL,
	"customized_action" text NOT NULL,
	"status" text DEFAULT 'awaiting_confirmation' NOT NULL,
	"cancellation_date" date NOT NULL,
	"reason" text,
	"requestable_type" text NOT NULL,
	"requestable_id" integer NOT NULL,
	"decided_by_id" integer,
	"decided_at" timestamp with time zone,
	"decline_reason" text,
	"refund_amount" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"attachable_type" text NOT NULL,
	"attachable_id" integer NOT NULL,
	"filename" text NOT NULL,
	"content_type" text NOT NULL,
	"byte_size" bigint NOT NULL,
	"checksum" text NOT NULL,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exports" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"staff_id" integer NOT NULL,
	"params" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"row_count" integer DEFAULT 0 NOT NULL,
	"total_rows" integer,
	"document_id" integer,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "policy_applications" ADD CONSTRAINT "policy_applications_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_quotes" ADD CONSTRAINT "policy_quotes_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_payment_profile_id_payment_profiles_id_fk" FOREIGN KEY ("payment_profile_id") REFERENCES "public"."payment_profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "master_policy_configurations_configurable_key" ON "master_policy_configurations" USING btree ("configurable_type","configurable_id");--> statement-breakpoint
CREATE UNIQUE INDEX "policy_applications_policy_key" ON "policy_applications" USING btree ("policy_id");--> statement-breakpoint
CREATE INDEX "policy_quotes_policy_idx" ON "policy_quotes" USING btree ("policy_id");--> statement-breakpoint
CREATE INDEX "charges_invoice_idx" ON "charges" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "payment_profiles_payer_idx" ON "payment_profiles" USING btree ("payer_type","payer_id");--> statement-breakpoint
CREATE INDEX "refunds_policy_idx" ON "refunds" USING btree ("policy_id");--> statement-breakpoint
CREATE INDEX "change_requests_changeable_idx" ON "change_requests" USING btree ("changeable_type","changeable_id");--> statement-breakpoint
CREATE INDEX "change_requests_status_idx" ON "change_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "change_requests_one_pending_key" ON "change_requests" USING btree ("changeable_type","changeable_id","customized_action") WHERE status IN ('awaiting_confirmation', 'in_progress');--> statement-breakpoint
CREATE INDEX "documents_attachable_idx" ON "documents" USING btree ("attachable_type","attachable_id");--> statement-breakpoint
CREATE INDEX "exports_staff_idx" ON "exports" USING btree ("staff_id","created_at");--> statement-breakpoint
CREATE INDEX "profiles_full_name_trgm_idx" ON "profiles" USING gin (lower("full_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "profiles_contact_email_trgm_idx" ON "profiles" USING gin (lower("contact_email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "integration_profiles_external_id_trgm_idx" ON "integration_profiles" USING gin (lower("external_id") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin (lower("email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "policies_updated_at_idx" ON "policies" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "policies_number_trgm_idx" ON "policies" USING gin (lower("number") gin_trgm_ops);