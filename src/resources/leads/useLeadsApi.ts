import { useQuery } from "@tanstack/react-query";
import { useDataProvider } from "react-admin";
import type { AppDataProvider } from "../../dataProvider/types";
import type { LeadFilterOptions, LeadStats } from "./types";

/** The dashboard's numbers for the grid's filters (POST /dashboards/leads/stats; the server keeps them 5 minutes). */
export function useLeadStats(filter: Record<string, unknown>) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const { archived: _archived, ...statsFilter } = filter;
  return useQuery({
    queryKey: ["leads", "stats", statsFilter],
    queryFn: async ({ signal }) => (await dataProvider.request<LeadStats>("/dashboards/leads/stats", { method: "POST", body: { filter: statsFilter }, signal })).json,
  });
}

/** Campaign choices of the caller's tracking URLs and the products (get_filters, get_products). */
export function useLeadFilterOptions() {
  const dataProvider = useDataProvider<AppDataProvider>();
  const campaigns = useQuery({
    queryKey: ["leads", "filters"],
    queryFn: async ({ signal }) => (await dataProvider.request<LeadFilterOptions>("/leads_dashboard/get_filters", { signal })).json,
  });
  const products = useQuery({
    queryKey: ["leads", "products"],
    queryFn: async ({ signal }) => (await dataProvider.request<Array<{ id: number; title: string }>>("/leads/filters/get_products", { signal })).json,
  });
  return { campaigns: campaigns.data, products: products.data ?? [] };
}
