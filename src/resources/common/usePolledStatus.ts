import { useEffect, useState } from "react";
import { useRequest } from "./useRequest";

/** Import progress is polled every 2 seconds (the mass-import polling interval, readings C-34). */
export const IMPORT_POLL_MS = 2000;

/**
 * Polls a background job's status at `path` (nothing while it is null) every IMPORT_POLL_MS until `running` says it
 * has ended; a failed poll is tried again at the next tick. Shared by every screen that waits for an import.
 */
export function usePolledStatus<T>(path: string | null, running: (status: T) => boolean): T | null {
  const { request } = useRequest();
  const [status, setStatus] = useState<T | null>(null);
  useEffect(() => {
    setStatus(null);
    if (!path) return undefined;
    let live = true;
    const tick = async () => {
      try {
        const { json } = await request<T>(path);
        if (!live) return;
        setStatus(json);
        if (running(json)) timer = setTimeout(tick, IMPORT_POLL_MS);
      } catch {
        if (live) timer = setTimeout(tick, IMPORT_POLL_MS);
      }
    };
    let timer = setTimeout(tick, 0);
    return () => {
      live = false;
      clearTimeout(timer);
    };
    // `running` is a rule, not state: a new function each render must not restart the polling.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [path, request]);
  return status;
}

/** Queued or running: the statuses of the imports' jobs that are not over yet. */
export const jobRunning = (s: { status: string }) => s.status === "queued" || s.status === "running";
