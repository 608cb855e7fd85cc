CREATE TABLE "saved_views" (
	"id" serial PRIMARY KEY NOT NULL,
	"staff_id" integer NOT NULL,
	"resource" text NOT NULL,
	"name" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"shared" boolean DEFAULT false NOT NULL,
	"organizable_type" text,
	"organizable_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "histories" ALTER COLUMN "recordable_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "saved_views" ADD CONSTRAINT "saved_views_staff_id_staffs_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staffs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "saved_views_staff_resource_name_key" ON "saved_views" USING btree ("staff_id","resource",lower("name"));--> statement-breakpoint
CREATE INDEX "saved_views_shared_idx" ON "saved_views" USING btree ("organizable_type","organizable_id","resource");--> statement-breakpoint
CREATE INDEX "histories_created_at_idx" ON "histories" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "histories_author_idx" ON "histories" USING btree ("authorable_id","created_at");
--> statement-breakpoint
-- The audit log is append-only (issue 17 section 4): no process, not only no route, can change or remove a row.
CREATE FUNCTION histories_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'histories are append-only' USING ERRCODE = 'insufficient_privilege';
END $$;--> statement-breakpoint
CREATE TRIGGER histories_no_update_or_delete BEFORE UPDATE OR DELETE ON histories
  FOR EACH ROW EXECUTE FUNCTION histories_append_only();
