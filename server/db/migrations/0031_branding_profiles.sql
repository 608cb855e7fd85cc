CREATE TABLE "branding_profiles" (
	"id" serial PRIMARY KEY NOT NULL,
	"profileable_type" text DEFAULT 'Agency' NOT NULL,
	"profileable_id" integer NOT NULL,
	"url" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"primary_color" text DEFAULT '#1d4e89' NOT NULL,
	"secondary_color" text DEFAULT '#0f766e' NOT NULL,
	"contact_phone" text,
	"contact_email" text,
	"footer_text" text,
	"logo_document_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "stripe_account_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "branding_profiles_profileable_key" ON "branding_profiles" USING btree ("profileable_type","profileable_id");--> statement-breakpoint
CREATE UNIQUE INDEX "branding_profiles_url_key" ON "branding_profiles" USING btree ("url");--> statement-breakpoint
-- Every agency has its branding profile (reference 3.1: made with the agency), whichever path inserts it.
CREATE FUNCTION agencies_branding_profile() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO branding_profiles (profileable_type, profileable_id, contact_phone, contact_email)
    SELECT 'Agency', n.id, n.contact_info->>'contact_phone', n.contact_info->>'contact_email' FROM new_rows n
    ON CONFLICT (profileable_type, profileable_id) DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER agencies_branding_profile AFTER INSERT ON agencies REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION agencies_branding_profile();--> statement-breakpoint
INSERT INTO branding_profiles (profileable_type, profileable_id, contact_phone, contact_email)
  SELECT 'Agency', a.id, a.contact_info->>'contact_phone', a.contact_info->>'contact_email' FROM agencies a
  ON CONFLICT (profileable_type, profileable_id) DO NOTHING;
