import { Fragment, useCallback, useEffect, useState } from "react";
import { Alert, Box, Button, Card, CardContent, Chip, Link, Stack, Table, TableBody, TableCell, TableHead, TableRow, Tooltip, Typography } from "@mui/material";
import { Loading, useTranslate } from "react-admin";
import { Link as RouterLink } from "react-router-dom";
import { PageHeader } from "../../layout/PageHeader";
import { failureText, useRequest } from "../../resources/common/useRequest";
import { duration, when } from "../../resources/integrations/format";
import { resourcePath } from "../../resources/paths";

const k = (key: string) => `resources.integrations.${key}`;

interface HealthRow {
  id: number;
  provider: "yardi" | "entrata";
  active: boolean;
  problems: string[];
  account: { id: number; title: string };
  last_success_at: string | null;
  last_error: { run_id: number; at: string | null; message: string | null; status: string } | null;
  last_run: { id: number; status: string; trigger: string; started_at: string; duration_ms: number | null; created: number; updated: number; skipped: number; errors: number } | null;
  durations: Array<{ started_at: string; duration_ms: number | null }>;
  errors: Array<{ id: number; record_type: string; external_id: string; message: string; created_at: string; property: string | null }>;
  errors_count: number;
  never_synced: Array<{ id: number; title: string }>;
}

/** The last runs' durations as bars, tallest the slowest (the trend of sync duration). */
const Trend = ({ durations }: { durations: HealthRow["durations"] }) => {
  const max = Math.max(1, ...durations.map((d) => d.duration_ms ?? 0));
  if (!durations.length) return <>—</>;
  return (
    <Box sx={{ display: "flex", alignItems: "flex-end", gap: "2px", height: 28 }} role="img" aria-label={durations.map((d) => duration(d.duration_ms)).join(", ")}>
      {durations.map((d) => (
        <Tooltip key={d.started_at} title={`${when(d.started_at)}: ${duration(d.duration_ms)}`}>
          <Box sx={{ width: 8, height: `${Math.max(8, (100 * (d.duration_ms ?? 0)) / max)}%`, bgcolor: "primary.main", opacity: 0.7 }} />
        </Tooltip>
      ))}
    </Box>
  );
};

/**
 * integration-health (super admin, document 3 section 6 Tools): every integration with its last successful sync,
 * its last error, the records in error with the provider's message and a retry each, the properties never
 * synced, and the trend of its sync durations (POST /integrations/integration_health, readings C-32).
 */
export const IntegrationHealthPage = () => {
  const translate = useTranslate();
  const { request, say } = useRequest();
  const { rows, reload } = useLoadedHealth();
  const [busy, setBusy] = useState<number | null>(null);
  const retry = async (errorId: number) => {
    setBusy(errorId);
    try {
      await request(`/integrations/sync_errors/${errorId}/retry`, { method: "POST", body: {} });
      say("success", k("messages.sync_started"));
    } catch (error) {
      say("error", k("messages.failed"), failureText(error));
    } finally {
      setBusy(null);
      reload();
    }
  };
  return (
    <Stack spacing={2}>
      <PageHeader titleKey="app.shell.titles.integration_health" />
      {rows === undefined ? <Loading /> : null}
      {rows && rows.length === 0 ? <Alert severity="info">{translate(k("health.empty"))}</Alert> : null}
      {rows?.map((row) => (
        <Card key={row.id} data-integration={row.id}>
          <CardContent>
            <Box sx={{ display: "flex", alignItems: "center", gap: 1, flexWrap: "wrap", mb: 1 }}>
              <Typography variant="h6" component="h2">
                <Link component={RouterLink} to={resourcePath.view("integrations", row.id)}>
                  {translate(k(`providers.${row.provider}`))} · {row.account.title}
                </Link>
              </Typography>
              {row.last_run ? <Chip size="small" color={row.last_run.status === "succeeded" ? "success" : row.last_run.status === "running" ? "info" : "warning"} label={translate(k(`statuses.${row.last_run.status}`))} /> : null}
              {row.problems.map((p) => (
                <Chip key={p} size="small" color="error" label={p} />
              ))}
            </Box>
            <Box sx={{ display: "grid", gridTemplateColumns: "repeat(auto-fill, minmax(220px, 1fr))", gap: 2, mb: 1 }}>
              <Box>
                <Typography variant="caption" color="text.secondary">
                  {translate(k("health.last_success"))}
                </Typography>
                <Typography variant="body2">{when(row.last_success_at)}</Typography>
              </Box>
              <Box>
                <Typography variant="caption" color="text.secondary">
                  {translate(k("health.last_error"))}
                </Typography>
                <Typography variant="body2">{row.last_error ? `${when(row.last_error.at)}: ${row.last_error.message ?? translate(k(`statuses.${row.last_error.status}`))}` : translate(k("health.none"))}</Typography>
              </Box>
              <Box>
                <Typography variant="caption" color="text.secondary">
                  {translate(k("health.never_synced"))}
                </Typography>
                <Typography variant="body2">{row.never_synced.map((p) => p.title).join(", ") || translate(k("health.none"))}</Typography>
              </Box>
              <Box>
                <Typography variant="caption" color="text.secondary">
                  {translate(k("health.trend"))}
                </Typography>
                <Trend durations={row.durations} />
              </Box>
            </Box>
            <Typography variant="subtitle2">
              {translate(k("health.records_in_error"))}: {row.errors_count}
            </Typography>
            {row.errors.length ? (
              <Table size="small" aria-label={`${translate(k("health.records_in_error"))} ${row.account.title}`}>
                <TableHead>
                  <TableRow>
                    <TableCell>{translate(k("health.record"))}</TableCell>
                    <TableCell>{translate(k("fields.property"))}</TableCell>
                    <TableCell>{translate(k("health.message"))}</TableCell>
                    <TableCell>{translate(k("fields.started_at"))}</TableCell>
                    <TableCell />
                  </TableRow>
                </TableHead>
                <TableBody>
                  {row.errors.map((error) => (
                    <Fragment key={error.id}>
                      <TableRow>
                        <TableCell>
                          {error.record_type} {error.external_id}
                        </TableCell>
                        <TableCell>{error.property ?? ""}</TableCell>
                        <TableCell>{error.message}</TableCell>
                        <TableCell>{when(error.created_at)}</TableCell>
                        <TableCell>
                          <Button size="small" disabled={busy !== null} onClick={() => retry(error.id)}>
                            {translate(k("actions.retry"))}
                          </Button>
                        </TableCell>
                      </TableRow>
                    </Fragment>
                  ))}
                </TableBody>
              </Table>
            ) : (
              <Typography variant="body2" color="text.secondary">
                {translate(k("health.no_errors"))}
              </Typography>
            )}
          </CardContent>
        </Card>
      ))}
    </Stack>
  );
};

/** POST /integrations/integration_health, read again after a retry. */
function useLoadedHealth() {
  const { request } = useRequest();
  const [rows, setRows] = useState<HealthRow[] | undefined>(undefined);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    let live = true;
    request<{ data: HealthRow[] }>("/integrations/integration_health", { method: "POST", body: {} }).then(
      ({ json }) => live && setRows(json.data),
      () => live && setRows([]),
    );
    return () => {
      live = false;
    };
  }, [request, version]);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { rows, reload };
}
