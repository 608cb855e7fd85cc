import { useEffect, useState } from "react";
import { Alert, Box, Button, LinearProgress, Typography } from "@mui/material";
import { useTranslate } from "react-admin";
import { uploadForm } from "../../dataProvider/upload";
import { useRequest } from "../common/useRequest";

/** Import progress is polled every 2 seconds (the mass-import polling interval, readings C-34). */
export const IMPORT_POLL_MS = 2000;
const t = (key: string) => `resources.insurable.upload.${key}`;

interface ImportStatus {
  id: number;
  status: "queued" | "running" | "done" | "failed";
  total_rows: number | null;
  processed_rows: number;
  result: { communities: number; buildings: number; units: number; skipped: number; errors: Array<{ row: number; message: string }> } | null;
  error: string | null;
}

/**
 * Add a Property from a file (reference section 4.12): a CSV or XLSX of the documented columns, uploaded with its
 * progress, then imported by a background job whose progress is shown here until it ends (and mailed).
 */
export const UploadPropertiesForm = () => {
  const translate = useTranslate();
  const { request } = useRequest();
  const [file, setFile] = useState<File | null>(null);
  const [sending, setSending] = useState<number | null>(null);
  const [importId, setImportId] = useState<number | null>(null);
  const [status, setStatus] = useState<ImportStatus | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (!importId) return undefined;
    let live = true;
    const tick = async () => {
      try {
        const { json } = await request<ImportStatus>(`/insurables/imports/${importId}`);
        if (!live) return;
        setStatus(json);
        if (json.status === "queued" || json.status === "running") timer = setTimeout(tick, IMPORT_POLL_MS);
      } catch {
        if (live) timer = setTimeout(tick, IMPORT_POLL_MS);
      }
    };
    let timer = setTimeout(tick, 0);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [importId, request]);

  const send = async () => {
    if (!file) return;
    setFailure(null);
    setStatus(null);
    const form = new FormData();
    form.append("file", file, file.name);
    setSending(0);
    const { status: code, json } = await uploadForm<{ id?: number; message?: string; errors?: Record<string, string> }>("/insurables/insurables/upload", form, { onProgress: setSending });
    setSending(null);
    if (code === 202 && json?.id) setImportId(json.id);
    else setFailure(Object.values(json?.errors ?? {})[0] ?? json?.message ?? translate("resources.insurable.failure"));
  };

  const running = status && (status.status === "queued" || status.status === "running");
  const percent = status?.total_rows ? Math.round((status.processed_rows / status.total_rows) * 100) : 0;
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
      {failure && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {failure}
        </Alert>
      )}
    </Box>
  );
};
