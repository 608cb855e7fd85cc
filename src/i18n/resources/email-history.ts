/** resources.email-history: every mail the platform recorded (DESIGN.md section 2). */
export default {
  name: "Email |||| Email History",
  fields: {
    created_at: "Sent At",
    to: "To",
    subject: "Subject",
    template: "Kind",
    related: "Related To",
    status: "Status",
    error: "Failure",
  },
  statuses: { sent: "Sent", recorded: "Recorded", failed: "Failed" },
  templates: {
    policies_export: "Policies export",
    leads_export: "Leads export",
    policy_cancelled: "Policy cancelled",
    refund_issued: "Refund issued",
    staff_invitation: "Staff invitation",
    staff_password_reset: "Password reset",
    external_policy_status: "Proof of coverage decision",
    policy_revision_outcome: "Policy update decision",
  },
  related: { Policy: "Policy %{id}", User: "User %{id}", Staff: "Staff %{id}" },
  search: { to: "To", subject: "Subject" },
  filters: { status: "Status", template: "Kind" },
  show: {
    message: "Message",
    attachments: "Attachments",
    no_attachments: "No attachments",
    recorded_note: "Recorded only: no mail server was configured when it was sent.",
  },
};
