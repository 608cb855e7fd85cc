import { useState } from "react";
import { IconButton, Tooltip } from "@mui/material";
import DownloadIcon from "@mui/icons-material/Download";
import Papa from "papaparse";
import { useDataProvider, useListContext, useNotify, useStore, useTranslate, type RaRecord } from "react-admin";
import type { ChooserColumn } from "./ColumnsChooser";

/** The export reads the grid in pages of this size up to EXPORT_MAX rows (the server's count cap). */
const EXPORT_PER = 500;
export const EXPORT_MAX = 10_000;

const valueAt = (record: RaRecord, path: string): unknown => path.split(".").reduce<unknown>((value, key) => (value && typeof value === "object" ? (value as Record<string, unknown>)[key] : undefined), record);
const cell = (value: unknown) => (value === null || value === undefined ? "" : typeof value === "object" ? JSON.stringify(value) : String(value));

/**
 * Every row matching the grid's filter and sort, not only the page (issue 17 section 5), read through the list's own
 * call (so the server's scope applies), up to EXPORT_MAX; only the picked rows when some are picked. Columns are the
 * grid's shown ones in their order.
 */
export async function matchingRows(getPage: (page: number, per: number) => Promise<{ data: RaRecord[] }>, picked?: ReadonlySet<unknown>): Promise<RaRecord[]> {
  const rows: RaRecord[] = [];
  for (let page = 1; rows.length < EXPORT_MAX; page++) {
    const { data } = await getPage(page, EXPORT_PER);
    rows.push(...data.filter((r) => !picked || picked.has(r.id)));
    if (data.length < EXPORT_PER || (picked && rows.length >= picked.size)) break;
  }
  return rows.slice(0, EXPORT_MAX);
}

export function toCsv(rows: RaRecord[], columns: Array<{ source: string; label: string }>): string {
  return Papa.unparse([columns.map((c) => c.label), ...rows.map((row) => columns.map((c) => cell(valueAt(row, c.source))))]);
}

export const GridExportButton = ({ grid, storeKey, columns }: { grid: string; storeKey: string; columns: ChooserColumn[] }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider();
  const { resource, filterValues, sort, selectedIds, total } = useListContext();
  const [hidden] = useStore<string[]>(storeKey, []);
  const [busy, setBusy] = useState(false);
  const picked = selectedIds?.length ? new Set<unknown>(selectedIds) : undefined;
  const label = translate(picked ? "app.grid_kit.export.selected" : "app.grid_kit.export.matching", { smart_count: picked ? picked.size : (total ?? 0) });
  const run = async () => {
    setBusy(true);
    try {
      const rows = await matchingRows((page, perPage) => dataProvider.getList(resource, { filter: filterValues, sort, pagination: { page, perPage } }), picked);
      const shown = columns.filter((c): c is ChooserColumn & { id: string } => c.id !== null && !hidden.includes(c.id)).map((c) => ({ source: c.id, label: c.label }));
      const a = document.createElement("a");
      a.href = URL.createObjectURL(new Blob([toCsv(rows, shown)], { type: "text/csv" }));
      a.download = `${grid.replace(/[^\w-]+/g, "-").replace(/^-|-$/g, "") || resource}.csv`;
      a.click();
      URL.revokeObjectURL(a.href);
      notify("app.grid_kit.export.done", { type: "success", messageArgs: { smart_count: rows.length } });
    } catch {
      notify("app.grid_kit.export.failed", { type: "error" });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Tooltip title={label}>
      <span>
        <IconButton size="small" aria-label={label} disabled={busy || !total} onClick={run} data-grid-export>
          <DownloadIcon fontSize="small" />
        </IconButton>
      </span>
    </Tooltip>
  );
};
