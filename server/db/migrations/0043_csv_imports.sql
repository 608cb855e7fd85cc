ALTER TABLE "insurable_imports" ADD COLUMN "kind" text DEFAULT 'properties' NOT NULL;--> statement-breakpoint
ALTER TABLE "insurable_imports" ADD COLUMN "account_id" integer;--> statement-breakpoint
ALTER TABLE "insurable_imports" ADD COLUMN "agency_id" integer;--> statement-breakpoint
ALTER TABLE "insurable_imports" ADD COLUMN "params" jsonb;--> statement-breakpoint
CREATE INDEX "insurable_imports_account_idx" ON "insurable_imports" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "insurable_imports_agency_idx" ON "insurable_imports" USING btree ("agency_id","created_at");--> statement-breakpoint
-- Property imports sent before: the sender's account (and its agency) or agency, for the list of past uploads.
UPDATE "insurable_imports" ii SET "account_id" = s.organizable_id, "agency_id" = a.agency_id
  FROM staffs s LEFT JOIN accounts a ON a.id = s.organizable_id WHERE s.id = ii.staff_id AND s.organizable_type = 'Account';--> statement-breakpoint
UPDATE "insurable_imports" ii SET "agency_id" = s.organizable_id FROM staffs s WHERE s.id = ii.staff_id AND s.organizable_type = 'Agency';
