CREATE TABLE "reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"owner_type" text NOT NULL,
	"owner_id" integer,
	"staff_id" integer NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"period_from" date NOT NULL,
	"period_to" date NOT NULL,
	"params" text DEFAULT '{}' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"csv_document_id" integer,
	"xlsx_document_id" integer,
	"summary" jsonb,
	"error" text,
	"heartbeat_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "reports_owner_idx" ON "reports" USING btree ("owner_type","owner_id","created_at");