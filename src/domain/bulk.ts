/**
 * A grid's bulk action (issue 17 section 5), as the server answers it and the console shows it.
 *
 * Up to BULK_SYNC_MAX rows run inside the request and answer 200 `{done, failed}`. More (the "select all matching"
 * of a large filter) run as a background job: the answer is 202 with the job (BulkJob), which the console polls at
 * `GET /bulk_jobs/{id}` until it is `done` or `failed`. Either way each row is applied on its own by the single
 * action's rules: a row refused fails alone with its reason and the others go on; rows done stay done (there is no
 * all-or-nothing). A job that fails as a whole (the caller was disabled meanwhile, an error of the server) keeps the
 * rows it had done, counted in `done_count`. Picked rows travel as ids in one call (never one call per row); a picked
 * id the caller cannot reach (another tenant's, gone, no longer on a worklist) is never acted on and fails with the
 * single call's 404 text.
 */

/** More rows than this run as a background job; a grid page (20–50 rows) and a little more stay in the request. */
export const BULK_SYNC_MAX = 100;
/** More matching rows than this are refused (422): narrow the filter. */
export const BULK_MAX = 10_000;
/** How often the console asks a running job's progress. */
export const BULK_POLL_MS = 1000;
/**
 * A finished job (done or failed) is kept this many days after it ended, then deleted by the daily
 * `bulk-jobs-cleanup` job: its starter reads the result once, at the end, and a row holds every target's name.
 * Jobs still queued or running are never deleted.
 */
export const BULK_JOB_KEEP_DAYS = 7;

/** A row a bulk action reaches, named as its grid names it (policy number, staff member's name, lead's email, title). */
export interface BulkTarget {
  id: number;
  label: string;
}

export interface BulkFailure extends BulkTarget {
  reason: string;
}

/** The answer of a bulk run inside the request. */
export interface BulkResult {
  done: number[];
  failed: BulkFailure[];
}

export type BulkJobStatus = "queued" | "running" | "done" | "failed";

/** A bulk run in the background (202 and `GET /bulk_jobs/{id}`). */
export interface BulkJob {
  id: number;
  action: string;
  status: BulkJobStatus;
  total: number;
  /** Rows finished, done or failed. */
  processed: number;
  done_count: number;
  failed_count: number;
  /** Each failed row, once the job has ended (a poll while it runs carries the counts only). */
  failed: BulkFailure[];
  /** Why the job stopped as a whole (`failed`), else null. */
  error: string | null;
  created_at: string;
  finished_at: string | null;
}

export const bulkJobRunning = (job: Pick<BulkJob, "status">) => job.status === "queued" || job.status === "running";
