CREATE TABLE "billing_strategies" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"carrier_id" integer NOT NULL,
	"agency_id" integer NOT NULL,
	"policy_type_id" integer NOT NULL,
	"new_business" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "carrier_agencies" (
	"id" serial PRIMARY KEY NOT NULL,
	"carrier_id" integer NOT NULL,
	"agency_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "carrier_agency_authorizations" (
	"id" serial PRIMARY KEY NOT NULL,
	"carrier_agency_id" integer NOT NULL,
	"policy_type_id" integer NOT NULL,
	"state" text NOT NULL,
	"available" boolean DEFAULT true NOT NULL,
	"zip_code_blacklist" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "carrier_agency_policy_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"carrier_agency_id" integer NOT NULL,
	"policy_type_id" integer NOT NULL,
	"commission_strategy_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "carrier_policy_type_availabilities" (
	"id" serial PRIMARY KEY NOT NULL,
	"carrier_policy_type_id" integer NOT NULL,
	"state" text NOT NULL,
	"available" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "carrier_policy_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"carrier_id" integer NOT NULL,
	"policy_type_id" integer NOT NULL,
	"max_days_for_full_refund" integer DEFAULT 31 NOT NULL,
	"premium_proration_calculation" text DEFAULT 'per_payment_term' NOT NULL,
	"premium_proration_refunds_allowed" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "commission_strategies" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"carrier_id" integer NOT NULL,
	"percentage" numeric(5, 2) NOT NULL,
	"recipient_type" text NOT NULL,
	"recipient_id" integer NOT NULL,
	"commission_strategy_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fees" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"amount" integer NOT NULL,
	"amount_type" text NOT NULL,
	"type" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"carrier_id" integer NOT NULL,
	"agency_id" integer,
	"billing_strategy_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "insurable_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"insurable_id" integer NOT NULL,
	"title" text NOT NULL,
	"interval" text DEFAULT 'month' NOT NULL,
	"premium" integer NOT NULL,
	"coverage_limits" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"deductibles" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"mandatory" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "billing_strategies" ADD CONSTRAINT "billing_strategies_carrier_id_carriers_id_fk" FOREIGN KEY ("carrier_id") REFERENCES "public"."carriers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_strategies" ADD CONSTRAINT "billing_strategies_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carrier_agencies" ADD CONSTRAINT "carrier_agencies_carrier_id_carriers_id_fk" FOREIGN KEY ("carrier_id") REFERENCES "public"."carriers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carrier_agencies" ADD CONSTRAINT "carrier_agencies_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carrier_agency_authorizations" ADD CONSTRAINT "carrier_agency_authorizations_carrier_agency_id_carrier_agencies_id_fk" FOREIGN KEY ("carrier_agency_id") REFERENCES "public"."carrier_agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carrier_agency_policy_types" ADD CONSTRAINT "carrier_agency_policy_types_carrier_agency_id_carrier_agencies_id_fk" FOREIGN KEY ("carrier_agency_id") REFERENCES "public"."carrier_agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carrier_agency_policy_types" ADD CONSTRAINT "carrier_agency_policy_types_commission_strategy_id_commission_strategies_id_fk" FOREIGN KEY ("commission_strategy_id") REFERENCES "public"."commission_strategies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carrier_policy_type_availabilities" ADD CONSTRAINT "carrier_policy_type_availabilities_carrier_policy_type_id_carrier_policy_types_id_fk" FOREIGN KEY ("carrier_policy_type_id") REFERENCES "public"."carrier_policy_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carrier_policy_types" ADD CONSTRAINT "carrier_policy_types_carrier_id_carriers_id_fk" FOREIGN KEY ("carrier_id") REFERENCES "public"."carriers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_strategies" ADD CONSTRAINT "commission_strategies_carrier_id_carriers_id_fk" FOREIGN KEY ("carrier_id") REFERENCES "public"."carriers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fees" ADD CONSTRAINT "fees_carrier_id_carriers_id_fk" FOREIGN KEY ("carrier_id") REFERENCES "public"."carriers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fees" ADD CONSTRAINT "fees_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fees" ADD CONSTRAINT "fees_billing_strategy_id_billing_strategies_id_fk" FOREIGN KEY ("billing_strategy_id") REFERENCES "public"."billing_strategies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurable_rates" ADD CONSTRAINT "insurable_rates_insurable_id_insurables_id_fk" FOREIGN KEY ("insurable_id") REFERENCES "public"."insurables"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "billing_strategies_carrier_idx" ON "billing_strategies" USING btree ("carrier_id","agency_id");--> statement-breakpoint
CREATE UNIQUE INDEX "carrier_agencies_key" ON "carrier_agencies" USING btree ("carrier_id","agency_id");--> statement-breakpoint
CREATE INDEX "carrier_agencies_agency_idx" ON "carrier_agencies" USING btree ("agency_id");--> statement-breakpoint
CREATE UNIQUE INDEX "carrier_agency_authorizations_key" ON "carrier_agency_authorizations" USING btree ("carrier_agency_id","policy_type_id","state");--> statement-breakpoint
CREATE UNIQUE INDEX "carrier_agency_policy_types_key" ON "carrier_agency_policy_types" USING btree ("carrier_agency_id","policy_type_id");--> statement-breakpoint
CREATE UNIQUE INDEX "carrier_policy_type_availabilities_key" ON "carrier_policy_type_availabilities" USING btree ("carrier_policy_type_id","state");--> statement-breakpoint
CREATE UNIQUE INDEX "carrier_policy_types_key" ON "carrier_policy_types" USING btree ("carrier_id","policy_type_id");--> statement-breakpoint
CREATE INDEX "commission_strategies_carrier_idx" ON "commission_strategies" USING btree ("carrier_id");--> statement-breakpoint
CREATE INDEX "fees_carrier_idx" ON "fees" USING btree ("carrier_id","agency_id");--> statement-breakpoint
CREATE INDEX "insurable_rates_insurable_idx" ON "insurable_rates" USING btree ("insurable_id");