CREATE TABLE "requirement_profiles" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"insurable_id" integer,
	"minimum_liability" integer,
	"additional_interest_required" boolean DEFAULT false NOT NULL,
	"additional_interest_name" text,
	"additional_interest_address" text,
	"accepted_carriers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"minimum_carrier_rating" text,
	"maximum_deductible" integer,
	"landlord_listed" boolean DEFAULT false NOT NULL,
	"grace_period_days" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "carriers" ADD COLUMN "am_best_rating" text;--> statement-breakpoint
ALTER TABLE "requirement_profiles" ADD CONSTRAINT "requirement_profiles_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requirement_profiles" ADD CONSTRAINT "requirement_profiles_insurable_id_insurables_id_fk" FOREIGN KEY ("insurable_id") REFERENCES "public"."insurables"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "requirement_profiles_account_key" ON "requirement_profiles" USING btree ("account_id") WHERE "requirement_profiles"."insurable_id" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "requirement_profiles_community_key" ON "requirement_profiles" USING btree ("insurable_id") WHERE "requirement_profiles"."insurable_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "requirement_profiles_account_idx" ON "requirement_profiles" USING btree ("account_id");