CREATE TABLE "charge_refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"refund_id" integer NOT NULL,
	"charge_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"attempt" integer DEFAULT 1 NOT NULL,
	"status" text DEFAULT 'processing' NOT NULL,
	"gateway" text NOT NULL,
	"gateway_refund_id" text,
	"error" text,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "refunds" ALTER COLUMN "status" SET DEFAULT 'pending';--> statement-breakpoint
ALTER TABLE "charges" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "charges" ADD COLUMN "invoice_status_before" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "premium" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "tax" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "fee" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "error" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "issued_mail_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "charge_refunds" ADD CONSTRAINT "charge_refunds_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charge_refunds" ADD CONSTRAINT "charge_refunds_charge_id_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."charges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "charge_refunds_refund_idx" ON "charge_refunds" USING btree ("refund_id");--> statement-breakpoint
CREATE INDEX "charge_refunds_charge_idx" ON "charge_refunds" USING btree ("charge_id");--> statement-breakpoint
CREATE UNIQUE INDEX "charge_refunds_idempotency_key" ON "charge_refunds" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "charge_refunds_processing_idx" ON "charge_refunds" USING btree ("updated_at") WHERE status = 'processing';--> statement-breakpoint
CREATE UNIQUE INDEX "charges_idempotency_key" ON "charges" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "charges_processing_idx" ON "charges" USING btree ("updated_at") WHERE status = 'processing';--> statement-breakpoint
CREATE INDEX "refunds_change_request_idx" ON "refunds" USING btree ("change_request_id");