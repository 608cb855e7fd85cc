-- The policy an invoice bills, stored (server/billing/ownership.ts): its own for a Policy invoice, the quote's policy
-- for a PolicyQuote invoice, null otherwise. Lists of invoices and payments scope by the caller's policies; computed
-- per row through the quote it made the planner join every invoice to its policy before any page could be cut.
-- Kept by triggers only, in the writing transaction: when an invoice is written, and when a quote gains, changes or
-- loses its policy (a quote is bought after its invoices exist).
ALTER TABLE "invoices" ADD COLUMN "policy_id" integer;--> statement-breakpoint
UPDATE invoices i SET policy_id = CASE i.invoiceable_type WHEN 'Policy' THEN i.invoiceable_id
  WHEN 'PolicyQuote' THEN (SELECT q.policy_id FROM policy_quotes q WHERE q.id = i.invoiceable_id) END
  WHERE i.invoiceable_type IN ('Policy', 'PolicyQuote');--> statement-breakpoint
CREATE OR REPLACE FUNCTION invoices_policy_id_set() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.policy_id := CASE NEW.invoiceable_type WHEN 'Policy' THEN NEW.invoiceable_id
    WHEN 'PolicyQuote' THEN (SELECT q.policy_id FROM policy_quotes q WHERE q.id = NEW.invoiceable_id) END;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER invoices_policy_id_ins BEFORE INSERT ON invoices FOR EACH ROW EXECUTE FUNCTION invoices_policy_id_set();--> statement-breakpoint
CREATE TRIGGER invoices_policy_id_upd BEFORE UPDATE OF invoiceable_type, invoiceable_id, policy_id ON invoices
  FOR EACH ROW EXECUTE FUNCTION invoices_policy_id_set();--> statement-breakpoint
CREATE OR REPLACE FUNCTION policy_quotes_invoices_policy_id() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE invoices SET policy_id = NULL WHERE invoiceable_type = 'PolicyQuote' AND invoiceable_id = OLD.id AND policy_id IS NOT NULL;
    RETURN OLD;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.id <> NEW.id THEN
    UPDATE invoices SET policy_id = NULL WHERE invoiceable_type = 'PolicyQuote' AND invoiceable_id = OLD.id AND policy_id IS NOT NULL;
  END IF;
  UPDATE invoices SET policy_id = NEW.policy_id
    WHERE invoiceable_type = 'PolicyQuote' AND invoiceable_id = NEW.id AND policy_id IS DISTINCT FROM NEW.policy_id;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER policy_quotes_invoices_policy_id_upd AFTER UPDATE OF id, policy_id ON policy_quotes
  FOR EACH ROW EXECUTE FUNCTION policy_quotes_invoices_policy_id();--> statement-breakpoint
CREATE TRIGGER policy_quotes_invoices_policy_id_del AFTER DELETE ON policy_quotes
  FOR EACH ROW EXECUTE FUNCTION policy_quotes_invoices_policy_id();--> statement-breakpoint
CREATE INDEX "invoices_policy_idx" ON "invoices" USING btree ("policy_id");--> statement-breakpoint
CREATE INDEX "charge_refunds_created_at_idx" ON "charge_refunds" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "charges_created_at_idx" ON "charges" USING btree ("created_at");
