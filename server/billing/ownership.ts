import { type SQL, sql } from "drizzle-orm";

/**
 * Which policy an invoice bills (reference section 3.6): the policy itself, or the quote the policy was bought from.
 * The invoice is the row aliased `i`; its stored `policy_id` says which, kept by migration 0035's triggers from the
 * invoiceable and the quote's policy, so every reader finds an invoice's policy (and a policy's invoices) by index.
 */
export const invoiceOfPolicy = (policyId: number | SQL): SQL => sql`i.policy_id = ${policyId}`;

/** The id of the policy invoice `i` bills; null for a group quote's invoice or a quote not bought. */
export const policyIdOfInvoice: SQL = sql`i.policy_id`;

/** The same, computed from the invoiceable (what the stored column must equal; tests compare the two). */
export const policyIdOfInvoiceComputed: SQL = sql`CASE i.invoiceable_type WHEN 'Policy' THEN i.invoiceable_id
  WHEN 'PolicyQuote' THEN (SELECT q.policy_id FROM policy_quotes q WHERE q.id = i.invoiceable_id) END`;
