CREATE TABLE "coverage_snapshots" (
	"report_date" date NOT NULL,
	"reportable_type" text NOT NULL,
	"reportable_id" integer NOT NULL,
	"field" text NOT NULL,
	"value" numeric(14, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coverage_snapshots_reportable_type_reportable_id_field_report_date_pk" PRIMARY KEY("reportable_type","reportable_id","field","report_date")
);
--> statement-breakpoint
CREATE INDEX "coverage_snapshots_date_idx" ON "coverage_snapshots" USING btree ("report_date");