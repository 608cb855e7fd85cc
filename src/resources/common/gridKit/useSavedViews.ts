import { useCallback } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useDataProvider } from "react-admin";
import type { AppDataProvider } from "../../../dataProvider/types";
import type { SavedView, SavedViewParams } from "../../../domain/savedViews";

/**
 * A grid's saved views on the server (GET/POST/DELETE /saved_views): the caller's own and those shared with them,
 * asked for only once the menu opens, so a grid's first load costs no extra call.
 */
export function useSavedViews(grid: string, enabled: boolean) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const client = useQueryClient();
  const key = ["saved_views", grid];
  const views = useQuery({
    queryKey: key,
    queryFn: async () => (await dataProvider.request<SavedView[]>("/saved_views", { query: { resource: grid } })).json,
    staleTime: 60_000,
    enabled,
  });
  const invalidate = useCallback(() => client.invalidateQueries({ queryKey: ["saved_views", grid] }), [client, grid]);
  const save = useMutation({
    mutationFn: async (input: { name: string; params: SavedViewParams; shared: boolean }) =>
      (await dataProvider.request<SavedView>("/saved_views", { method: "POST", body: { saved_view: { resource: grid, ...input } } })).json,
    onSuccess: invalidate,
  });
  const remove = useMutation({
    mutationFn: async (view: SavedView) => dataProvider.request(`/saved_views/${view.id}`, { method: "DELETE" }),
    onSuccess: invalidate,
  });
  return { views: views.data ?? [], isPending: views.isPending, save, remove };
}
