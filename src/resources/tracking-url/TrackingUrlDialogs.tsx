import { useEffect, useState, type ChangeEvent } from "react";
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from "@mui/material";
import { useTranslate } from "react-admin";
import { uploadForm } from "../../dataProvider/upload";
import { serverMessage, usePolicyApi } from "../policies/show/useApi";
import { jobRunning, usePolledStatus } from "../common/usePolledStatus";
import { CsvImportProgress } from "../csv-imports/CsvImportParts";
import type { CsvImport } from "../csv-imports/types";
import { CSV_COLUMNS, previewCsv, withServerErrors, type PreviewRow } from "./csvRows";
import { LANDING_PAGES, type AgencyChoice } from "./types";

const a = (key: string) => `resources.tracking-url.action.${key}`;
const u = (key: string) => `resources.tracking-url.upload.${key}`;
const f = (key: string) => `resources.tracking-url.fields.${key}`;

const EMPTY = { landing_page: "", campaign_name: "", campaign_source: "", campaign_medium: "", campaign_term: "", campaign_content: "", agency_id: "" };

/** Create a tracking URL: landing page, campaign and agency (required), errors from the server next to each field. */
export const CreateTrackingUrlDialog = ({ open, agencies, onClose, onCreated }: { open: boolean; agencies: AgencyChoice[]; onClose: () => void; onCreated: () => void }) => {
  const translate = useTranslate();
  const { request, notifyResult } = usePolicyApi();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const set = (key: keyof typeof EMPTY) => (e: ChangeEvent<HTMLInputElement>) => setValues((v) => ({ ...v, [key]: e.target.value }));
  const save = async () => {
    setSaving(true);
    try {
      await request("/tracking_urls", { method: "POST", body: { tracking_url: values } });
      notifyResult("success", a("success"));
      setValues(EMPTY);
      setErrors({});
      onCreated();
    } catch (error) {
      const body = (error as { body?: { errors?: Record<string, string> } }).body;
      if (body?.errors && typeof body.errors === "object" && !Array.isArray(body.errors)) setErrors(body.errors);
      else notifyResult("error", a("failure"), serverMessage(error));
    } finally {
      setSaving(false);
    }
  };
  const field = (key: keyof typeof EMPTY, required = false) => (
    <TextField key={key} label={translate(f(key))} value={values[key]} onChange={set(key)} required={required} error={Boolean(errors[key])} helperText={errors[key]} fullWidth size="small" margin="dense" />
  );
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{translate(a("create"))}</DialogTitle>
      <DialogContent>
        <TextField select label={translate(f("landing_page"))} value={values.landing_page} onChange={set("landing_page")} required error={Boolean(errors.landing_page)} helperText={errors.landing_page} fullWidth size="small" margin="dense">
          {LANDING_PAGES.map((page) => (
            <MenuItem key={page} value={page}>
              {translate(`resources.tracking-url.landing_pages.${page}`)}
            </MenuItem>
          ))}
        </TextField>
        {field("campaign_name", true)}
        {field("campaign_source")}
        {field("campaign_medium")}
        {field("campaign_term")}
        {field("campaign_content")}
        <TextField select label={translate(f("agency_id"))} value={values.agency_id} onChange={set("agency_id")} required error={Boolean(errors.agency_id)} helperText={errors.agency_id} fullWidth size="small" margin="dense">
          {agencies.map((agency) => (
            <MenuItem key={agency.agency_id} value={String(agency.agency_id)}>
              {agency.title}
            </MenuItem>
          ))}
        </TextField>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate(a("cancel"))}</Button>
        <Button variant="contained" onClick={save} disabled={saving}>
          {translate(a("save"))}
        </Button>
      </DialogActions>
    </Dialog>
  );
};

/**
 * The CSV upload (document 3 sections 2 and 8): the file is read in the browser first (papaparse) and every row shown
 * with its errors, then sent as a background job (POST /csv_imports, issue 16 section 5) whose progress is polled; the
 * upload counts as done ('Tracking URLs successfully created') only when the job has created every row, the rows the
 * server refused land on the same preview, and the result file is offered either way. The import's own call
 * (tracking_urls/bulk_csv_upload) stays for API clients.
 */
