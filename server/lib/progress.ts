/** A long job's progress is written at most once per this many rows… */
export const PROGRESS_EVERY_ROWS = 100;
/** …or once per this many milliseconds, whichever comes first. */
export const PROGRESS_EVERY_MS = 500;

export type ProgressWrite = (processed: number, total: number) => Promise<unknown>;

export interface BatchedProgress {
  /** A row count reached; written when a batch's rows or time have passed since the last write. */
  report(processed: number, total: number): Promise<void>;
}

/**
 * Progress of a job kept in its database row, not in the memory of the process running it, so every API process
 * sharing the database answers the same while it runs (issue 11, several processes; issue 16). Writing every row
 * would double an import's writes, so it is written in batches. The imports report from inside their transaction:
 * `write` must go through another connection (the pool), or the count would show only once the import has ended.
 * `written` runs after each write (tests pause a run there to read it from another process).
 */
export function batchedProgress(write: ProgressWrite, options: { written?: ProgressWrite; now?: () => number } = {}): BatchedProgress {
  const now = options.now ?? Date.now;
  let last = 0;
  let lastAt = now();
  return {
    async report(processed, total) {
      if (processed <= last) return;
      if (processed - last < PROGRESS_EVERY_ROWS && now() - lastAt < PROGRESS_EVERY_MS && processed < total) return;
      last = processed;
      lastAt = now();
      await write(processed, total);
      await options.written?.(processed, total);
    },
  };
}

/** No progress written while running (the embedded database: its one connection is the import's until it ends). */
export const noProgress: BatchedProgress = { report: async () => undefined };
