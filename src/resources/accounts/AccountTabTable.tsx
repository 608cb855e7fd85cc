import { useEffect, useState, type ReactNode } from "react";
import { Table, TableBody, TableCell, TableHead, TablePagination, TableRow, Typography } from "@mui/material";
import { useDataProvider, useTranslate } from "react-admin";
import { useNavigate } from "react-router-dom";
import type { AppDataProvider } from "../../dataProvider/types";
import { GRID_PAGE_SIZE } from "../../domain/constants";

export interface TabColumn<T> {
  key: string;
  render?: (row: T) => ReactNode;
}

/** A page of a bare-array list call (`total-entries` header); a failed load shows as an empty list. */
function usePage<T>(path: string, query: Record<string, unknown>) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const [state, setState] = useState<{ rows: T[]; total: number; loading: boolean }>({ rows: [], total: 0, loading: true });
  const key = JSON.stringify(query);
  useEffect(() => {
    const controller = new AbortController();
    setState((s) => ({ ...s, loading: true }));
    dataProvider
      .request<T[]>(path, { query: JSON.parse(key), signal: controller.signal })
      .then(({ json, headers }) => setState({ rows: json ?? [], total: Number(headers.get("total-entries") ?? json?.length ?? 0), loading: false }))
      .catch(() => !controller.signal.aborted && setState({ rows: [], total: 0, loading: false }));
    return () => controller.abort();
  }, [dataProvider, path, key]);
  return state;
}

/**
 * One tab of the account page (the `account_*` calls, paginated 20 to a page): a table whose rows may open a record's
 * page. Column headers are `<columnTexts>.<key>`.
 */
export function AccountTabTable<T extends { id: number }>({
  path,
  columns,
  filter,
  rowLink,
  label,
  columnTexts = "resources.accounts.tab_columns",
}: {
  path: string;
  columns: Array<TabColumn<T>>;
  filter?: Record<string, unknown>;
  rowLink?: (row: T) => string | undefined;
  label: string;
  /** Where the column headers' texts are (`<columnTexts>.<key>`). */
  columnTexts?: string;
}) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const { rows, total, loading } = usePage<T>(path, { pagination: { page, per: GRID_PAGE_SIZE }, ...(filter ? { filter } : {}) });
  if (!loading && rows.length === 0) return <Typography color="text.secondary">{translate("resources.common.empty.no_results")}</Typography>;
  return (
    <>
      <Table size="small" aria-label={translate(label)}>
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell key={column.key}>{translate(`${columnTexts}.${column.key}`)}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => {
            const link = rowLink?.(row);
            return (
              <TableRow key={row.id} hover={Boolean(link)} sx={link ? { cursor: "pointer" } : undefined} onClick={link ? () => navigate(link) : undefined}>
                {columns.map((column) => (
                  <TableCell key={column.key}>{column.render ? column.render(row) : String((row as Record<string, unknown>)[column.key] ?? "—")}</TableCell>
                ))}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      {total > GRID_PAGE_SIZE && (
        <TablePagination
          component="div"
          count={total}
          page={page - 1}
          rowsPerPage={GRID_PAGE_SIZE}
          rowsPerPageOptions={[GRID_PAGE_SIZE]}
          onPageChange={(_event, next) => setPage(next + 1)}
        />
      )}
    </>
  );
}