export const UploadCsvDialog = ({ open, onClose, onUploaded }: { open: boolean; onClose: () => void; onUploaded: () => void }) => {
  const translate = useTranslate();
  const { notifyResult } = usePolicyApi();
  const [file, setFile] = useState<File | null>(null);
  const [rows, setRows] = useState<PreviewRow[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [jobId, setJobId] = useState<number | null>(null);
  const job = usePolledStatus<CsvImport>(jobId ? `/csv_imports/${jobId}` : null, jobRunning);
  const running = jobId !== null && (job === null || jobRunning(job));
  const messages = { required: translate(u("required")), landing_page: translate(u("landing_page")), whole_number: translate(u("whole_number")) };
  const choose = async (e: ChangeEvent<HTMLInputElement>) => {
    const chosen = e.target.files?.[0] ?? null;
    setFile(chosen);
    setFailure(null);
    setJobId(null);
    setRows(chosen ? previewCsv(await chosen.text(), messages) : []);
  };
  const invalid = rows.some((r) => Object.keys(r.errors).length > 0);
  const finished = job?.status;
  useEffect(() => {
    if (finished === "done") {
      notifyResult("success", u("success"));
      setFile(null);
      setRows([]);
      onUploaded();
    } else if (finished === "failed") {
      // The job names rows as the file shows them (header = row 1) with `field: message`; the preview counts data rows.
      const errors: Record<string, string> = {};
      for (const { row, message } of job?.errors ?? []) {
        const match = /^(\w+): (.+)$/.exec(message);
        if (match && row > 1) errors[`rows.${row - 1}.${match[1]}`] = match[2];
      }
      setRows((current) => withServerErrors(current, errors));
    }
    // Once per job's end: the callbacks are new functions each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [finished, jobId]);
  const close = () => {
    setFile(null);
    setRows([]);
    setFailure(null);
    setJobId(null);
    onClose();
  };
  const send = async () => {
    if (!file) return;
    setSending(true);
    setFailure(null);
    const form = new FormData();
    form.append("kind", "tracking_urls");
    form.append("file", file);
    const { status, json } = await uploadForm<{ id?: number; message?: string; errors?: Record<string, string> }>("/csv_imports", form);
    setSending(false);
    if (status === 202 && json?.id) {
      setJobId(json.id);
      return;
    }
    const fileError = json?.errors?.file;
    setFailure(fileError ? `${translate(u("file"))} ${fileError}` : (json?.message ?? translate(a("failure"))));
  };
  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="lg">
      <DialogTitle>{translate(u("title"))}</DialogTitle>
      <DialogContent>
        <Button component="label" variant="outlined">
          {translate(u("choose"))}
          <input hidden type="file" accept=".csv,text/csv" aria-label={translate(u("choose"))} onChange={choose} />
        </Button>
        {file ? (
          <Typography sx={{ mt: 1 }}>
            {file.name} · {translate(u("rows"), { smart_count: rows.length })}
          </Typography>
        ) : null}
        {failure ? (
          <Alert severity="error" sx={{ mt: 1 }}>
            {failure}
          </Alert>
        ) : invalid ? (
          <Alert severity="warning" sx={{ mt: 1 }}>
            {translate(u("has_errors"))}
          </Alert>
        ) : null}
        {/* Above the preview: a long file's rows would push the job's progress out of sight. */}
        {jobId !== null && (
          <Box sx={{ mt: 2 }}>
            <CsvImportProgress status={job} />
          </Box>
        )}
        {rows.length ? (
          <Table size="small" sx={{ mt: 1 }} aria-label={translate(u("title"))}>
            <TableHead>
              <TableRow>
                <TableCell>{translate(u("row"))}</TableCell>
                {CSV_COLUMNS.map((c) => (
                  <TableCell key={c}>{translate(f(c))}</TableCell>
                ))}
                <TableCell>{translate(u("errors"))}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.line} sx={Object.keys(row.errors).length ? { bgcolor: "error.50" } : undefined}>
                  <TableCell>{row.line}</TableCell>
                  {CSV_COLUMNS.map((c) => (
                    <TableCell key={c}>{row.values[c]}</TableCell>
                  ))}
                  <TableCell sx={{ color: Object.keys(row.errors).length ? "error.main" : "success.main" }}>
                    {Object.keys(row.errors).length ? Object.entries(row.errors).map(([k, v]) => `${translate(f(k), { _: k })} ${v}`).join("; ") : translate(u("ok"))}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{translate(finished === "done" ? a("close") : a("cancel"))}</Button>
        <Button variant="contained" onClick={send} disabled={!file || rows.length === 0 || invalid || sending || running || finished === "failed"}>
          {translate(u("submit"))}
        </Button>
      </DialogActions>
    </Dialog>
  );
};

/** A confirmation (document 3 section 8): 'Success!' or the server's text / 'Something went wrong', 3 s with CLOSE. */
export const ConfirmDialog = ({ open, title, onClose, onConfirm }: { open: boolean; title: string; onClose: () => void; onConfirm: () => Promise<void> }) => {
  const translate = useTranslate();
  const [busy, setBusy] = useState(false);
  return (
    <Dialog open={open} onClose={onClose}>
      <DialogTitle>{translate(title)}</DialogTitle>
      <DialogActions>
        <Button onClick={onClose}>{translate(a("cancel"))}</Button>
        <Button
          variant="contained"
          disabled={busy}
          onClick={async () => {
            setBusy(true);
            await onConfirm();
            setBusy(false);
            onClose();
          }}
        >
          {translate(a("confirm"))}
        </Button>
      </DialogActions>
    </Dialog>
  );
};

