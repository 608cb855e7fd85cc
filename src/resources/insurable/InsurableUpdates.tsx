import { useState } from "react";
import { Alert, Box, Button, Card, CardContent, Table, TableBody, TableCell, TableHead, TableRow, Typography } from "@mui/material";
import { useNotify, useTranslate } from "react-admin";
import { uploadForm } from "../../dataProvider/upload";
import { PageHeader } from "../../layout/PageHeader";

const t = (key: string) => `resources.insurable.updates.${key}`;

interface PlanRow {
  row: number;
  action: "merge" | "move";
  insurable: { id: number; title: string };
  target: { id: number; title: string };
  policies?: number;
  leases?: number;
  children?: number;
}

/**
 * insurable/updates (super admins): a CSV `insurable_id,new_insurable_id,new_parent_id`; the dry run shows what would
 * change (or each wrong row), and only then can the same file be applied — all rows in one transaction, or none.
 */
export const InsurableUpdates = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const [file, setFile] = useState<File | null>(null);
  const [plan, setPlan] = useState<PlanRow[] | null>(null);
  const [errors, setErrors] = useState<Array<{ row: number; message: string }>>([]);
  const [busy, setBusy] = useState(false);

  const send = async (dryRun: boolean) => {
    if (!file) return;
    const form = new FormData();
    form.append("dry_run", String(dryRun));
    form.append("file", file, file.name);
    setBusy(true);
    const { status, json } = await uploadForm<{ plan?: PlanRow[]; content?: Array<{ row: number; message: string }>; message?: string; errors?: Record<string, string> }>("/insurables/insurable_id_updates", form);
    setBusy(false);
    if (status === 200 && json?.plan) {
      setErrors([]);
      if (dryRun) setPlan(json.plan);
      else {
        notify(translate(t("applied"), { count: json.plan.length }), { type: "success" });
        setPlan(null);
        setFile(null);
      }
    } else {
      setPlan(null);
      setErrors(json?.content ?? [{ row: 0, message: Object.values(json?.errors ?? {})[0] ?? json?.message ?? translate("resources.insurable.failure") }]);
    }
  };

  return (
    <>
      <PageHeader titleKey="app.shell.titles.insurable_updates" />
      <Card>
        <CardContent sx={{ display: "grid", gap: 2 }}>
          <Typography variant="body2" color="text.secondary">
            {translate(t("help"))}
          </Typography>
          <Box sx={{ display: "flex", gap: 2, alignItems: "center" }}>
            <Button variant="outlined" component="label">
              {translate(t("choose"))}
              <input
                hidden
                type="file"
                accept=".csv,text/csv"
                aria-label={translate(t("choose"))}
                onChange={(e) => {
                  setFile(e.target.files?.[0] ?? null);
                  setPlan(null);
                  setErrors([]);
                }}
              />
            </Button>
            {file && <Typography>{file.name}</Typography>}
            <Button variant="outlined" disabled={!file || busy} onClick={() => void send(true)}>
              {translate(t("dry_run"))}
            </Button>
            <Button variant="contained" disabled={!file || busy || !plan || plan.length === 0} onClick={() => void send(false)}>
              {translate(t("apply"))}
            </Button>
          </Box>
          {errors.length > 0 && (
            <Alert severity="error">
              {errors.map((e) => (
                <div key={`${e.row}-${e.message}`}>{e.row ? `${translate(t("row"), { row: e.row })}: ${e.message}` : e.message}</div>
              ))}
            </Alert>
          )}
          {plan && (
            <Table size="small" aria-label={translate(t("plan"))}>
              <TableHead>
                <TableRow>
                  <TableCell>{translate(t("row_header"))}</TableCell>
                  <TableCell>{translate(t("change"))}</TableCell>
                  <TableCell>{translate(t("moves"))}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {plan.map((p) => (
                  <TableRow key={p.row}>
                    <TableCell>{p.row}</TableCell>
                    <TableCell>
                      {translate(t(p.action), { from: `${p.insurable.title} (#${p.insurable.id})`, to: `${p.target.title} (#${p.target.id})` })}
                    </TableCell>
                    <TableCell>{p.action === "merge" ? translate(t("counts"), { policies: p.policies ?? 0, leases: p.leases ?? 0, children: p.children ?? 0 }) : ""}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </CardContent>
      </Card>
    </>
  );
};
