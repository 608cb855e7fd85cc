/** app.dmr.*: the DMR review queue (document 1 section 2.4 and section 8), spec texts verbatim. */
export const dmrMessages = {
  filters: {
    status: "Status",
    unprocessed: "Unprocessed",
    processed: "Processed",
    date_from: "Updated from",
    date_to: "Updated to",
    bad_range: "End date must be later than Start date",
  },
  columns: {
    policy_id: "Policy ID",
    file: "File",
    processed: "Processed",
    updated_at: "Updated At",
    actions: "Actions",
  },
  empty: "No results found",
  review: "REVIEW",
  review_title: "Review %{name}",
  taken: "Taken by %{name}",
  submitted: "Success ! Policy has been successfully submitted.",
  archive: {
    action: "Archive",
    confirm: "Are you sure want to archive this policy? This action cannot be undone.",
    button: "ARCHIVE",
    cancel: "CANCEL",
    done: "File has been archived",
  },
  viewer: {
    download: "Download",
    close: "Close",
    loading: "Loading document",
    unable: "Unable to load document",
    try_again: "Try Again",
  },
  upload: {
    button: "Upload PDFs",
    progress: "Uploading… %{percent}%",
    done: "%{added} file(s) queued, %{duplicates} already in the queue",
    failed: "Something went wrong",
  },
};
