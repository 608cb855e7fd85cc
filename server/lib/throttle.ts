/**
 * Backoff instead of a hard lock (issue 9, hole 8): the first `free` failures cost nothing, then each one doubles the
 * wait before the next try (15 s, 30 s, 1 min, …) up to `capSeconds`. Whoever waits may try again, so an owner is
 * never locked out for good, and a guesser gets a handful of tries per window.
 */
export function backoffSeconds(failures: number, free: number, capSeconds: number): number {
  if (failures < free) return 0;
  return Math.min(capSeconds, 15 * 2 ** Math.min(failures - free, 20));
}

/** Seconds left to wait after the last failure, 0 when the caller may try now. */
export function waitLeft(failures: number, lastAt: Date | null, free: number, capSeconds: number, now = Date.now()): number {
  if (!lastAt) return 0;
  const wait = backoffSeconds(failures, free, capSeconds) - (now - lastAt.getTime()) / 1000;
  return wait > 0 ? Math.ceil(wait) : 0;
}

/** "45 seconds", "2 minutes": the retry hint of a 429. */
export function humanSeconds(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? "" : "s"}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}
