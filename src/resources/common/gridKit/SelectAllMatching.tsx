import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from "react";
import { BulkActionsToolbar, Button, useListContext, useTranslate, type Identifier, type RaRecord } from "react-admin";

/**
 * "Select all matching" (issue 17 section 5): once the whole page is picked, the bulk bar offers every row matching
 * the grid's filter, not only the page. Bulk actions then send the filter, and the server picks the rows through the
 * list's own scoped query (server/lib/list.ts bulkTargets), so no id list travels and none outside the scope is obeyed.
 */
const AllMatching = createContext<{ on: boolean; set: (on: boolean) => void; recordOf: (id: Identifier) => RaRecord | undefined }>({
  on: false,
  set: () => undefined,
  recordOf: () => undefined,
});

export const useAllMatching = () => useContext(AllMatching);

export function AllMatchingProvider({ children }: { children: ReactNode }) {
  const [on, set] = useState(false);
  const { selectedIds, data, filterValues } = useListContext();
  const pageAll = !!data?.length && data.every((r) => selectedIds.includes(r.id));
  const filterKey = JSON.stringify(filterValues ?? {});
  // Rows picked on another page than the one shown are still named as the grid named them (not '#id') in the results.
  const seen = useRef(new Map<string, RaRecord>());
  for (const record of data ?? []) seen.current.set(String(record.id), record);
  // Unpicking a row, or another filter, ends "all matching".
  useEffect(() => {
    if (!pageAll) set(false);
  }, [pageAll]);
  useEffect(() => set(false), [filterKey]);
  return <AllMatching.Provider value={{ on, set, recordOf: (id) => seen.current.get(String(id)) }}>{children}</AllMatching.Provider>;
}

export const SelectAllMatchingButton = () => {
  const translate = useTranslate();
  const { total, data, selectedIds } = useListContext();
  const { on, set } = useAllMatching();
  const pageAll = !!data?.length && data.every((r) => selectedIds.includes(r.id));
  if (!pageAll || !total || total <= selectedIds.length || on) return null;
  return <Button label={translate("app.grid_kit.select_all_matching", { smart_count: total })} onClick={() => set(true)} />;
};

/**
 * The bulk bar of a grid with bulk actions. Its count says what an action will reach: the picked rows, or, once all
 * matching rows are picked, all of them ("20 items selected" beside "All 21 matching rows are selected" read as two
 * different answers).
 */
export const GridBulkToolbar = ({ children }: { children: ReactNode }) => {
  const translate = useTranslate();
  const { total } = useListContext();
  const { on } = useAllMatching();
  const label = on && total ? translate("app.grid_kit.all_matching_selected", { smart_count: total }) : undefined;
  return (
    <BulkActionsToolbar label={label} selectAllButton={<SelectAllMatchingButton />}>
      {children}
    </BulkActionsToolbar>
  );
};
