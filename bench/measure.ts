/**
 * Timing helpers for the benchmark: bounded loops over real HTTP, summarised as median and p95.
 */
/** Which goal of issue 11 a measurement belongs to (its p95 is held against that goal's limit). */
export type Goal = "list_page1" | "deep_page" | "search" | "review" | "leads_stats" | "dashboard" | "other";

/** Times one call under a name, within a goal. */
export type Run = (goal: Goal, name: string, once: (i: number) => Promise<unknown>) => Promise<void>;

export interface Measurement {
  goal: Goal;
  name: string;
  /** Requests timed (fewer than asked when the time budget ran out first). */
  n: number;
  median_ms: number;
  p95_ms: number;
  min_ms: number;
  max_ms: number;
}

/** Nearest-rank percentile of sorted samples. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

const round = (ms: number) => Math.round(ms * 10) / 10;

/**
 * Runs `once` a few times untimed (JIT, plan and page caches), then up to `count` timed times, stopping early once
 * `budgetMs` is spent (but never below 5 samples), so a slow query at a large scale cannot stall the run.
 */
export async function measure(goal: Goal, name: string, count: number, budgetMs: number, once: (i: number) => Promise<void>): Promise<Measurement> {
  for (let i = 0; i < Math.min(3, count); i++) await once(i);
  const samples: number[] = [];
  const started = performance.now();
  for (let i = 0; i < count; i++) {
    const t = performance.now();
    await once(i);
    samples.push(performance.now() - t);
    if (samples.length >= 5 && performance.now() - started > budgetMs) break;
  }
  samples.sort((a, b) => a - b);
  return {
    goal,
    name,
    n: samples.length,
    median_ms: round(percentile(samples, 50)),
    p95_ms: round(percentile(samples, 95)),
    min_ms: round(samples[0]),
    max_ms: round(samples[samples.length - 1]),
  };
}

export function formatTable(results: Measurement[]): string {
  const width = Math.max(...results.map((r) => r.name.length), 10);
  const head = `${"measure".padEnd(width)}  ${"n".padStart(5)}  ${"median".padStart(10)}  ${"p95".padStart(10)}  ${"max".padStart(10)}`;
  const lines = results.map(
    (r) => `${r.name.padEnd(width)}  ${String(r.n).padStart(5)}  ${`${r.median_ms} ms`.padStart(10)}  ${`${r.p95_ms} ms`.padStart(10)}  ${`${r.max_ms} ms`.padStart(10)}`,
  );
  return [head, "-".repeat(head.length), ...lines].join("\n");
}
