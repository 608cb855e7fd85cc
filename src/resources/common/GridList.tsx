import type { ReactNode } from "react";
import { Box, CardContent, Typography } from "@mui/material";
import {
  Button,
  DataTable,
  List,
  Pagination,
  useListContext,
  useTranslate,
  type DataTableProps,
  type ListProps,
  type RaRecord,
} from "react-admin";
import { useNotifyHttpError } from "../../authProvider/AppNotification";
import { GRID_DEBOUNCE_MS, GRID_PAGE_OPTIONS, GRID_PAGE_SIZE } from "../../domain/constants";
import { hasActiveFilters } from "./objectPath";

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

/** react-admin's DataTable with the grid's empty state and no bulk selection. */
export function GridDataTable<R extends RaRecord = RaRecord>(props: DataTableProps<R>) {
  return <DataTable<R> empty={<GridEmpty />} bulkActionButtons={false} {...props} />;
}
