import { Table, TableBody, TableCell, TableHead, TablePagination, TableRow, Typography } from "@mui/material";
import { useTranslate } from "react-admin";
import { useSearchParams } from "react-router-dom";
import { formatLongDate, humanizeEnum } from "../../../../domain/format";
import { type HistoryChanges, historyValue } from "../../../../domain/history";
import { usePagedRequest } from "../usePagedRequest";

interface HistoryEntry {
  id: number;
  created_at: string;
  action: string;
  author: string;
  process: string;
  data: HistoryChanges;
}

export const HISTORY_PER_PAGE = 100;
const h = (key: string) => `app.policy_detail.history.${key}`;

/** One row per changed field: created at, field, previous and new value, author, process (document 2 section 2). */
export const HistoryTab = ({ policyId }: { policyId: number }) => {
  const translate = useTranslate();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get("page")) || 1);
  const { rows, total, loading } = usePagedRequest<HistoryEntry>(`/policies/${policyId}/history`, { pagination: { page, per: HISTORY_PER_PAGE } });
  const lines = rows.flatMap((entry) => {
    const fields = Object.entries(entry.data);
    if (fields.length === 0) return [{ key: `${entry.id}`, entry, field: humanizeEnum(entry.action), previous: "—", next: "—" }];
    return fields.map(([field, change]) => ({ key: `${entry.id}-${field}`, entry, field, previous: historyValue(change, change.previous_value), next: historyValue(change, change.new_value) }));
  });
  if (!loading && lines.length === 0) return <Typography color="text.secondary">{translate(h("empty"))}</Typography>;
  return (
    <>
      <Table size="small" aria-label={translate("app.policy_detail.tabs.history")}>
        <TableHead>
          <TableRow>
            {["created_at", "field", "previous_value", "new_value", "author", "process"].map((c) => (
              <TableCell key={c}>{translate(h(c))}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {lines.map((line) => (
            <TableRow key={line.key}>
              <TableCell>
                {formatLongDate(line.entry.created_at)} {new Date(line.entry.created_at).toLocaleTimeString("en-US")}
              </TableCell>
              <TableCell>{line.field}</TableCell>
              <TableCell>{line.previous}</TableCell>
              <TableCell>{line.next}</TableCell>
              <TableCell>{line.entry.author}</TableCell>
              <TableCell>{translate(`resources.audit.processes.${line.entry.process}`, { _: line.entry.process })}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {total > HISTORY_PER_PAGE && (
        <TablePagination
          component="div"
          count={total}
          page={page - 1}
          rowsPerPage={HISTORY_PER_PAGE}
          rowsPerPageOptions={[HISTORY_PER_PAGE]}
          onPageChange={(_e, p) => setParams((prev) => ({ ...Object.fromEntries(prev), page: String(p + 1) }), { replace: true })}
        />
      )}
    </>
  );
};
