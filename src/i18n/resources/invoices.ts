/** resources.invoices (document 1 section 2.2: invoices; document 2 sections 2, 4 and 7: invoice statuses, charging). */
export default {
  name: "Invoice |||| Invoices",
  fields: {
    number: "Number",
    "policy.number": "Policy Number",
    customer: "Customer",
    due_date: "Due Date",
    available_date: "Available Date",
    status: "Status",
    subtotal: "Subtotal",
    total: "Total",
    total_payable: "Total Due",
    total_received: "Received",
    created_at: "Created",
  },
  filters: {
    search_policy: "Policy Number",
    search_number: "Invoice Number",
    due_from: "Due from",
    due_to: "Due to",
  },
  actions: {
    charge: "Charge",
  },
  charge: {
    not_chargeable: "Only missed, upcoming and available invoices can be charged",
    results_title: "Charge results",
    close: "Close",
  },
  show: {
    title: "Invoice %{number}",
    details: "Invoice",
    lines: "Lines",
    line: "Line",
    category: "Type",
    amount: "Amount",
    no_lines: "There are no lines",
    payments: "Charges and refunds",
    open_payments: "Open in Payments",
  },
};
