import { useCallback, useState } from "react";
import { Alert, Box, Button, Card, CardContent, LinearProgress, Table, TableBody, TableCell, TableHead, TableRow, Typography } from "@mui/material";
import { useDataProvider, useNotify, useTranslate } from "react-admin";
import { useNavigate } from "react-router-dom";
import type { AppDataProvider } from "../../dataProvider/types";
import { uploadForm } from "../../dataProvider/upload";
import { type ImportError, parseLeaseFile } from "../../domain/leases";
import { PageHeader } from "../../layout/PageHeader";
import { SearchPicker, type Option } from "../common/SearchPicker";

const t = (key: string) => `resources.leases.import.${key}`;
const today = () => new Intl.DateTimeFormat("en-CA", { timeZone: "America/Los_Angeles" }).format(new Date());

/**
 * leases/import (readings C-41): a CSV of the columns of reference section 4.12, read in the browser first (papaparse)
 * with every row's problems listed, then sent whole; the server checks the units and answers Bad file with the rows
 * it refuses, or creates every lease (204).
 */
export const LeaseImport = () => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const navigate = useNavigate();
  const [community, setCommunity] = useState<Option | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [count, setCount] = useState(0);
  const [rowErrors, setRowErrors] = useState<ImportError[]>([]);
  const [percent, setPercent] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const searchCommunities = useCallback(async (text: string) => (await dataProvider.searchCommunities({ search: text || undefined })).map((c) => ({ id: c.id, title: c.title })), [dataProvider]);

  const choose = async (chosen: File | null) => {
    setFailure(null);
    setFile(chosen);
    if (!chosen) return;
    const { leases, errors } = parseLeaseFile(await chosen.text(), today());
    setCount(leases.length);
    setRowErrors(errors);
  };

  const upload = async () => {
    if (!file || !community) return;
    const form = new FormData();
    form.append("leases[community_insurable_id]", String(community.id));
    form.append("file", file, file.name);
    setPercent(0);
    const { status, json } = await uploadForm<{ error?: string; content?: ImportError[]; message?: string; errors?: Record<string, string> }>("/leases/bulk_create", form, { onProgress: setPercent });
    setPercent(null);
    if (status === 204) {
      notify(translate(t("done"), { count }), { type: "success" });
      navigate("/dashboard/leases");
    } else if (json?.content) {
      setRowErrors(json.content);
      setFailure(json.error ?? translate(t("bad_file")));
    } else {
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
            <Box>
              <Typography variant="body2">{translate(t("uploading"), { percent })}</Typography>
              <LinearProgress variant="determinate" value={percent} />
            </Box>
          )}
          <Box>
            <Button variant="contained" disabled={!file || !community || count === 0 || rowErrors.length > 0 || percent !== null} onClick={upload}>
              {translate(t("upload"))}
            </Button>
          </Box>
        </CardContent>
      </Card>
    </>
  );
};
