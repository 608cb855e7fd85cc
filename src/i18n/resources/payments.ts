/** resources.payments (document 1 section 2.2: payments): the gateway's charges and refunds. */
export default {
  name: "Payment |||| Payments",
  fields: {
    created_at: "Date",
    kind: "Kind",
    amount: "Amount",
    status: "Status",
    gateway_id: "Gateway ID",
    error: "Error",
    "invoice.number": "Invoice",
    "policy.number": "Policy Number",
  },
  kinds: { charge: "Charge", refund: "Refund" },
  statuses: { processing: "Processing", succeeded: "Succeeded", failed: "Failed" },
  filters: {
    from: "From",
    to: "To",
  },
};
