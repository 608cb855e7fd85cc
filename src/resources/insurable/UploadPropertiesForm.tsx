import { useState } from "react";
import { Alert, Box, Button, LinearProgress, Typography } from "@mui/material";
import { useTranslate } from "react-admin";
import { downloadFile } from "../../dataProvider/download";
import { uploadForm } from "../../dataProvider/upload";
import { jobRunning, usePolledStatus } from "../common/usePolledStatus";

export { IMPORT_POLL_MS } from "../common/usePolledStatus";
const t = (key: string) => `resources.insurable.upload.${key}`;

export interface ImportStatus {
  id: number;
  status: "queued" | "running" | "done" | "failed";
  total_rows: number | null;
  processed_rows: number;
  result: { communities: number; buildings: number; units: number; skipped: number; errors: Array<{ row: number; message: string }> } | null;
  error: string | null;
  /** The result file (every row with its outcome) is ready: GET /insurables/imports/{id}/result. */
  result_file?: boolean;
}

/**
 * Add a Property from a file (reference section 4.12): a CSV or XLSX of the documented columns, uploaded with its
 * progress, then imported by a background job whose progress is shown here until it ends (and mailed).
 */
export const UploadPropertiesForm = () => {
  const translate = useTranslate();
  const [file, setFile] = useState<File | null>(null);
  const [sending, setSending] = useState<number | null>(null);
  const [importId, setImportId] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const status = usePolledStatus<ImportStatus>(importId ? `/insurables/imports/${importId}` : null, jobRunning);

  const send = async () => {
    if (!file) return;
    setFailure(null);
    setImportId(null);
    const form = new FormData();
    form.append("file", file, file.name);
    setSending(0);
    const { status: code, json } = await uploadForm<{ id?: number; message?: string; errors?: Record<string, string> }>("/insurables/insurables/upload", form, { onProgress: setSending });
    setSending(null);
    if (code === 202 && json?.id) setImportId(json.id);
    else setFailure(Object.values(json?.errors ?? {})[0] ?? json?.message ?? translate("resources.insurable.failure"));
  };

  const running = status && jobRunning(status);
  return (
    <Box>
      <Typography variant="h6">{translate(t("title"))}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ my: 1 }}>
        {translate(t("columns"))}
      </Typography>
      <Box sx={{ display: "flex", gap: 2, alignItems: "center" }}>
        <Button variant="outlined" component="label">
          {translate(t("choose"))}
          <input hidden type="file" accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" aria-label={translate(t("choose"))} onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
        </Button>
        {file && <Typography>{file.name}</Typography>}
        <Button variant="contained" disabled={!file || sending !== null || Boolean(running)} onClick={send}>
          {translate(t("send"))}
        </Button>
      </Box>
      {sending !== null && (
        <Box sx={{ mt: 2 }}>
          <Typography variant="body2">{translate(t("uploading"), { percent: sending })}</Typography>
          <LinearProgress variant="determinate" value={sending} />
        </Box>
      )}
      <PropertyImportProgress status={status} />
      {failure && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {failure}
        </Alert>
      )}
    </Box>
  );
};

/** A property import's progress while its job runs, then its counts or its rows in error (also the CSV Upload tool's). */
export const PropertyImportProgress = ({ status }: { status: ImportStatus | null }) => {
  const translate = useTranslate();
  const running = status && jobRunning(status);
  const percent = status?.total_rows ? Math.round((status.processed_rows / status.total_rows) * 100) : 0;
  return (
    <>
        {running && (
          <Box sx={{ mt: 2 }} role="status">
            <Typography variant="body2">
              {status.total_rows ? translate(t("progress"), { processed: status.processed_rows, total: status.total_rows }) : translate(t("queued"))}
            </Typography>
            <LinearProgress variant={status.total_rows ? "determinate" : "indeterminate"} value={percent} />
          </Box>
        )}
        {status?.status === "done" && status.result && (
          <Alert severity="success" sx={{ mt: 2 }}>
            {translate(t("done"), { communities: status.result.communities, buildings: status.result.buildings, units: status.result.units, skipped: status.result.skipped })}
          </Alert>
        )}
        {status?.status === "failed" && (
          <Alert severity="error" sx={{ mt: 2 }}>
            <div>{translate(t("failed"))}</div>
            {status.error && <div>{status.error}</div>}
            {status.result?.errors.map((e) => (
              <div key={`${e.row}-${e.message}`}>
                {translate(t("row"), { row: e.row })}: {e.message}
              </div>
            ))}
          </Alert>
        )}
        {status?.result_file && !running && <ResultFileButton id={status.id} />}
    </>
  );
};

/** Saves the import's result file: the file's rows, each with its outcome (created, existed, error, not_imported). */
const ResultFileButton = ({ id }: { id: number }) => {
  const translate = useTranslate();
  const [failed, setFailed] = useState(false);
  return (
    <Box sx={{ mt: 1 }}>
      <Button size="small" onClick={() => downloadFile(`/insurables/imports/${id}/result`, `property-import-${id}-result.csv`).then(() => setFailed(false), () => setFailed(true))}>
        {translate(t("result_file"))}
      </Button>
      {failed && (
        <Typography variant="caption" color="error" component="div">
          {translate(t("result_file_failed"))}
        </Typography>
      )}
    </Box>
  );
};
