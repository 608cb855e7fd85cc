import { useState } from "react";
import { Alert, Box, Button, Chip, LinearProgress, Typography } from "@mui/material";
import DownloadIcon from "@mui/icons-material/Download";
import { useTranslate } from "react-admin";
import { downloadFile } from "../../dataProvider/download";
import { jobRunning } from "../common/usePolledStatus";
import { type CsvImport, ROW_OUTCOMES, resultFileName } from "./types";

const k = (key: string) => `resources.csv-imports.${key}`;

/** The rows per outcome of a finished upload, those with none left out ("2 created · 1 error"). */
export const OutcomeCounts = ({ counts }: { counts: CsvImport["counts"] }) => {
  const translate = useTranslate();
  if (!counts) return null;
  const shown = ROW_OUTCOMES.filter((o) => counts[o] > 0);
  return <>{shown.map((o) => translate(k(`counts.${o}`), { smart_count: counts[o] })).join(" · ")}</>;
};

const STATUS_COLOR = { queued: "default", running: "info", done: "success", failed: "error" } as const;

export const StatusChip = ({ status }: { status: CsvImport["status"] }) => {
  const translate = useTranslate();
  return <Chip size="small" color={STATUS_COLOR[status] ?? "default"} label={translate(k(`statuses.${status}`), { _: status })} />;
};

/** Saves an upload's result file: the file's rows, each with its outcome (created, existed, updated, error, not_imported). */
export const ResultFileButton = ({ record, size = "small" }: { record: Pick<CsvImport, "id" | "kind">; size?: "small" | "medium" }) => {
  const translate = useTranslate();
  const [failed, setFailed] = useState(false);
  return (
    <Box component="span" sx={{ display: "inline-flex", flexDirection: "column" }}>
      <Button size={size} startIcon={<DownloadIcon />} onClick={() => downloadFile(`/csv_imports/${record.id}/result`, resultFileName(record)).then(() => setFailed(false), () => setFailed(true))}>
        {translate(k("result_file"))}
      </Button>
      {failed && (
        <Typography variant="caption" color="error">
          {translate(k("result_file_failed"))}
        </Typography>
      )}
    </Box>
  );
};

/**
 * An upload's job as the CSV Upload tool follows it (polled every 2 s): rows done of all while it runs, then its
 * counts or its rows in error, and the result file.
 */
export const CsvImportProgress = ({ status }: { status: CsvImport | null }) => {
  const translate = useTranslate();
  if (!status) return null;
  const running = jobRunning(status);
  const percent = status.total_rows ? Math.round((status.processed_rows / status.total_rows) * 100) : 0;
  return (
    <Box sx={{ display: "grid", gap: 1 }}>
      {running && (
        <Box role="status">
          <Typography variant="body2">{status.total_rows ? translate(k("progress"), { processed: status.processed_rows, total: status.total_rows }) : translate(k("queued"))}</Typography>
          <LinearProgress variant={status.total_rows ? "determinate" : "indeterminate"} value={percent} aria-label={translate(k("progress_label"))} />
        </Box>
      )}
      {status.status === "done" && (
        <Alert severity="success">
          {translate(k("done"))} <OutcomeCounts counts={status.counts} />
        </Alert>
      )}
      {status.status === "failed" && (
        <Alert severity="error">
          <div>{translate(k("failed"))}</div>
          {status.error && <div>{status.error}</div>}
          {(status.errors ?? []).slice(0, 20).map((e) => (
            <div key={`${e.row}-${e.message}`}>{translate(k("row"), { row: e.row, message: e.message })}</div>
          ))}
        </Alert>
      )}
      {!running && status.result_file && (
        <div>
          <ResultFileButton record={status} size="medium" />
        </div>
      )}
    </Box>
  );
};
