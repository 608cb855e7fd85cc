import { useCallback, useEffect, useState } from "react";
import DownloadIcon from "@mui/icons-material/Download";
import { Alert, Box, Button, Chip, CircularProgress, LinearProgress, Table, TableBody, TableCell, TableHead, TableRow, Typography } from "@mui/material";
import { useCanAccess, useTranslate } from "react-admin";
import { formatLongDate } from "../../domain/format";
import { failureText, useRequest } from "../../resources/common/useRequest";
import { BordereauDialog } from "./BordereauDialog";
import { downloadApiFile } from "./download";

export interface ReportRow {
  id: number;
  kind: "compliance" | "bordereau";
  status: "queued" | "running" | "ready" | "failed";
  progress: number;
  created_at: string;
  period: { from: string; to: string };
  formats: Array<"csv" | "xlsx">;
  summary: { units: number; covered_units: number; covered_percent: number; active_policies: number; expiring_30_days: number } | null;
}

/** How often the tab reads the list again while a report is being generated. */
export const REPORT_POLL_MS = 2000;
const k = (key: string) => `app.reports.${key}`;

const StatusCell = ({ row }: { row: ReportRow }) => {
  const translate = useTranslate();
  const busy = row.status === "queued" || row.status === "running";
  return (
    <Box sx={{ minWidth: 140 }}>
      <Chip size="small" label={translate(k(`statuses.${row.status}`))} color={row.status === "ready" ? "success" : row.status === "failed" ? "error" : "default"} />
      {busy && <LinearProgress variant="determinate" value={row.progress} sx={{ mt: 1 }} aria-label={`${translate(k(`statuses.${row.status}`))} ${row.progress} %`} />}
    </Box>
  );
};

/**
 * The Reports tab of an account, agency or property (`owner` = `/accounts/12`…; issue 13 §1, issue 14 §2): its
 * compliance reports, newest first, each downloadable as CSV and XLSX once ready; Generate report asks for a new one
 * and the list is read again every two seconds while one is being generated. Super admins also request the
 * bordereau here.
 */
export function ReportsPanel({ owner }: { owner: string }) {
  const translate = useTranslate();
  const { request, say } = useRequest();
  const { canAccess: canGenerate } = useCanAccess({ resource: "reports", action: "create" });
  const { canAccess: canBordereau } = useCanAccess({ resource: "bordereau_reports", action: "create" });
  const [rows, setRows] = useState<ReportRow[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [asking, setAsking] = useState(false);
  const [bordereau, setBordereau] = useState(false);
  const [version, setVersion] = useState(0);
  const reload = useCallback(() => setVersion((v) => v + 1), []);

  useEffect(() => {
    const controller = new AbortController();
    request<ReportRow[]>(`${owner}/reports`, { query: { pagination: { page: 1, per: 20 } }, signal: controller.signal })
      .then(({ json }) => {
        setRows(json ?? []);
        setFailed(false);
      })
      .catch(() => !controller.signal.aborted && setFailed(true));
    return () => controller.abort();
  }, [request, owner, version]);

  const generating = (rows ?? []).some((row) => row.status === "queued" || row.status === "running");
  useEffect(() => {
    if (!generating) return undefined;
    const timer = setTimeout(reload, REPORT_POLL_MS);
    return () => clearTimeout(timer);
  }, [generating, rows, reload]);

  const generate = async () => {
    setAsking(true);
    try {
      await request(`${owner}/reports/generate`, { method: "POST", query: { type: "compliance" } });
      say("success", k("requested"));
      reload();
    } catch (error) {
      say("error", k("request_failed"), failureText(error));
    } finally {
      setAsking(false);
    }
  };

  const download = async (row: ReportRow, format: "csv" | "xlsx") => {
    try {
      await downloadApiFile(`${owner}/reports/${row.id}.${format}`, `report-${row.id}.${format}`);
    } catch {
      say("error", k("download_failed"));
    }
  };

  return (
    <Box>
      <Box sx={{ display: "flex", alignItems: "center", gap: 2, mb: 2, flexWrap: "wrap" }}>
        <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
          {translate(k("explain"))}
        </Typography>
        {canBordereau && (
          <Button variant="outlined" onClick={() => setBordereau(true)}>
            {translate(k("bordereau.open"))}
          </Button>
        )}
        {canGenerate && (
          <Button variant="contained" onClick={generate} disabled={asking}>
            {translate(k("generate"))}
          </Button>
        )}
      </Box>
      {failed && <Alert severity="error">{translate(k("failed_load"))}</Alert>}
      {!failed && rows === null && <CircularProgress size={24} />}
      {rows && rows.length === 0 && <Typography color="text.secondary">{translate(k("empty"))}</Typography>}
      {rows && rows.length > 0 && (
        <Table size="small" aria-label={translate(k("title"))}>
          <TableHead>
            <TableRow>
              {["created_at", "kind", "period", "status", "figures", "downloads"].map((column) => (
                <TableCell key={column}>{translate(k(`columns.${column}`))}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.id} data-report={row.id}>
                <TableCell>{`${formatLongDate(row.created_at)} ${new Date(row.created_at).toLocaleTimeString("en-US")}`}</TableCell>
                <TableCell>{translate(k(`kinds.${row.kind}`))}</TableCell>
                <TableCell>{formatLongDate(row.period.to)}</TableCell>
                <TableCell>
                  <StatusCell row={row} />
                </TableCell>
                <TableCell>
                  {row.summary
                    ? translate(k("figures"), {
                        covered: row.summary.covered_units,
                        units: row.summary.units,
                        percent: row.summary.covered_percent,
                        active: row.summary.active_policies,
                        expiring: row.summary.expiring_30_days,
                      })
                    : "—"}
                </TableCell>
                <TableCell>
                  {row.formats.map((format) => (
                    <Button key={format} size="small" startIcon={<DownloadIcon />} onClick={() => void download(row, format)}>
                      {translate(k(`download_${format}`))}
                    </Button>
                  ))}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {bordereau && <BordereauDialog onClose={() => setBordereau(false)} />}
    </Box>
  );
}
