import { useCallback, useState } from "react";
import { Alert, Box, Button, Card, CardContent, LinearProgress, Table, TableBody, TableCell, TableHead, TableRow, Typography } from "@mui/material";
import { useDataProvider, useTranslate } from "react-admin";
import { Link as RouterLink } from "react-router-dom";
import type { AppDataProvider } from "../../dataProvider/types";
import { uploadForm } from "../../dataProvider/upload";
import { type ImportError, parseLeaseFile } from "../../domain/leases";
import { PageHeader } from "../../layout/PageHeader";
import { SearchPicker, type Option } from "../common/SearchPicker";
import { jobRunning, usePolledStatus } from "../common/usePolledStatus";
import { CsvImportProgress } from "../csv-imports/CsvImportParts";
import type { CsvImport } from "../csv-imports/types";

const t = (key: string) => `resources.leases.import.${key}`;
const today = () => new Intl.DateTimeFormat("en-CA", { timeZone: "America/Los_Angeles" }).format(new Date());

/**
 * leases/import (readings C-41): a CSV of the columns of reference section 4.12, read in the browser first (papaparse)
 * with every row's problems listed, then sent whole as a background job (POST /csv_imports, issue 16 section 5): its
 * progress is polled, and once it ends its counts or the rows the server refused (all rows or none), and the result
 * file. The import's own call (leases/bulk_create) stays for API clients.
 */
export const LeaseImport = () => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [community, setCommunity] = useState<Option | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [count, setCount] = useState(0);
  const [rowErrors, setRowErrors] = useState<ImportError[]>([]);
  const [percent, setPercent] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [jobId, setJobId] = useState<number | null>(null);
  const job = usePolledStatus<CsvImport>(jobId ? `/csv_imports/${jobId}` : null, jobRunning);
  const running = jobId !== null && (job === null || jobRunning(job));
  const searchCommunities = useCallback(async (text: string) => (await dataProvider.searchCommunities({ search: text || undefined })).map((c) => ({ id: c.id, title: c.title })), [dataProvider]);

  const choose = async (chosen: File | null) => {
    setFailure(null);
    setJobId(null);
    setFile(chosen);
    if (!chosen) return;
    const { leases, errors } = parseLeaseFile(await chosen.text(), today());
    setCount(leases.length);
    setRowErrors(errors);
  };

  const upload = async () => {
    if (!file || !community) return;
    const form = new FormData();
    form.append("kind", "leases");
    form.append("community_id", String(community.id));
    form.append("file", file, file.name);
    setFailure(null);
    setPercent(0);
    const { status, json } = await uploadForm<{ id?: number; message?: string; errors?: Record<string, string> }>("/csv_imports", form, { onProgress: setPercent });
    setPercent(null);
    if (status === 202 && json?.id) setJobId(json.id);
    else {
      setFailure(Object.values(json?.errors ?? {})[0] ?? json?.message ?? translate("resources.leases.failure"));
    }
  };

  return (
    <>
      <PageHeader titleKey="app.shell.titles.leases_import" crumbs={[{ label: translate("app.shell.titles.leases"), to: "/dashboard/leases" }]} />
      <Card>
        <CardContent sx={{ display: "grid", gap: 2, maxWidth: 900 }}>
          <SearchPicker label={translate(t("community"))} value={community} onChange={setCommunity} search={searchCommunities} />
          <Typography variant="body2" color="text.secondary">
            {translate(t("template"))}
          </Typography>
          <Box>
            <Button variant="outlined" component="label">
              {translate(t("file"))}
              <input hidden type="file" accept=".csv,text/csv" aria-label={translate(t("file"))} onChange={(e) => void choose(e.target.files?.[0] ?? null)} />
            </Button>
            {file && <Typography component="span" sx={{ ml: 2 }}>{file.name}</Typography>}
          </Box>
          {file && rowErrors.length === 0 && !failure && <Alert severity="info">{translate(t("preview"), { count })}</Alert>}
          {failure && <Alert severity="error">{failure}</Alert>}
          {rowErrors.length > 0 && (
            <>
              <Alert severity="warning">{translate(t("row_errors"))}</Alert>
              <Table size="small" aria-label={translate(t("row_errors"))}>
                <TableHead>
                  <TableRow>
                    <TableCell>{translate(t("row"))}</TableCell>
                    <TableCell>{translate(t("message"))}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {rowErrors.map((e) => (
                    <TableRow key={`${e.row}-${e.message}`}>
                      <TableCell>{e.row}</TableCell>
                      <TableCell>{e.message}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </>
          )}
          {percent !== null && (
            <Box role="status">
              <Typography variant="body2">{translate(t("uploading"), { percent })}</Typography>
              <LinearProgress variant="determinate" value={percent} />
            </Box>
          )}
          {jobId !== null && <CsvImportProgress status={job} />}
          <Box sx={{ display: "flex", gap: 2 }}>
            <Button variant="contained" disabled={!file || !community || count === 0 || rowErrors.length > 0 || percent !== null || running || job?.status === "done"} onClick={upload}>
              {translate(t("upload"))}
            </Button>
            {job?.status === "done" && (
              <Button component={RouterLink} to="/dashboard/leases">
                {translate(t("to_list"))}
              </Button>
            )}
            <Button component={RouterLink} to="/dashboard/csv-imports">
              {translate("resources.csv-imports.past_uploads")}
            </Button>
          </Box>
        </CardContent>
      </Card>
    </>
  );
};
