import { useCallback, useMemo, useState } from "react";
import { Alert, Box, Button, Card, CardContent, LinearProgress, MenuItem, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from "@mui/material";
import { useDataProvider, useTranslate } from "react-admin";
import type { AppDataProvider } from "../../dataProvider/types";
import { uploadForm } from "../../dataProvider/upload";
import { PageHeader } from "../../layout/PageHeader";
import { SearchPicker, type Option } from "../../resources/common/SearchPicker";
import { jobRunning, usePolledStatus } from "../../resources/common/usePolledStatus";
import { type ImportStatus, PropertyImportProgress } from "../../resources/insurable/UploadPropertiesForm";
import { CsvImportProgress } from "../../resources/csv-imports/CsvImportParts";
import type { CsvImport } from "../../resources/csv-imports/types";
import { Link as RouterLink } from "react-router-dom";
import { CSV_TARGETS, type ColumnMapping, type CsvTarget, type ReadFile, type RowProblem, browserCheck, initialMapping, mappedCsv, readCsv, unmappedRequired } from "./csvTargets";

const t = (key: string) => `resources.csv-upload.${key}`;
/** Rows shown in the preview. */
export const PREVIEW_ROWS = 5;
const MAPPING_KEY = (target: string) => `coverdesk.csv-upload.mapping.${target}`;
const today = () => new Intl.DateTimeFormat("en-CA", { timeZone: "America/Los_Angeles" }).format(new Date());

function rememberedMapping(target: string): ColumnMapping | null {
  try {
    return JSON.parse(window.localStorage.getItem(MAPPING_KEY(target)) ?? "null") as ColumnMapping | null;
  } catch {
    return null;
  }
}

type Outcome = { kind: "error"; text: string; rows?: RowProblem[] };

/**
 * CSV Upload (issue 16 section 5; super admins): any of the product's CSV imports from one screen. The file is read in
 * the browser (papaparse) and its first rows shown, its headers mapped to the import's columns (the mapping is
 * remembered per import), checked — by the import's own dry run where it has one, else by the browser — and sent with
 * the upload's progress: a property file through its own call, the others to /csv_imports; either way a background
 * job imports it, whose progress is polled and whose result file is offered once it ends (and listed in CSV Uploads).
 */
export const CsvUploadPage = () => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [target, setTarget] = useState<CsvTarget>(CSV_TARGETS[0]);
  const [fileName, setFileName] = useState<string | null>(null);
  const [file, setFile] = useState<ReadFile | null>(null);
  const [mapping, setMapping] = useState<ColumnMapping>({});
  const [community, setCommunity] = useState<Option | null>(null);
  const [problems, setProblems] = useState<RowProblem[] | null>(null);
  const [plan, setPlan] = useState<number | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [importId, setImportId] = useState<number | null>(null);
  const [jobId, setJobId] = useState<number | null>(null);
  const importStatus = usePolledStatus<ImportStatus>(importId ? `/insurables/imports/${importId}` : null, jobRunning);
  const jobStatus = usePolledStatus<CsvImport>(jobId ? `/csv_imports/${jobId}` : null, jobRunning);
  const searchCommunities = useCallback(async (text: string) => (await dataProvider.searchCommunities({ search: text || undefined })).map((c) => ({ id: c.id, title: c.title })), [dataProvider]);

  const reset = () => {
    setProblems(null);
    setPlan(null);
    setOutcome(null);
    setImportId(null);
    setJobId(null);
  };
  const chooseTarget = (key: string) => {
    const next = CSV_TARGETS.find((c) => c.key === key) ?? CSV_TARGETS[0];
    setTarget(next);
    if (file) setMapping(initialMapping(next, file.headers, rememberedMapping(next.key)));
    reset();
  };
  const chooseFile = async (chosen: File | null) => {
    reset();
    setFileName(chosen?.name ?? null);
    if (!chosen) return setFile(null);
    const read = readCsv(await chosen.text());
    setFile(read);
    setMapping(initialMapping(target, read.headers, rememberedMapping(target.key)));
  };
  const mapColumn = (column: string, header: string) => {
    const next = { ...mapping, [column]: header };
    setMapping(next);
    window.localStorage.setItem(MAPPING_KEY(target.key), JSON.stringify(next));
    reset();
  };

  const missing = useMemo(() => unmappedRequired(target, mapping), [target, mapping]);
  const csv = useMemo(() => (file && missing.length === 0 ? mappedCsv(target, file, mapping) : null), [file, missing, target, mapping]);
  const messages = {
    required: (column: string) => translate(t("required_value"), { column }),
    trackingUrl: {
      required: translate("resources.tracking-url.upload.required"),
      landing_page: translate("resources.tracking-url.upload.landing_page"),
      whole_number: translate("resources.tracking-url.upload.whole_number"),
    },
  };

  const send = async (dryRun: boolean) => {
    if (!csv) return;
    setOutcome(null);
    // Imports other than properties' go to the background job of /csv_imports (progress and a result file); a dry
    // run stays the import's own call, which answers at once.
    const asJob = !dryRun && target.key !== "properties";
    const form = new FormData();
    if (asJob) form.append("kind", target.key);
    else if (target.dryRun) form.append("dry_run", String(dryRun));
    if (target.needsCommunity && community) form.append(asJob ? "community_id" : "leases[community_insurable_id]", String(community.id));
    form.append("file", new Blob([csv], { type: "text/csv" }), fileName ?? "upload.csv");
    setPercent(0);
    const { status, json } = await uploadForm<{ id?: number; plan?: unknown[]; message?: string; error?: string; content?: RowProblem[]; errors?: Record<string, string>; count?: number }>(asJob ? "/csv_imports" : target.path, form, {
      onProgress: setPercent,
    });
    setPercent(null);
    const ok = status >= 200 && status < 300;
    if (dryRun) {
      if (ok) {
        setProblems([]);
        setPlan(json?.plan?.length ?? 0);
      } else setProblems(json?.content ?? [{ row: 0, message: Object.values(json?.errors ?? {})[0] ?? json?.message ?? translate(t("failure")) }]);
      return;
    }
    if (!ok) {
      const rows = json?.content ?? Object.entries(json?.errors ?? {}).map(([key, text]) => ({ row: Number(/^rows\.(\d+)\./.exec(key)?.[1] ?? 0) + (key.startsWith("rows.") ? 1 : 0), message: `${key.replace(/^rows\.\d+\./, "")}: ${text}` }));
      setOutcome({ kind: "error", text: json?.error ?? json?.message ?? translate(t("failure")), rows });
      return;
    }
    if (json?.id) (asJob ? setJobId : setImportId)(json.id);
  };

  const check = () => {
    if (!csv) return;
    if (target.dryRun) return void send(true);
    setProblems(browserCheck(target, csv, messages, today()));
  };

  const busy =
    percent !== null ||
    (importStatus !== null && jobRunning(importStatus)) ||
    (importId !== null && importStatus === null) ||
    (jobStatus !== null && jobRunning(jobStatus)) ||
    (jobId !== null && jobStatus === null);
  const canUpload = Boolean(csv) && !busy && (!target.needsCommunity || community) && !(problems && problems.length > 0) && (!target.dryRun || problems !== null);
  return (
    <>
      <PageHeader titleKey="app.shell.titles.csv_upload" />
      <Box sx={{ display: "flex", justifyContent: "flex-end", mb: 1 }}>
        <Button component={RouterLink} to="/dashboard/csv-imports">
          {translate("resources.csv-imports.past_uploads")}
        </Button>
      </Box>
      <Card>
        <CardContent sx={{ display: "grid", gap: 2 }}>
          <Typography variant="body2" color="text.secondary">
            {translate(t("help"))}
          </Typography>
          <Box sx={{ display: "flex", gap: 2, alignItems: "center", flexWrap: "wrap" }}>
            <TextField select label={translate(t("target"))} value={target.key} onChange={(e) => chooseTarget(e.target.value)} sx={{ minWidth: 260 }} inputProps={{ "data-testid": "csv-target" }}>
              {CSV_TARGETS.map((c) => (
                <MenuItem key={c.key} value={c.key}>
                  {translate(t(`targets.${c.key}`))}
                </MenuItem>
              ))}
            </TextField>
            {target.needsCommunity && (
              <Box sx={{ minWidth: 280 }}>
                <SearchPicker label={translate(t("community"))} value={community} onChange={setCommunity} search={searchCommunities} />
              </Box>
            )}
            <Button variant="outlined" component="label">
              {translate(t("choose"))}
              <input hidden type="file" accept=".csv,text/csv" aria-label={translate(t("choose"))} onChange={(e) => void chooseFile(e.target.files?.[0] ?? null)} />
            </Button>
            {fileName && <Typography>{fileName}</Typography>}
          </Box>

          {file && (
            <Box>
              <Typography variant="subtitle1" component="h2">
                {translate(t("preview"), { shown: Math.min(PREVIEW_ROWS, file.rows.length), smart_count: file.rows.length })}
              </Typography>
              <Box sx={{ overflowX: "auto" }}>
                <Table size="small" aria-label={translate(t("preview_table"))}>
                  <TableHead>
                    <TableRow>
                      <TableCell>#</TableCell>
                      {file.headers.map((h) => (
                        <TableCell key={h}>{h}</TableCell>
                      ))}
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {file.rows.slice(0, PREVIEW_ROWS).map((row, i) => (
                      <TableRow key={i}>
                        <TableCell>{i + 2}</TableCell>
                        {file.headers.map((h) => (
                          <TableCell key={h}>{row[h]}</TableCell>
                        ))}
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </Box>
            </Box>
          )}

          {file && (
            <Box>
              <Typography variant="subtitle1" component="h2">
                {translate(t("mapping"))}
              </Typography>
              <Box sx={{ display: "grid", gridTemplateColumns: "repeat(auto-fill, minmax(240px, 1fr))", gap: 1.5, mt: 1 }}>
                {target.columns.map((column) => (
                  <TextField
                    key={column}
                    select
                    size="small"
                    label={`${column}${target.required.includes(column) ? " *" : ""}`}
                    value={mapping[column] ?? ""}
                    onChange={(e) => mapColumn(column, e.target.value)}
                    error={missing.includes(column)}
                    inputProps={{ "data-testid": `map-${column}` }}
                  >
                    <MenuItem value="">{translate(t("not_mapped"))}</MenuItem>
                    {file.headers.map((h) => (
                      <MenuItem key={h} value={h}>
                        {h}
                      </MenuItem>
                    ))}
                  </TextField>
                ))}
              </Box>
              {missing.length > 0 && (
                <Alert severity="info" sx={{ mt: 1 }}>
                  {translate(t("missing"), { columns: missing.join(", ") })}
                </Alert>
              )}
            </Box>
          )}

          {file && (
            <Box sx={{ display: "flex", gap: 2 }}>
              <Button variant="outlined" disabled={!csv || busy} onClick={check}>
                {translate(target.dryRun ? t("dry_run") : t("check"))}
              </Button>
              <Button variant="contained" disabled={!canUpload} onClick={() => void send(false)}>
                {translate(t("upload"))}
              </Button>
            </Box>
          )}
          {problems && problems.length === 0 && (
            <Alert severity="success">{plan !== null ? translate(t("dry_run_ok"), { smart_count: plan }) : translate(t("check_ok"), { smart_count: file?.rows.length ?? 0 })}</Alert>
          )}
          {problems && problems.length > 0 && <ProblemList title={translate(t("problems"), { smart_count: problems.length })} rows={problems} />}
          {percent !== null && (
            <Box role="status">
              <Typography variant="body2">{translate(t("uploading"), { percent })}</Typography>
              <LinearProgress variant="determinate" value={percent} />
            </Box>
          )}
          {importId !== null && <PropertyImportProgress status={importStatus} />}
          {jobId !== null && <CsvImportProgress status={jobStatus} />}
          {outcome?.kind === "error" && <ProblemList title={outcome.text} rows={outcome.rows ?? []} />}
        </CardContent>
      </Card>
    </>
  );
};

const ProblemList = ({ title, rows }: { title: string; rows: RowProblem[] }) => {
  const translate = useTranslate();
  return (
    <Alert severity="error">
      <div>{title}</div>
      {rows.slice(0, 100).map((r, i) => (
        <div key={`${r.row}-${i}`}>{r.row ? `${translate(t("row"), { row: r.row })}: ${r.message}` : r.message}</div>
      ))}
    </Alert>
  );
};
