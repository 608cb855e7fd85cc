CREATE TABLE "integration_policy_pushes" (
	"id" serial PRIMARY KEY NOT NULL,
	"integration_id" integer NOT NULL,
	"policy_id" integer NOT NULL,
	"property_id" integer,
	"payload" jsonb NOT NULL,
	"content_hash" text NOT NULL,
	"attempted_at" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"message" text,
	"accepted_hash" text,
	"accepted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "integration_policy_pushes" ADD CONSTRAINT "integration_policy_pushes_integration_id_integrations_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."integrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_policy_pushes" ADD CONSTRAINT "integration_policy_pushes_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_policy_pushes" ADD CONSTRAINT "integration_policy_pushes_property_id_integration_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."integration_properties"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "integration_policy_pushes_policy_key" ON "integration_policy_pushes" USING btree ("policy_id","integration_id");--> statement-breakpoint
CREATE INDEX "integration_policy_pushes_property_idx" ON "integration_policy_pushes" USING btree ("property_id");