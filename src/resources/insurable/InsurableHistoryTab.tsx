import { Table, TableBody, TableCell, TableHead, TablePagination, TableRow, Typography } from "@mui/material";
import { useState } from "react";
import { useTranslate } from "react-admin";
import { formatLongDate, humanizeEnum } from "../../domain/format";
import { type HistoryChanges, historyValue } from "../../domain/history";
import { useLoaded } from "../common/useRequest";
import type { Insurable } from "./types";

interface HistoryRow {
  id: number;
  created_at: string;
  author: string | null;
  action: string;
  process: string | null;
  data: HistoryChanges | null;
}

const PER = 100;
const t = (key: string) => `resources.insurable.${key}`;

/** One line per changed field: "title: Birch Commons → Birch Commons East". */
export const changesOf = (row: Pick<HistoryRow, "data">) =>
  Object.entries(row.data ?? {}).map(([field, change]) => `${field}: ${historyValue(change, change.previous_value)} → ${historyValue(change, change.new_value)}`);

/** The property's history (GET /insurables/{id}/histories), newest first, 100 a page (the history page size). */
export const HistoryTab = ({ insurable }: { insurable: Pick<Insurable, "id"> }) => {
  const translate = useTranslate();
  const [page, setPage] = useState(0);
  const { rows, failed } = useLoaded<HistoryRow[]>(`/insurables/${insurable.id}/histories`, { pagination: { page: page + 1, per: PER } });
  if (failed) return <Typography color="error">{translate(t("failure"))}</Typography>;
  if (rows && rows.length === 0 && page === 0) return <Typography>{translate(t("none"))}</Typography>;
  return (
    <>
      <Table size="small" aria-label={translate(t("tabs.history"))}>
        <TableHead>
          <TableRow>
            <TableCell>{translate(t("history.created_at"))}</TableCell>
            <TableCell>{translate(t("history.author"))}</TableCell>
            <TableCell>{translate(t("history.action"))}</TableCell>
            <TableCell>{translate(t("history.changes"))}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {(rows ?? []).map((row) => (
            <TableRow key={row.id}>
              <TableCell sx={{ whiteSpace: "nowrap" }}>{`${formatLongDate(row.created_at)} ${new Date(row.created_at).toLocaleTimeString("en-US")}`}</TableCell>
              <TableCell>{row.author ?? "—"}</TableCell>
              <TableCell>{humanizeEnum(row.action)}</TableCell>
              <TableCell>
                {changesOf(row).map((line) => (
                  <div key={line}>{line}</div>
                ))}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <TablePagination
        component="div"
        count={-1}
        page={page}
        rowsPerPage={PER}
        rowsPerPageOptions={[PER]}
        onPageChange={(_e, p) => setPage(p)}
        slotProps={{ actions: { nextButton: { disabled: (rows?.length ?? 0) < PER } } }}
      />
    </>
  );
};
