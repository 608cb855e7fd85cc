import { formatMoment } from "../../domain/format";

/** A moment as people say it, or a dash when it never happened. */
export const when = (value: string | null | undefined) => (value ? formatMoment(value) : "—");

/** A run's duration: "850 ms", "4.2 s", "3 min 5 s". */
export function duration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return "—";
  if (ms < 1000) return `${ms} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  return `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`;
}

/** How often a page reads an integration again while a sync runs (document 3 sections 4, 9: 3000; readings C-34: ms). */
export const INTEGRATION_POLL_MS = 3000;
