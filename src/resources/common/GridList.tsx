import { Children, isValidElement, type ReactNode } from "react";
import { Box, CardContent, Typography } from "@mui/material";
import { useLocation } from "react-router-dom";
import {
  Button,
  DataTable,
  List,
  Pagination,
  useListContext,
  useResourceContext,
  useStore,
  useTranslate,
  type DataTableProps,
  type ListProps,
  type RaRecord,
} from "react-admin";
import { useNotifyHttpError } from "../../authProvider/AppNotification";
import { GRID_DEBOUNCE_MS, GRID_PAGE_OPTIONS, GRID_PAGE_SIZE } from "../../domain/constants";
import { hasActiveFilters } from "./objectPath";
import { BulkResultsProvider, GridBulkActionButton, type GridBulkAction } from "./gridKit/BulkActions";
import { gridNameOf, gridStoreKey } from "./gridKit/gridName";
import { GridToolbar } from "./gridKit/GridToolbar";
import { AllMatchingProvider, GridBulkToolbar } from "./gridKit/SelectAllMatching";

/**
 * The grid conventions of document 3 (sections 2 and 9), in one place for every resource:
 * page size 20 with options 10, 20, 50, 250, 500; filters, page and page size kept in the address query
 * (react-admin's `?filter=…&page=…&perPage=…&sort=…&order=…`, read back on reload); data requests debounced 100 ms;
 * a total the server capped reads "1-50 of 10,000+" with a next-page button; an empty grid says 'No results found', plus ' with your filters' and a Clear Filters button when filters are
 * active; a failed load shows the catalogue's HTTP toast.
 */
export const GridPagination = () => {
  const translate = useTranslate();
  const { meta } = useListContext();
  // A total counted only up to the server's cap reads "1-50 of 10,000+" (the dataProvider's partial pagination).
  const atLeast = (meta as { totalAtLeast?: number } | undefined)?.totalAtLeast;
  const label = atLeast
    ? { labelDisplayedRows: ({ from, to }: { from: number; to: number }) => translate("app.grid.range_at_least", { from, to, total: atLeast.toLocaleString("en-US") }) }
    : {};
  return <Pagination rowsPerPageOptions={GRID_PAGE_OPTIONS} {...label} />;
};

export const GridEmpty = () => {
  const translate = useTranslate();
  const { filterValues, setFilters } = useListContext();
  const filtered = hasActiveFilters(filterValues);
  return (
    <CardContent>
      <Typography variant="body2" component="p">
        {translate("resources.common.empty.no_results")}
        {filtered ? translate("resources.common.empty.with_filters") : null}
      </Typography>
      {filtered ? (
        <Box mt={1}>
          <Button label="resources.common.empty.clear_filters" variant="outlined" onClick={() => setFilters({}, [])} />
        </Box>
      ) : null}
    </CardContent>
  );
};

export type GridListProps<R extends RaRecord = RaRecord> = Omit<ListProps<R>, "children"> & { children: ReactNode };

export function GridList<R extends RaRecord = RaRecord>({ children, ...props }: GridListProps<R>) {
  const notifyHttpError = useNotifyHttpError();
  return (
    <List<R>
      perPage={GRID_PAGE_SIZE}
      debounce={GRID_DEBOUNCE_MS}
      pagination={<GridPagination />}
      empty={false}
      exporter={false}
      actions={false}
      queryOptions={{ onError: notifyHttpError }}
      {...props}
    >
      {children}
    </List>
  );
}

const humanize = (source: string) => {
  const last = source.split(".").at(-1) ?? source;
  return last.charAt(0).toUpperCase() + last.slice(1).replace(/_/g, " ");
};

export type GridDataTableProps<R extends RaRecord = RaRecord> = DataTableProps<R> & {
  /** The grid's name for its saved views and columns; by default its screen's path (gridKit/gridName.ts). */
  gridName?: string;
  /** Bulk actions on the selected rows (with "select all" matching rows); none: no row selection. */
  bulkActions?: GridBulkAction[];
};

/**
 * react-admin's DataTable with the grid's empty state and the grid kit of issue 17 section 5, one implementation for
 * every list: saved views on the server, the column chooser (order and shown columns, remembered per grid), the row
 * density, the export of every matching row (or the picked ones), and bulk actions with a confirmation and a result
 * per row when the grid declares any, on the picked rows or on all rows matching the filter.
 */
export function GridDataTable<R extends RaRecord = RaRecord>({ gridName, bulkActions, ...props }: GridDataTableProps<R>) {
  const resource = useResourceContext(props) ?? "grid";
  const { pathname } = useLocation();
  const grid = gridName ?? gridNameOf(pathname, resource);
  const storeKey = gridStoreKey(grid);
  const [density] = useStore<"small" | "medium">(`${storeKey}_density`, "small");
  const allowed = (bulkActions ?? []).filter((action) => action.allowed !== false);
  const translate = useTranslate();
  const columns = Children.toArray(props.children).map((child) => {
    const { source, label } = (isValidElement(child) ? child.props : {}) as { source?: string; label?: unknown };
    const id = source || (typeof label === "string" ? label : null);
    const text = typeof label === "string" ? translate(label, { _: label }) : source ? translate(`resources.${resource}.fields.${source}`, { _: humanize(source) }) : "";
    return { id, label: text };
  });
  const buttons = (
    <>
      {allowed.map((action) => (
        <GridBulkActionButton key={action.name} action={action} />
      ))}
    </>
  );
  return (
    <AllMatchingProvider>
      <BulkResultsProvider>
        <GridToolbar grid={grid} storeKey={storeKey} columns={columns} />
        <DataTable<R>
          empty={<GridEmpty />}
          storeKey={storeKey}
          size={density}
          bulkActionsToolbar={allowed.length ? <GridBulkToolbar>{buttons}</GridBulkToolbar> : undefined}
          bulkActionButtons={allowed.length ? buttons : false}
          {...props}
        />
      </BulkResultsProvider>
    </AllMatchingProvider>
  );
}
