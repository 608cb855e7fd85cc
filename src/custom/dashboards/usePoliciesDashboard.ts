import { useQuery } from "@tanstack/react-query";
import { useCallback, useMemo } from "react";
import { useDataProvider } from "react-admin";
import { useSearchParams } from "react-router-dom";
import { DASHBOARD_ALL_PRODUCTS, DASHBOARD_DEFAULT_PERIOD, type DashboardGraphs, type DashboardTotals, periodWindow } from "../../domain/dashboard";
import type { AppDataProvider } from "../../dataProvider/types";

/** The dashboard's filter, kept in the address query as `?filter={…}` like every grid's (document 3 section 2). */
export interface DashboardFilter {
  start: string;
  end: string;
  agency_id?: number;
  policy_type_id: number;
}

/** The filter of the URL, defaulting to the last 7 days and the product All (document 2 section 9). */
export function useDashboardFilter(): [DashboardFilter, (next: DashboardFilter) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get("filter");
  const filter = useMemo(() => {
    const fallback = periodWindow(DASHBOARD_DEFAULT_PERIOD);
    let parsed: Partial<DashboardFilter> = {};
    try {
      parsed = raw ? (JSON.parse(raw) as Partial<DashboardFilter>) : {};
    } catch {
      parsed = {};
    }
    const day = (v: unknown, d: string) => (typeof v === "string" && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : d);
    return {
      start: day(parsed.start, fallback.start),
      end: day(parsed.end, fallback.end),
      agency_id: typeof parsed.agency_id === "number" ? parsed.agency_id : undefined,
      policy_type_id: typeof parsed.policy_type_id === "number" ? parsed.policy_type_id : DASHBOARD_ALL_PRODUCTS,
    };
  }, [raw]);
  const setFilter = useCallback(
    (next: DashboardFilter) =>
      setParams(
        (previous) => {
          const out = new URLSearchParams(previous);
          out.set("filter", JSON.stringify(next));
          return out;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [filter, setFilter];
}

/** The query string of document 2 section 7 (filter[agency_id], filter[created_at][start|end], filter[policy_type_id]). */
export function dashboardQueryString(filter: DashboardFilter, graphs = false): string {
  const q = new URLSearchParams();
  if (filter.agency_id) q.set("filter[agency_id]", String(filter.agency_id));
  q.set("filter[created_at][start]", filter.start);
  q.set("filter[created_at][end]", filter.end);
  q.set("filter[policy_type_id]", String(filter.policy_type_id));
  // The graphs call sends the default sort literally (document 2 section 7; readings C-43).
  if (graphs) {
    q.append("sort[column][]", "last_visit");
    q.append("sort[direction][]", "desc");
  }
  return q.toString();
}

/** GET /policies_dashboard/total and /graphs for one filter; nothing is asked while `enabled` is false (staff). */
export function usePoliciesDashboard(filter: DashboardFilter, enabled: boolean) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const valid = filter.end >= filter.start;
  const totals = useQuery({
    queryKey: ["policies_dashboard", "total", filter],
    enabled: enabled && valid,
    queryFn: async ({ signal }) => (await dataProvider.request<DashboardTotals>(`/policies_dashboard/total?${dashboardQueryString(filter)}`, { signal })).json,
  });
  const graphs = useQuery({
    queryKey: ["policies_dashboard", "graphs", filter],
    enabled: enabled && valid,
    queryFn: async ({ signal }) => (await dataProvider.request<DashboardGraphs>(`/policies_dashboard/graphs?${dashboardQueryString(filter, true)}`, { signal })).json,
  });
  return { totals, graphs };
}
