/** resources.policy-import: Policy Import, the legacy import (document 2 sections 2, 5 and 8; docs/legacy-import.md). */
export default {
  name: "Policy Import",
  heading: "Import Policies",
  subheading: "Import legacy policies from external systems",
  fields: {
    agency: "Agency",
    account: "Account",
    integration: "Integration",
    file_url: "File URL",
  },
  help: {
    file_url: "A link to the provider's policy export (a presigned link to a storage object, https)",
    formats: "The file is the integration's own CSV export of policies; its columns per provider are described in docs/legacy-import.md.",
  },
  loading_integrations: "Loading integrations...",
  no_integrations: "No integrations available. Please select an account first.",
  integration_option: "%{provider} — %{account} (#%{id})",
  sample: "Download a sample (%{provider})",
  validation: {
    integration: "Integration selection is required",
    file_url: "File URL is required",
    // A policies-area form: the short required text (document 2 section 5; readings C-18).
    agency: "This field is required",
    account: "This field is required",
  },
  submit: "Import",
  importing: "Importing…",
  progress: "%{processed} of %{total} rows imported",
  queued: "Waiting for the import to start…",
  success: "Import completed successfully",
  finished_with_errors: "Import finished with errors",
  failure: "Import failed. Please try again.",
  counts: "%{created} created, %{skipped} already known, %{errors} in error",
  row: "Row %{row} (%{number}): %{message}",
  result_file: "Download the result file",
};
