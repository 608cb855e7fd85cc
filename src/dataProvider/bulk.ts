import { BULK_POLL_MS, type BulkFailure, type BulkJob, type BulkResult, bulkJobRunning } from "../domain/bulk";

/** What a grid's bulk call ended with, whether it ran inside the request or as a background job. */
export interface BulkOutcome {
  done_count: number;
  /** The rows done, when the server ran them inside the request (a job reports its count only). */
  done?: number[];
  failed: BulkFailure[];
  /** Why a background job stopped as a whole (its rows done so far stay done), else absent. */
  error?: string;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * POSTs a grid's bulk call (src/domain/bulk.ts): a small selection answers its result at once (200); a large one
 * answers 202 with a background job, polled at GET /bulk_jobs/{id} every BULK_POLL_MS (a failed poll of the network
 * is tried again at the next tick) until it has ended, each answer handed to `onProgress`.
 */
/** How a bulk call reaches the API: the httpClient, or a test's fake of `request`. */
export type BulkSend = <T>(path: string, init?: { method?: "POST"; body?: unknown }) => Promise<{ json: T }>;

export async function runBulkCall(
  httpClient: BulkSend,
  path: string,
  body: unknown,
  onProgress?: (job: BulkJob) => void,
  pause: (ms: number) => Promise<unknown> = wait,
): Promise<BulkOutcome> {
  const { json } = await httpClient<BulkResult | BulkJob>(path, { method: "POST", body });
  if ("done" in json && Array.isArray(json.done)) return { done_count: json.done.length, done: json.done, failed: json.failed };
  let job = json as BulkJob;
  onProgress?.(job);
  while (bulkJobRunning(job)) {
    await pause(BULK_POLL_MS);
    try {
      job = (await httpClient<BulkJob>(`/bulk_jobs/${job.id}`)).json;
    } catch (error) {
      if ((error as { status?: number }).status === 0) continue;
      throw error;
    }
    onProgress?.(job);
  }
  return { done_count: job.done_count, failed: job.failed, ...(job.status === "failed" ? { error: job.error ?? undefined } : {}) };
}
