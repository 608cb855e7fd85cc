/** What the coverage-proof calls answer on success (the console shows the server's message, document 2 section 2). */
export const UPLOADED = "Policy has been uploaded";
export const UPDATED = "Policy has been updated";
/** A non-reviewer's change to a verified proof waits for review instead (issue 4 part 2). */
export const REVISION_SUBMITTED = "Your updates have been submitted for review";
