CREATE TABLE "accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"slug" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"whitelabel" boolean DEFAULT false NOT NULL,
	"contact_info" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"staff_id" integer,
	"agency_id" integer NOT NULL,
	"additional_interest" boolean DEFAULT true NOT NULL,
	"additional_interest_name" text,
	"minimum_liability" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"addressable_type" text NOT NULL,
	"addressable_id" integer NOT NULL,
	"street_number" text,
	"street_name" text,
	"street_two" text,
	"city" text,
	"state" text,
	"county" text,
	"zip_code" text,
	"country" text DEFAULT 'US' NOT NULL,
	"full" text,
	"primary" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agencies" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"slug" text,
	"call_sign" text,
	"enabled" boolean DEFAULT false NOT NULL,
	"whitelabel" boolean DEFAULT false NOT NULL,
	"tos_accepted" boolean DEFAULT false NOT NULL,
	"contact_info" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"agency_id" integer,
	"staff_id" integer,
	"producer_code" text,
	"carrier_preferences" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agencies_not_own_parent" CHECK ("agencies"."agency_id" IS NULL OR "agencies"."agency_id" <> "agencies"."id")
);
--> statement-breakpoint
CREATE TABLE "profiles" (
	"id" serial PRIMARY KEY NOT NULL,
	"profileable_type" text NOT NULL,
	"profileable_id" integer NOT NULL,
	"first_name" text,
	"last_name" text,
	"middle_name" text,
	"full_name" text,
	"title" text,
	"suffix" text,
	"job_title" text,
	"contact_email" text,
	"contact_phone" text,
	"birth_date" text,
	"gender" text DEFAULT 'unspecified' NOT NULL,
	"salutation" text DEFAULT 'unspecified' NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agency_permissions" (
	"agency_id" integer NOT NULL,
	"key" text NOT NULL,
	"value" boolean NOT NULL,
	CONSTRAINT "agency_permissions_agency_id_key_pk" PRIMARY KEY("agency_id","key")
);
--> statement-breakpoint
CREATE TABLE "sign_in_failures" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"ip" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staffs" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"encrypted_password" text,
	"role" text NOT NULL,
	"organizable_type" text,
	"organizable_id" integer,
	"enabled" boolean DEFAULT false NOT NULL,
	"owner" boolean DEFAULT false NOT NULL,
	"notification_options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"invitation_token_hash" text,
	"invitation_sent_at" timestamp with time zone,
	"invitation_accepted_at" timestamp with time zone,
	"reset_password_token_hash" text,
	"reset_password_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staffs_role_matches_organizable" CHECK (("staffs"."role" = 'staff' AND "staffs"."organizable_type" = 'Account' AND "staffs"."organizable_id" IS NOT NULL)
        OR ("staffs"."role" = 'agent' AND "staffs"."organizable_type" = 'Agency' AND "staffs"."organizable_id" IS NOT NULL)
        OR ("staffs"."role" IN ('super_admin', 'policy_support')))
);
--> statement-breakpoint
CREATE TABLE "staff_permissions" (
	"staff_id" integer NOT NULL,
	"key" text NOT NULL,
	"value" boolean NOT NULL,
	CONSTRAINT "staff_permissions_staff_id_key_pk" PRIMARY KEY("staff_id","key")
);
--> statement-breakpoint
CREATE TABLE "staff_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"staff_id" integer NOT NULL,
	"client" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "account_users" (
	"account_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"status" text DEFAULT 'enabled' NOT NULL,
	CONSTRAINT "account_users_account_id_user_id_pk" PRIMARY KEY("account_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "integration_profiles" (
	"id" serial PRIMARY KEY NOT NULL,
	"integration_id" integer,
	"external_id" text NOT NULL,
	"external_context" text DEFAULT 'resident' NOT NULL,
	"profileable_type" text NOT NULL,
	"profileable_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"encrypted_password" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"has_existing_policies" boolean DEFAULT false NOT NULL,
	"has_current_leases" boolean DEFAULT false NOT NULL,
	"has_leases" boolean DEFAULT false NOT NULL,
	"stripe_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "carriers" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"call_sign" text,
	"integration_designation" text,
	"syncable" boolean DEFAULT false NOT NULL,
	"rateable" boolean DEFAULT false NOT NULL,
	"quotable" boolean DEFAULT false NOT NULL,
	"bindable" boolean DEFAULT false NOT NULL,
	"verifiable" boolean DEFAULT false NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"synonyms" text,
	"is_system" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "insurable_types" (
	"id" integer PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"category" text DEFAULT 'property' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "insurables" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"account_id" integer,
	"agency_id" integer,
	"insurable_type_id" integer NOT NULL,
	"insurable_id" integer,
	"category" text DEFAULT 'property' NOT NULL,
	"covered" boolean DEFAULT false NOT NULL,
	"expanded_covered" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"occupied" boolean DEFAULT false NOT NULL,
	"confirmed" boolean DEFAULT true NOT NULL,
	"preferred_ho4" boolean DEFAULT false NOT NULL,
	"additional_interest" boolean DEFAULT false NOT NULL,
	"additional_interest_name" text,
	"minimum_liability" integer,
	"special_status" text DEFAULT 'none' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lease_users" (
	"id" serial PRIMARY KEY NOT NULL,
	"lease_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"primary" boolean DEFAULT false NOT NULL,
	"lessee" boolean DEFAULT true NOT NULL,
	"moved_in_at" timestamp with time zone,
	"moved_out_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leases" (
	"id" serial PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"status" text DEFAULT 'pending' NOT NULL,
	"covered" boolean DEFAULT false NOT NULL,
	"lease_type_id" integer DEFAULT 1 NOT NULL,
	"insurable_id" integer NOT NULL,
	"account_id" integer,
	"sign_date" date,
	"month_to_month" boolean DEFAULT false NOT NULL,
	"excluded_from_compliance" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "policies" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"effective_date" date,
	"expiration_date" date,
	"auto_renew" boolean DEFAULT false NOT NULL,
	"auto_pay" boolean DEFAULT false NOT NULL,
	"status" text NOT NULL,
	"billing_status" text,
	"renewal_status" text DEFAULT 'NONE' NOT NULL,
	"system_purchased" boolean DEFAULT false NOT NULL,
	"system_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"agency_id" integer,
	"account_id" integer,
	"carrier_id" integer,
	"policy_type_id" integer NOT NULL,
	"policy_in_system" boolean DEFAULT false NOT NULL,
	"policy_group_id" integer,
	"policy_id" integer,
	"out_of_system_carrier_title" text,
	"cancellation_reason" text,
	"cancellation_date" date,
	"marked_for_cancellation" boolean DEFAULT false NOT NULL,
	"marked_for_cancellation_info" text,
	"premium_total" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "policy_coverages" (
	"id" serial PRIMARY KEY NOT NULL,
	"policy_id" integer NOT NULL,
	"title" text,
	"designation" text NOT NULL,
	"limit" bigint,
	"deductible" bigint,
	"occurrence_limit" bigint,
	"aggregate_limit" bigint,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "policy_insurables" (
	"id" serial PRIMARY KEY NOT NULL,
	"policy_id" integer NOT NULL,
	"insurable_id" integer NOT NULL,
	"primary" boolean DEFAULT true NOT NULL,
	"current" boolean DEFAULT true NOT NULL,
	"auto_assign" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "policy_types" (
	"id" integer PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"slug" text NOT NULL,
	"designation" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"master" boolean DEFAULT false NOT NULL,
	"master_coverage" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "policy_users" (
	"id" serial PRIMARY KEY NOT NULL,
	"policy_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"primary" boolean DEFAULT false NOT NULL,
	"spouse" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'accepted' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"available_date" date,
	"due_date" date,
	"status" text DEFAULT 'upcoming' NOT NULL,
	"external" boolean DEFAULT false NOT NULL,
	"subtotal" bigint DEFAULT 0 NOT NULL,
	"total_due" bigint DEFAULT 0 NOT NULL,
	"total_payable" bigint DEFAULT 0 NOT NULL,
	"total_received" bigint DEFAULT 0 NOT NULL,
	"invoiceable_type" text NOT NULL,
	"invoiceable_id" integer NOT NULL,
	"payer_type" text,
	"payer_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "line_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_id" integer NOT NULL,
	"title" text NOT NULL,
	"total_due" bigint DEFAULT 0 NOT NULL,
	"total_received" bigint DEFAULT 0 NOT NULL,
	"analytics_category" text DEFAULT 'other' NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lead_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"lead_id" integer NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"tag" text,
	"policy_type_id" integer,
	"agency_id" integer,
	"branding_profile_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leads" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"identifier" text NOT NULL,
	"user_id" integer,
	"status" text DEFAULT 'prospect' NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"last_visit" timestamp with time zone,
	"last_visited_page" text,
	"tracking_url_id" integer,
	"agency_id" integer,
	"account_id" integer,
	"branding_profile_id" integer,
	"policy_id" integer,
	"lead_events_cx" integer DEFAULT 0 NOT NULL,
	"premium_total" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "histories" (
	"id" serial PRIMARY KEY NOT NULL,
	"recordable_type" text NOT NULL,
	"recordable_id" integer NOT NULL,
	"authorable_type" text,
	"authorable_id" integer,
	"author" text NOT NULL,
	"action" text NOT NULL,
	"process" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sent_emails" (
	"id" serial PRIMARY KEY NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text,
	"template" text NOT NULL,
	"related_type" text,
	"related_id" integer,
	"status" text DEFAULT 'recorded' NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agencies" ADD CONSTRAINT "agencies_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_permissions" ADD CONSTRAINT "staff_permissions_staff_id_staffs_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staffs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_sessions" ADD CONSTRAINT "staff_sessions_staff_id_staffs_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staffs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_users" ADD CONSTRAINT "account_users_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_users" ADD CONSTRAINT "account_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurables" ADD CONSTRAINT "insurables_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurables" ADD CONSTRAINT "insurables_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurables" ADD CONSTRAINT "insurables_insurable_type_id_insurable_types_id_fk" FOREIGN KEY ("insurable_type_id") REFERENCES "public"."insurable_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurables" ADD CONSTRAINT "insurables_insurable_id_insurables_id_fk" FOREIGN KEY ("insurable_id") REFERENCES "public"."insurables"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lease_users" ADD CONSTRAINT "lease_users_lease_id_leases_id_fk" FOREIGN KEY ("lease_id") REFERENCES "public"."leases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lease_users" ADD CONSTRAINT "lease_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leases" ADD CONSTRAINT "leases_insurable_id_insurables_id_fk" FOREIGN KEY ("insurable_id") REFERENCES "public"."insurables"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leases" ADD CONSTRAINT "leases_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policies" ADD CONSTRAINT "policies_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policies" ADD CONSTRAINT "policies_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policies" ADD CONSTRAINT "policies_carrier_id_carriers_id_fk" FOREIGN KEY ("carrier_id") REFERENCES "public"."carriers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policies" ADD CONSTRAINT "policies_policy_type_id_policy_types_id_fk" FOREIGN KEY ("policy_type_id") REFERENCES "public"."policy_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policies" ADD CONSTRAINT "policies_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_coverages" ADD CONSTRAINT "policy_coverages_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_insurables" ADD CONSTRAINT "policy_insurables_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_insurables" ADD CONSTRAINT "policy_insurables_insurable_id_insurables_id_fk" FOREIGN KEY ("insurable_id") REFERENCES "public"."insurables"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_users" ADD CONSTRAINT "policy_users_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_users" ADD CONSTRAINT "policy_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_items" ADD CONSTRAINT "line_items_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accounts_agency_id_idx" ON "accounts" USING btree ("agency_id");--> statement-breakpoint
CREATE INDEX "accounts_title_lower_idx" ON "accounts" USING btree (lower("title"));--> statement-breakpoint
CREATE INDEX "addresses_addressable_idx" ON "addresses" USING btree ("addressable_type","addressable_id");--> statement-breakpoint
CREATE UNIQUE INDEX "agencies_call_sign_key" ON "agencies" USING btree ("call_sign");--> statement-breakpoint
CREATE UNIQUE INDEX "agencies_producer_code_key" ON "agencies" USING btree ("producer_code");--> statement-breakpoint
CREATE INDEX "agencies_agency_id_idx" ON "agencies" USING btree ("agency_id");--> statement-breakpoint
CREATE INDEX "agencies_title_lower_idx" ON "agencies" USING btree (lower("title"));--> statement-breakpoint
CREATE UNIQUE INDEX "profiles_profileable_key" ON "profiles" USING btree ("profileable_type","profileable_id");--> statement-breakpoint
CREATE INDEX "profiles_full_name_lower_idx" ON "profiles" USING btree (lower("full_name"));--> statement-breakpoint
CREATE INDEX "profiles_contact_email_lower_idx" ON "profiles" USING btree (lower("contact_email"));--> statement-breakpoint
CREATE INDEX "sign_in_failures_email_idx" ON "sign_in_failures" USING btree ("email","created_at");--> statement-breakpoint
CREATE INDEX "sign_in_failures_ip_idx" ON "sign_in_failures" USING btree ("ip","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "staffs_email_lower_key" ON "staffs" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "staffs_organizable_idx" ON "staffs" USING btree ("organizable_type","organizable_id");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_sessions_staff_client_key" ON "staff_sessions" USING btree ("staff_id","client");--> statement-breakpoint
CREATE INDEX "account_users_user_idx" ON "account_users" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "integration_profiles_profileable_idx" ON "integration_profiles" USING btree ("profileable_type","profileable_id");--> statement-breakpoint
CREATE INDEX "integration_profiles_external_id_lower_idx" ON "integration_profiles" USING btree (lower("external_id"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_key" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "carriers_title_key" ON "carriers" USING btree ("title");--> statement-breakpoint
CREATE INDEX "insurables_account_idx" ON "insurables" USING btree ("account_id","insurable_type_id");--> statement-breakpoint
CREATE INDEX "insurables_parent_idx" ON "insurables" USING btree ("insurable_id");--> statement-breakpoint
CREATE INDEX "insurables_agency_idx" ON "insurables" USING btree ("agency_id");--> statement-breakpoint
CREATE INDEX "insurables_title_lower_idx" ON "insurables" USING btree (lower("title"));--> statement-breakpoint
CREATE INDEX "lease_users_lease_idx" ON "lease_users" USING btree ("lease_id");--> statement-breakpoint
CREATE INDEX "lease_users_user_idx" ON "lease_users" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "leases_reference_key" ON "leases" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "leases_insurable_idx" ON "leases" USING btree ("insurable_id");--> statement-breakpoint
CREATE INDEX "leases_account_idx" ON "leases" USING btree ("account_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "policies_number_key" ON "policies" USING btree ("number");--> statement-breakpoint
CREATE INDEX "policies_account_idx" ON "policies" USING btree ("account_id","status");--> statement-breakpoint
CREATE INDEX "policies_agency_idx" ON "policies" USING btree ("agency_id","status");--> statement-breakpoint
CREATE INDEX "policies_status_idx" ON "policies" USING btree ("status");--> statement-breakpoint
CREATE INDEX "policies_carrier_idx" ON "policies" USING btree ("carrier_id");--> statement-breakpoint
CREATE INDEX "policies_type_idx" ON "policies" USING btree ("policy_type_id");--> statement-breakpoint
CREATE INDEX "policies_created_at_idx" ON "policies" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "policies_number_lower_idx" ON "policies" USING btree (lower("number"));--> statement-breakpoint
CREATE INDEX "policy_coverages_policy_idx" ON "policy_coverages" USING btree ("policy_id");--> statement-breakpoint
CREATE INDEX "policy_insurables_policy_idx" ON "policy_insurables" USING btree ("policy_id");--> statement-breakpoint
CREATE INDEX "policy_insurables_insurable_idx" ON "policy_insurables" USING btree ("insurable_id");--> statement-breakpoint
CREATE INDEX "policy_users_policy_idx" ON "policy_users" USING btree ("policy_id");--> statement-breakpoint
CREATE INDEX "policy_users_user_idx" ON "policy_users" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_key" ON "invoices" USING btree ("number");--> statement-breakpoint
CREATE INDEX "invoices_invoiceable_idx" ON "invoices" USING btree ("invoiceable_type","invoiceable_id");--> statement-breakpoint
CREATE INDEX "line_items_invoice_idx" ON "line_items" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "lead_events_lead_idx" ON "lead_events" USING btree ("lead_id");--> statement-breakpoint
CREATE UNIQUE INDEX "leads_identifier_key" ON "leads" USING btree ("identifier");--> statement-breakpoint
CREATE INDEX "leads_agency_idx" ON "leads" USING btree ("agency_id","archived");--> statement-breakpoint
CREATE INDEX "leads_policy_idx" ON "leads" USING btree ("policy_id");--> statement-breakpoint
CREATE INDEX "leads_email_lower_idx" ON "leads" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "histories_recordable_idx" ON "histories" USING btree ("recordable_type","recordable_id","created_at");--> statement-breakpoint
CREATE INDEX "sent_emails_to_idx" ON "sent_emails" USING btree ("to","created_at");