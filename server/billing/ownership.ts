import { type SQL, sql } from "drizzle-orm";

/**
 * Which policy an invoice bills (reference section 3.6): the policy itself, or the quote the policy was bought from.
 * The invoice is the row aliased `i`.
 */
export const invoiceOfPolicy = (policyId: number | SQL): SQL =>
  sql`((i.invoiceable_type = 'Policy' AND i.invoiceable_id = ${policyId})
    OR (i.invoiceable_type = 'PolicyQuote' AND i.invoiceable_id IN (SELECT q.id FROM policy_quotes q WHERE q.policy_id = ${policyId})))`;

/** The id of the policy invoice `i` bills; null for a group quote's invoice. */
export const policyIdOfInvoice: SQL = sql`CASE i.invoiceable_type WHEN 'Policy' THEN i.invoiceable_id
  WHEN 'PolicyQuote' THEN (SELECT q.policy_id FROM policy_quotes q WHERE q.id = i.invoiceable_id) END`;
