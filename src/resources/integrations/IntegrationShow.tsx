import { useCallback, useEffect, useState } from "react";
import { Alert, Box, Button, Card, CardContent, LinearProgress, Link, Stack, Switch, Table, TableBody, TableCell, TableHead, TableRow, Typography } from "@mui/material";
import { Loading, useCanAccess, useTranslate } from "react-admin";
import { Link as RouterLink, useParams } from "react-router-dom";
import { PageHeader } from "../../layout/PageHeader";
import { failureText, useRequest } from "../common/useRequest";
import { resourcePath } from "../paths";
import { INTEGRATION_POLL_MS, duration, when } from "./format";
import type { Integration, IntegrationProperty } from "./types";

const k = (key: string) => `resources.integrations.${key}`;

const Detail = ({ label, children }: { label: string; children: React.ReactNode }) => {
  const translate = useTranslate();
  return (
    <Box sx={{ minWidth: 180 }}>
      <Typography variant="caption" color="text.secondary">
        {translate(label)}
      </Typography>
      <Typography variant="body2" component="div">
        {children}
      </Typography>
    </Box>
  );
};

/** Reads the integration, and again every 3000 ms while one of its syncs runs (document 3 sections 4 and 9). */
function useIntegration(id: string | undefined) {
  const { request } = useRequest();
  const [integration, setIntegration] = useState<Integration | null>(null);
  const [missing, setMissing] = useState(false);
  const load = useCallback(async () => {
    try {
      const { json } = await request<Integration>(`/integrations/${id}`);
      setIntegration(json);
    } catch {
      setMissing(true);
    }
  }, [id, request]);
  useEffect(() => {
    void load();
  }, [load]);
  const running = !!integration && (integration.runs[0]?.status === "running" || integration.properties.some((p) => p.sync_status === "running"));
  useEffect(() => {
    if (!running) return undefined;
    const timer = setInterval(() => void load(), INTEGRATION_POLL_MS);
    return () => clearInterval(timer);
  }, [running, load]);
  return { integration, missing, running, reload: load };
}

const PropertyStatus = ({ property }: { property: IntegrationProperty }) => {
  const translate = useTranslate();
  return (
    <Box>
      {translate(k(`statuses.${property.sync_status}`))}
      {property.sync_status === "running" && property.progress ? (
        <Box sx={{ minWidth: 140 }}>
          <LinearProgress variant={property.progress.total ? "determinate" : "indeterminate"} value={property.progress.total ? (100 * property.progress.processed) / property.progress.total : 0} />
        </Box>
      ) : null}
      {property.last_error ? (
        <Typography variant="caption" color="error" component="div">
          {property.last_error}
        </Typography>
      ) : null}
    </Box>
  );
};

/**
 * integrations/view/{id}: the connection (credentials masked), what the provider said at the last refresh, its
 * properties with the enable toggle (toggle_property) and a resync each, Refresh and Run Sync, and the last runs
 * with their counts. While a sync runs the page polls every 3000 ms and shows the progress.
 */
