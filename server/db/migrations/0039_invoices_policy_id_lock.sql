-- An invoice written for a quote reads the quote's policy under a share lock: without it, an invoice inserted while
-- another transaction bought (or moved, or deleted) that quote kept the policy it read before the purchase committed,
-- and the purchase's own update of invoices could not see the invoice not yet committed (a stale invoices.policy_id,
-- which scopes invoice and payment lists). With the lock one of the two waits for the other; a deadlock between them
-- is detected and one is retried by its caller.
CREATE OR REPLACE FUNCTION invoices_policy_id_set() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  quote_policy integer;
BEGIN
  IF NEW.invoiceable_type = 'Policy' THEN
    NEW.policy_id := NEW.invoiceable_id;
  ELSIF NEW.invoiceable_type = 'PolicyQuote' THEN
    SELECT q.policy_id INTO quote_policy FROM policy_quotes q WHERE q.id = NEW.invoiceable_id FOR SHARE;
    NEW.policy_id := quote_policy;
  ELSE
    NEW.policy_id := NULL;
  END IF;
  RETURN NEW;
END $$;
