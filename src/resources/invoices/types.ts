/** One invoice of the Invoices grid (GET /invoices; docs/API.md "Invoices"); money in cents, dates yyyy-MM-dd. */
export interface InvoiceRecord {
  id: number;
  number: string;
  status: string;
  due_date: string | null;
  available_date: string | null;
  subtotal: number;
  /** What the invoice bills (its total_due). */
  total: number;
  total_due: number;
  /** What is still to collect: 0 once complete or cancelled. */
  total_payable: number;
  total_received: number;
  policy: { id: number; number: string; status: string };
  customer: string | null;
  created_at: string;
  updated_at: string;
}

/** GET /invoices/:id: the row plus its visible lines. */
export interface InvoiceDetail extends InvoiceRecord {
  line_items: Array<{ id: number; title: string; total_due: number; total_received: number; analytics_category: string }>;
}
