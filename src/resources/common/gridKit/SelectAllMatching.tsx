import { createContext, useContext, useEffect, useState, type ReactNode } from "react";
import { Typography } from "@mui/material";
import { Button, useListContext, useTranslate } from "react-admin";

/**
 * "Select all matching" (issue 17 section 5): once the whole page is picked, the bulk bar offers every row matching
 * the grid's filter, not only the page. Bulk actions then send the filter, and the server picks the rows through the
 * list's own scoped query (server/lib/list.ts bulkTargets), so no id list travels and none outside the scope is obeyed.
 */
const AllMatching = createContext<{ on: boolean; set: (on: boolean) => void }>({ on: false, set: () => undefined });

export const useAllMatching = () => useContext(AllMatching);

export function AllMatchingProvider({ children }: { children: ReactNode }) {
  const [on, set] = useState(false);
  const { selectedIds, data, filterValues } = useListContext();
  const pageAll = !!data?.length && data.every((r) => selectedIds.includes(r.id));
  const filterKey = JSON.stringify(filterValues ?? {});
  // Unpicking a row, or another filter, ends "all matching".
  useEffect(() => {
    if (!pageAll) set(false);
  }, [pageAll]);
  useEffect(() => set(false), [filterKey]);
  return <AllMatching.Provider value={{ on, set }}>{children}</AllMatching.Provider>;
}

export const SelectAllMatchingButton = () => {
  const translate = useTranslate();
  const { total, data, selectedIds } = useListContext();
  const { on, set } = useAllMatching();
  const pageAll = !!data?.length && data.every((r) => selectedIds.includes(r.id));
  if (!pageAll || !total || total <= selectedIds.length) return null;
  if (on)
    return (
      <Typography variant="body2" sx={{ ml: 1 }} data-all-matching>
        {translate("app.grid_kit.all_matching_selected", { smart_count: total })}
      </Typography>
    );
  return <Button label={translate("app.grid_kit.select_all_matching", { smart_count: total })} onClick={() => set(true)} />;
};
