/** app.policy_billing.*: the Premium invoice panel and charging (document 2 sections 2, 4, 8), spec texts verbatim. */
export const policyBillingMessages = {
  title: "Premium",
  columns: { number: "Number", due_date: "Due Date", status: "Status", total: "Total", total_due: "Total Due", select: "Select" },
  statuses: { complete: "Complete", upcoming: "Upcoming", missed: "Missed", available: "Available", pending: "Pending", cancelled: "Cancelled", quoted: "Quoted", processing: "Processing", managed_externally: "Managed externally", under_review: "Under review" },
  charge_now: "Charge now",
  cancel_charging: "Cancel charging",
  make_charge: "Make charge",
  confirm: "Charge %{count} invoice(s) now?",
  confirm_title: "Are you sure?",
  yes: "Yes",
  cancel: "CANCEL",
  nothing_chargeable: "No Invoice can be charged",
  failure: "Something went wrong.",
  ok: "Ok",
  result: { success: "Charged: %{status}", failed: "Not charged: %{error}" },
  lines: { policy_premium: "Premium", master_policy_premium: "Master premium", policy_fee: "Fee", policy_tax: "Tax", other: "Other" },
  totals: { billed: "Total billed", received: "Received", refunded: "Refunded", net: "Kept after refund" },
};
