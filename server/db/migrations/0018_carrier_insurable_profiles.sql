CREATE TABLE "carrier_insurable_profiles" (
	"id" serial PRIMARY KEY NOT NULL,
	"carrier_id" integer NOT NULL,
	"insurable_id" integer NOT NULL,
	"external_carrier_id" text,
	"traits" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "carrier_insurable_profiles" ADD CONSTRAINT "carrier_insurable_profiles_carrier_id_carriers_id_fk" FOREIGN KEY ("carrier_id") REFERENCES "public"."carriers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carrier_insurable_profiles" ADD CONSTRAINT "carrier_insurable_profiles_insurable_id_insurables_id_fk" FOREIGN KEY ("insurable_id") REFERENCES "public"."insurables"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "carrier_insurable_profiles_key" ON "carrier_insurable_profiles" USING btree ("insurable_id","carrier_id");