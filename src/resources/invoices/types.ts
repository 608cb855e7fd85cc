import type { Invoice } from "../policies/show/types";

/** One invoice of the Invoices grid (GET /invoices; docs/API.md "Invoices"): the policy page's invoice without its lines,
 * plus what the grid shows beside it. Money in cents, dates yyyy-MM-dd; `total` is what the invoice bills. */
export interface InvoiceRecord extends Omit<Invoice, "line_items"> {
  /** What is still to collect: 0 once complete or cancelled. */
  total_payable: number;
  policy: { id: number; number: string; status: string };
  customer: string | null;
  created_at: string;
  updated_at: string;
}

/** GET /invoices/:id: the row plus its visible lines. */
export interface InvoiceDetail extends InvoiceRecord {
  line_items: Invoice["line_items"];
}
