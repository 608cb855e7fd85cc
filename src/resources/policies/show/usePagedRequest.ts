import { useCallback, useEffect, useState } from "react";
import { usePolicyApi } from "./useApi";

/**
 * A page of a bare-array list call (`total-entries` header) for the policy tabs (history, leads), refetched when
 * its query changes; a stale answer never overwrites a newer one. A failed load shows as an empty list (document 2
 * section 8: "Leads list load failure: an empty list").
 */
export function usePagedRequest<T>(path: string, query: Record<string, unknown>) {
  const { request } = usePolicyApi();
  const [state, setState] = useState<{ rows: T[]; total: number; loading: boolean }>({ rows: [], total: 0, loading: true });
  const [version, setVersion] = useState(0);
  const key = JSON.stringify(query);

  useEffect(() => {
    const controller = new AbortController();
    setState((s) => ({ ...s, loading: true }));
    request<T[]>(path, { query: JSON.parse(key), signal: controller.signal })
      .then(({ json, headers }) => setState({ rows: json ?? [], total: Number(headers.get("total-entries") ?? json?.length ?? 0), loading: false }))
      .catch(() => {
        if (!controller.signal.aborted) setState({ rows: [], total: 0, loading: false });
      });
    return () => controller.abort();
  }, [request, path, key, version]);

  const refetch = useCallback(() => setVersion((v) => v + 1), []);
  return { ...state, refetch };
}
