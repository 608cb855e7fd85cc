import type { ReactNode } from "react";
import { Alert, Box, Button, Stack, Typography } from "@mui/material";
import { Loading, useCanAccess, useTranslate } from "react-admin";
import { Link as RouterLink } from "react-router-dom";
import { YesNo } from "../common";
import { useLoaded } from "../common/useRequest";
import { when } from "../integrations/format";
import type { Integration, Provider } from "../integrations/types";
import { resourcePath } from "../paths";
import { EntrataOnboardForm, EntrataOnboardingPanel } from "./EntrataOnboarding";
import { IntegrationConnection } from "./IntegrationConnection";

/** GET /integrations/{provider}/{account id} (reference section 4.13); `exists: false` is the skeleton of none. */
export interface ProviderSettings {
  exists: boolean;
  id?: number;
  renters_insurance: { enabled: boolean; active: boolean; problems: string[] };
  billing_and_payments: {
    enabled: boolean;
    master_policy_charge_code: string | null;
    master_policy_gla: string | null;
    available_charge_settings: Array<{ code: string; description: string }>;
  };
  sync: {
    pull_policies: boolean;
    push_policies: boolean;
    push_master_policy_invoices: boolean;
    master_policy_charge_description: string | null;
    syncable_communities: Record<string, { enabled: boolean; title?: string }>;
    next_sync: string | null;
  };
}

const k = (key: string) => `resources.accounts.integration.${key}`;

const Item = ({ label, children }: { label: string; children: ReactNode }) => {
  const translate = useTranslate();
  return (
    <Box sx={{ flex: "1 1 220px" }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {translate(label)}
      </Typography>
      <Typography component="div">{children === null || children === undefined || children === "" ? "—" : children}</Typography>
    </Box>
  );
};

const Group = ({ title, children }: { title: string; children: ReactNode }) => {
  const translate = useTranslate();
  return (
    <Box component="section" aria-label={translate(title)}>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        {translate(title)}
      </Typography>
      <Box sx={{ display: "flex", flexWrap: "wrap", gap: 2 }}>{children}</Box>
    </Box>
  );
};

/** The last run of the whole integration or of one property: its outcome and when it ended (or started, while it runs). */
const LastSync = ({ integrationId }: { integrationId: number }) => {
  const translate = useTranslate();
  const { rows: integration, failed } = useLoaded<Integration>(`/integrations/${integrationId}`);
  if (failed) return <>—</>;
  if (!integration) return <>…</>;
  const run = integration.runs[0];
  if (!run) return <>{translate(k("never_synced"))}</>;
  return <>{translate(k("last_sync_value"), { status: translate(`resources.integrations.statuses.${run.status}`), at: when(run.finished_at ?? run.started_at) })}</>;
};

/**
 * The account page's Yardi and Entrata tabs (issue 15 section 2; reference section 4.13): the account's integration with one
 * provider as the API shows it to the caller (staff their own account, agents their agencies' accounts, super admins
 * any): whether the provider accepted the credentials and its problems, the settings, the communities it syncs, the
 * next and the last sync, and a link to the integration's page; with none, who may connect one is offered to.
 */
export const AccountIntegrationTab = ({ accountId, provider }: { accountId: number; provider: Provider }) => {
  const translate = useTranslate();
  const { canAccess: canConnect } = useCanAccess({ resource: "integrations", action: "create" });
  const { rows: settings, failed, reload } = useLoaded<ProviderSettings>(`/integrations/${provider}/${accountId}`);
  const providerName = translate(`resources.integrations.providers.${provider}`);
  if (failed) return <Alert severity="error">{translate(k("load_failed"), { provider: providerName })}</Alert>;
  if (!settings) return <Loading />;
  if (!settings.exists || settings.id === undefined) {
    return (
      <Stack spacing={2} sx={{ alignItems: "flex-start" }}>
        <Typography color="text.secondary">{translate(k("none"), { provider: providerName })}</Typography>
        {/* An Entrata client is onboarded here (document 3 section 7 onboard_client); Yardi is connected on the form. */}
        {canConnect && provider === "entrata" ? <EntrataOnboardForm accountId={accountId} onDone={reload} /> : null}
        {canConnect && provider !== "entrata" ? (
          <Button variant="contained" component={RouterLink} to={`${resourcePath.create("integrations")}?account_id=${accountId}&provider=${provider}`}>
            {translate(k("connect"), { provider: providerName })}
          </Button>
        ) : null}
      </Stack>
    );
  }
  const { renters_insurance: renters, billing_and_payments: billing, sync } = settings;
  const communities = Object.entries(sync.syncable_communities).map(([id, community]) => ({ id, ...community }));
  const chargeCode = billing.available_charge_settings.find((c) => c.code === billing.master_policy_charge_code);
  return (
    <Stack spacing={3}>
      <Box sx={{ display: "flex", flexWrap: "wrap", gap: 2, alignItems: "flex-start" }}>
        <Item label="resources.integrations.fields.provider">{providerName}</Item>
        <Item label="resources.integrations.fields.active">
          <YesNo value={renters.active} />
        </Item>
        <Item label={k("last_sync")}>
          <LastSync integrationId={settings.id} />
        </Item>
        <Item label="resources.integrations.fields.next_sync_at">{when(sync.next_sync)}</Item>
        <Button variant="outlined" component={RouterLink} to={resourcePath.view("integrations", settings.id)}>
          {translate(k("open"))}
        </Button>
      </Box>
      {renters.problems.length ? (
        <Alert severity="warning" role="alert">
          <Typography variant="subtitle2" component="div">
            {translate(k("problems"))}
          </Typography>
          {renters.problems.map((problem) => (
            <div key={problem}>{problem}</div>
          ))}
        </Alert>
      ) : null}
      <Group title={k("renters_insurance")}>
        <Item label={k("enabled")}>
          <YesNo value={renters.enabled} />
        </Item>
      </Group>
      <Group title={k("billing_and_payments")}>
        <Item label={k("enabled")}>
          <YesNo value={billing.enabled} />
        </Item>
        <Item label={k("master_policy_charge_code")}>{chargeCode ? `${chargeCode.code} · ${chargeCode.description}` : billing.master_policy_charge_code}</Item>
        <Item label={k("master_policy_gla")}>{billing.master_policy_gla}</Item>
      </Group>
      <Group title={k("sync")}>
        <Item label="resources.integrations.fields.pull_policies">
          <YesNo value={sync.pull_policies} />
        </Item>
        <Item label="resources.integrations.fields.push_policies">
          <YesNo value={sync.push_policies} />
        </Item>
        <Item label="resources.integrations.fields.push_master_policy_invoices">
          <YesNo value={sync.push_master_policy_invoices} />
        </Item>
        <Item label={k("master_policy_charge_description")}>{sync.master_policy_charge_description}</Item>
        <Box sx={{ flex: "1 1 100%" }}>
          <Item label={k("syncable_communities")}>
            {communities.length === 0
              ? translate(k("no_communities"))
              : translate(k("communities_enabled"), { enabled: communities.filter((c) => c.enabled).length, total: communities.length })}
            {communities.map((community) => (
              <Typography key={community.id} variant="body2" color={community.enabled ? "text.primary" : "text.secondary"} component="div">
                {community.title ?? "—"} · {translate(community.enabled ? k("syncs") : k("does_not_sync"))}
              </Typography>
            ))}
          </Item>
        </Box>
      </Group>
      <IntegrationConnection accountId={accountId} provider={provider} onChanged={reload} />
      {provider === "entrata" ? <EntrataOnboardingPanel accountId={accountId} onChanged={reload} /> : null}
    </Stack>
  );
};
