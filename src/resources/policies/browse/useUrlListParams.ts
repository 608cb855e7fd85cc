import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router-dom";

/**
 * The policies grid keeps its state in the address as the spec names it (document 2 section 2): `filters` (JSON),
 * `page` (from 1), `pageSize`, plus `sort` and `order`. Reading tolerates a hand-edited address: a bad value falls
 * back to the default instead of breaking the page.
 */
export interface UrlListParams {
  filters: Record<string, unknown>;
  page: number;
  pageSize: number;
  sort: string;
  order: "ASC" | "DESC";
}

const positive = (raw: string | null, fallback: number) => {
  const n = Number(raw);
  return Number.isInteger(n) && n >= 1 ? n : fallback;
};

export function parseUrlListParams(search: URLSearchParams, defaults: Omit<UrlListParams, "filters" | "page">): UrlListParams {
  let filters: Record<string, unknown> = {};
  try {
    const parsed = JSON.parse(search.get("filters") ?? "{}") as unknown;
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) filters = parsed as Record<string, unknown>;
  } catch {
    filters = {};
  }
  const order = search.get("order");
  return {
    filters,
    page: positive(search.get("page"), 1),
    pageSize: positive(search.get("pageSize"), defaults.pageSize),
    sort: search.get("sort") || defaults.sort,
    order: order === "ASC" || order === "DESC" ? order : defaults.order,
  };
}

export function useUrlListParams(defaults: Omit<UrlListParams, "filters" | "page">) {
  const [search, setSearch] = useSearchParams();
  const key = search.toString();
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const params = useMemo(() => parseUrlListParams(search, defaults), [key]);
  const write = useCallback(
    (next: UrlListParams) => {
      const query = new URLSearchParams();
      if (Object.keys(next.filters).length) query.set("filters", JSON.stringify(next.filters));
      query.set("page", String(next.page));
      query.set("pageSize", String(next.pageSize));
      query.set("sort", next.sort);
      query.set("order", next.order);
      if (query.toString() !== key) setSearch(query, { replace: true });
    },
    [key, setSearch],
  );
  return [params, write] as const;
}
