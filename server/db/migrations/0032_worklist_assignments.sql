CREATE TABLE "worklist_assignments" (
	"id" serial PRIMARY KEY NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" integer NOT NULL,
	"assignee_id" integer NOT NULL,
	"assigned_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "worklist_assignments" ADD CONSTRAINT "worklist_assignments_assignee_id_staffs_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."staffs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "worklist_assignments_subject" ON "worklist_assignments" USING btree ("subject_type","subject_id");--> statement-breakpoint
CREATE INDEX "worklist_assignments_assignee" ON "worklist_assignments" USING btree ("assignee_id");