export const IntegrationShow = () => {
  const translate = useTranslate();
  const { id } = useParams();
  const { request, say } = useRequest();
  const { integration, missing, running, reload } = useIntegration(id);
  const { canAccess: canToggle } = useCanAccess({ resource: "integrations", action: "toggle_property" });
  const { canAccess: canSync } = useCanAccess({ resource: "integrations", action: "resync" });
  const { canAccess: canRefresh } = useCanAccess({ resource: "integrations", action: "refresh" });
  const [busy, setBusy] = useState(false);
  if (missing) return <Alert severity="error">{translate("app.errors.status.not_found")}</Alert>;
  if (!integration) return <Loading />;

  const act = async (path: string, method: "GET" | "POST", body: object | undefined, successKey: string) => {
    setBusy(true);
    try {
      await request(path, { method, ...(body ? { body } : {}) });
      say("success", k(successKey));
    } catch (error) {
      say("error", k("messages.failed"), failureText(error));
    } finally {
      setBusy(false);
      await reload();
    }
  };
  const provider = translate(k(`providers.${integration.provider}`));
  const title = `${provider} · ${integration.account.title}`;
  return (
    <Stack spacing={2}>
      <PageHeader
        titleKey="app.shell.titles.integrations"
        title={title}
        crumbs={[{ label: translate("app.shell.titles.integrations"), to: resourcePath.browse("integrations") }]}
        actions={
          <Box sx={{ display: "flex", gap: 1 }}>
            {canRefresh ? (
              <Button variant="outlined" disabled={busy} onClick={() => act(`/integrations/${integration.id}/refresh`, "GET", undefined, "messages.refreshed")}>
                {translate(k("actions.refresh"))}
              </Button>
            ) : null}
            {canSync ? (
              <Button variant="contained" disabled={busy || running || !integration.active} onClick={() => act(`/integrations/${integration.id}/sync`, "POST", {}, "messages.sync_started")}>
                {translate(k("actions.sync"))}
              </Button>
            ) : null}
          </Box>
        }
      />
      {integration.problems.map((problem) => (
        <Alert key={problem} severity="warning">
          {problem}
        </Alert>
      ))}
      <Card>
        <CardContent sx={{ display: "flex", flexWrap: "wrap", gap: 2 }}>
          <Detail label={k("fields.account")}>{integration.account.title}</Detail>
          <Detail label={k("fields.provider")}>{provider}</Detail>
          <Detail label={k("fields.active")}>{translate(integration.active ? "ra.boolean.true" : "ra.boolean.false")}</Detail>
          <Detail label={k("fields.url")}>{integration.credentials.url}</Detail>
          <Detail label={k("fields.database")}>{integration.credentials.database}</Detail>
          <Detail label={k("fields.username")}>{integration.credentials.username}</Detail>
          <Detail label={k("fields.password")}>{integration.credentials.password_set ? translate(k("password_set")) : "—"}</Detail>
          <Detail label={k("fields.refreshed_at")}>{when(integration.refreshed_at)}</Detail>
          <Detail label={k("fields.next_sync_at")}>{when(integration.next_sync_at)}</Detail>
          {integration.settings.sync.push_policies || integration.pushed_policies?.last_pushed_at ? (
            <Detail label={k("fields.pushed_policies")}>
              {integration.pushed_policies?.last_pushed_at
                ? translate(k("pushed_policies"), { held: integration.pushed_policies.held, waiting: integration.pushed_policies.waiting, at: when(integration.pushed_policies.last_pushed_at) })
                : translate(k("pushed_policies_none"))}
            </Detail>
          ) : null}
          <Detail label={k("fields.charge_codes")}>{integration.available_charge_settings.map((c) => c.code).join(", ") || "—"}</Detail>
        </CardContent>
      </Card>
      <Card>
        <CardContent>
          <Typography variant="h6" gutterBottom>
            {translate(k("sections.properties"))}
          </Typography>
          <Table size="small" aria-label={translate(k("sections.properties"))}>
            <TableHead>
              <TableRow>
                {["property", "units_count", "enabled", "sync_status", "last_synced_at", ""].map((f) => (
                  <TableCell key={f}>{f ? translate(k(`fields.${f}`)) : ""}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {integration.properties.map((property) => (
                <TableRow key={property.id} data-property={property.external_id}>
                  <TableCell>
                    {property.insurable_id ? (
                      <Link component={RouterLink} to={resourcePath.view("insurable", property.insurable_id)}>
                        {property.title}
                      </Link>
                    ) : (
                      property.title
                    )}
                    <Typography variant="caption" color="text.secondary" component="div">
                      {property.external_id}
                    </Typography>
                  </TableCell>
                  <TableCell>{property.units_count}</TableCell>
                  <TableCell>
                    <Switch
                      checked={property.enabled}
                      disabled={!canToggle || busy}
                      slotProps={{ input: { "aria-label": `${translate(k("fields.enabled"))} ${property.title}` } }}
                      onChange={(e) => act(`/integrations/${integration.id}/toggle_property`, "POST", { property_id: property.id, enable: e.target.checked }, "messages.toggled")}
                    />
                  </TableCell>
                  <TableCell>
                    <PropertyStatus property={property} />
                  </TableCell>
                  <TableCell>{when(property.last_synced_at)}</TableCell>
                  <TableCell>
                    {canSync ? (
                      <Button
                        size="small"
                        disabled={busy || running || !property.enabled}
                        onClick={() => act(`/integrations/${integration.id}/${integration.provider}/property/${property.id}/resync`, "POST", {}, "messages.sync_started")}
                      >
                        {translate(k("actions.resync"))}
                      </Button>
                    ) : null}
                  </TableCell>
                </TableRow>
              ))}
              {integration.properties.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={6}>{translate(k("empty.properties"))}</TableCell>
                </TableRow>
              ) : null}
            </TableBody>
          </Table>
        </CardContent>
      </Card>
      <Card>
        <CardContent>
          <Typography variant="h6" gutterBottom>
            {translate(k("sections.runs"))}
          </Typography>
          <Table size="small" aria-label={translate(k("sections.runs"))}>
            <TableHead>
              <TableRow>
                {["started_at", "trigger", "sync_status", "duration", "created", "updated", "skipped", "pushed", "errors"].map((f) => (
                  <TableCell key={f}>{translate(k(`fields.${f}`))}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {integration.runs.map((run) => (
                <TableRow key={run.id}>
                  <TableCell>{when(run.started_at)}</TableCell>
                  <TableCell>{translate(k(`triggers.${run.trigger}`))}</TableCell>
                  <TableCell>
                    {translate(k(`statuses.${run.status}`))}
                    {run.error ? (
                      <Typography variant="caption" color="error" component="div">
                        {run.error}
                      </Typography>
                    ) : null}
                  </TableCell>
                  <TableCell>{duration(run.duration_ms)}</TableCell>
                  <TableCell>{run.created}</TableCell>
                  <TableCell>{run.updated}</TableCell>
                  <TableCell>{run.skipped}</TableCell>
                  <TableCell>{run.pushed ?? 0}</TableCell>
                  <TableCell>{run.errors}</TableCell>
                </TableRow>
              ))}
              {integration.runs.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={9}>{translate(k("empty.runs"))}</TableCell>
                </TableRow>
              ) : null}
            </TableBody>
          </Table>
        </CardContent>
      </Card>
    </Stack>
  );
};
