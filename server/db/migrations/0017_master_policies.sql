CREATE TABLE "master_policy_premiums" (
	"id" serial PRIMARY KEY NOT NULL,
	"policy_id" integer NOT NULL,
	"base" bigint DEFAULT 0 NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	"calculation_base" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "master_policy_premiums" ADD CONSTRAINT "master_policy_premiums_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "master_policy_premiums_policy_key" ON "master_policy_premiums" USING btree ("policy_id");--> statement-breakpoint
CREATE INDEX "policies_parent_idx" ON "policies" USING btree ("policy_id");