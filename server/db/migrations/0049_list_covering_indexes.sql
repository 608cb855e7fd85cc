-- Lists at 1M (issue 11): indexes that hold what the lists filter and count on, so a page and its capped count read
-- index entries instead of one table row per candidate.
--
-- account_users.user_created_at: the customer's users.created_at on each of its account links, so a tenant's
-- customers are ordered (newest first, the customers list's default) and counted from
-- account_users_account_created_idx alone; an agent's tree of 8,000 customers was read from 8,000 users rows per page.
-- Kept in the writing transaction: a link takes its customer's date when written (or moved to another customer), and
-- a customer's new date is copied to its links.
ALTER TABLE "account_users" ADD COLUMN "user_created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
UPDATE account_users au SET user_created_at = u.created_at FROM users u WHERE u.id = au.user_id;--> statement-breakpoint
-- FOR SHARE: a customer whose date is being changed by an open transaction is waited for, and its new date read
-- (that transaction's copy to the links could not see this new link); KEY SHARE, which the foreign key check takes,
-- would not wait. A link to no customer keeps its value and fails the foreign key check as before.
CREATE OR REPLACE FUNCTION account_users_created_at() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  customer_created_at timestamptz;
BEGIN
  SELECT u.created_at INTO customer_created_at FROM users u WHERE u.id = NEW.user_id FOR SHARE;
  IF FOUND THEN
    NEW.user_created_at := customer_created_at;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER account_users_created_at BEFORE INSERT OR UPDATE OF user_id, user_created_at ON account_users
  FOR EACH ROW EXECUTE FUNCTION account_users_created_at();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION users_created_at_to_links() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE account_users SET user_created_at = NEW.created_at WHERE user_id = NEW.id AND user_created_at IS DISTINCT FROM NEW.created_at;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_created_at_to_links AFTER UPDATE OF created_at ON users
  FOR EACH ROW WHEN (OLD.created_at IS DISTINCT FROM NEW.created_at) EXECUTE FUNCTION users_created_at_to_links();
--> statement-breakpoint
CREATE INDEX "account_users_account_created_idx" ON "account_users" USING btree ("account_id","user_created_at","user_id");--> statement-breakpoint
-- The policies grid's default-order indexes carry the columns of the filters used with them (number, effective date;
-- an agency tree's carrier, type and effective date): an agent's carrier filter read 10,000 table pages per count,
-- and a number search's count walked policies_number_key past 250,000 numbers. An effective-date range is counted on
-- its own index.
DROP INDEX "policies_updated_at_id_idx";--> statement-breakpoint
DROP INDEX "policies_agency_updated_at_idx";--> statement-breakpoint
CREATE INDEX "policies_effective_date_idx" ON "policies" USING btree ("effective_date","id");--> statement-breakpoint
CREATE INDEX "policies_updated_at_id_idx" ON "policies" USING btree ("updated_at","id","number","effective_date");--> statement-breakpoint
CREATE INDEX "policies_agency_updated_at_idx" ON "policies" USING btree ("agency_id","updated_at","id","carrier_id","policy_type_id","effective_date");
