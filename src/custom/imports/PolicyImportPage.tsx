import { useCallback, useEffect, useState } from "react";
import { Alert, Box, Button, Card, CardContent, LinearProgress, Link, MenuItem, TextField, Typography } from "@mui/material";
import { useDataProvider, useTranslate } from "react-admin";
import { downloadFile } from "../../dataProvider/download";
import type { AppDataProvider } from "../../dataProvider/types";
import { PageHeader } from "../../layout/PageHeader";
import { useCurrentUser } from "../../layout/useCurrentUser";
import { SearchPicker, type Option } from "../../resources/common/SearchPicker";
import { PICKER_PAGE_SIZE } from "../../resources/common/constants";
import { jobRunning, usePolledStatus } from "../../resources/common/usePolledStatus";
import { failureText } from "../../resources/common/useRequest";

const t = (key: string) => `resources.policy-import.${key}`;

/** Integration (for legacy import): id, provider (document 2 section 3), with the account it belongs to. */
interface IntegrationChoice {
  id: number;
  provider: "yardi" | "entrata";
  account: { id: number; title: string };
}

/** Legacy import result (document 2 section 3: a success flag and the import's details; docs/API.md). */
export interface LegacyImport {
  id: number;
  status: "queued" | "running" | "done" | "failed";
  success: boolean | null;
  total_rows: number | null;
  processed_rows: number;
  created_count: number;
  skipped_count: number;
  error_count: number;
  errors: Array<{ row: number; number: string; message: string }>;
  error: string | null;
  result_file: boolean;
}

type Field = "agency_id" | "account_id" | "integration_id" | "file_url";

/**
 * Policy Import (document 2: 'Policy Import', 'Import Policies', 'Import legacy policies from external systems'; staff,
 * agents and super admins, readings C-04): an integration of the account and a link to its provider's policy export;
 * super admins choose the agency and then the account first. The file is imported by a job, polled until it ends.
 */
export const PolicyImportPage = () => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { user } = useCurrentUser();
  const superAdmin = user?.role === "super_admin";
  const [agency, setAgency] = useState<Option | null>(null);
  const [account, setAccount] = useState<Option | null>(null);
  const [integrations, setIntegrations] = useState<IntegrationChoice[] | null>(null);
  const [integrationId, setIntegrationId] = useState<number | "">("");
  const [fileUrl, setFileUrl] = useState("");
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [importId, setImportId] = useState<number | null>(null);
  const status = usePolledStatus<LegacyImport>(importId ? `/policies/legacy_imports/${importId}` : null, jobRunning);

  // A super admin's integrations are the chosen account's; everyone else sees those of their own scope.
  const accountId = superAdmin ? (account?.id ?? null) : undefined;
  useEffect(() => {
    if (!user) return undefined;
    setIntegrationId("");
    if (accountId === null) {
      setIntegrations([]);
      return undefined;
    }
    let live = true;
    setIntegrations(null);
    dataProvider
      .request<{ data: IntegrationChoice[] }>("/integrations", { query: { pagination: { page: 1, per: 100 }, ...(accountId ? { filter: { account_id: accountId } } : {}) } })
      .then(({ json }) => live && setIntegrations(json.data ?? []))
      .catch(() => live && setIntegrations([]));
    return () => {
      live = false;
    };
  }, [dataProvider, accountId, user]);

  const searchAgencies = useCallback(
    async (text: string) =>
      (
        await dataProvider.getList("agencies", {
          filter: { with_subagencies: true, ...(text ? { title: { like: text } } : {}) },
          pagination: { page: 1, perPage: PICKER_PAGE_SIZE.accounts },
          sort: { field: "title", order: "ASC" },
        })
      ).data.map((a) => ({ id: Number(a.id), title: String(a.title) })),
    [dataProvider],
  );
  const searchAccounts = useCallback(
    async (text: string) =>
      agency
        ? (
            await dataProvider.getList("accounts", {
              filter: { agency_id: agency.id, ...(text ? { title: { like: text } } : {}) },
              pagination: { page: 1, perPage: PICKER_PAGE_SIZE.accounts },
              sort: { field: "title", order: "ASC" },
            })
          ).data.map((a) => ({ id: Number(a.id), title: String(a.title) }))
        : [],
    [dataProvider, agency],
  );

  const submit = async () => {
    const found: Partial<Record<Field, string>> = {};
    if (superAdmin && !agency) found.agency_id = translate(t("validation.agency"));
    if (superAdmin && !account) found.account_id = translate(t("validation.account"));
    if (!integrationId) found.integration_id = translate(t("validation.integration"));
    if (!fileUrl.trim()) found.file_url = translate(t("validation.file_url"));
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length) return;
    const chosen = integrations?.find((i) => i.id === integrationId);
    setSending(true);
    setImportId(null);
    try {
      const { json } = await dataProvider.request<LegacyImport>("/public/policies/import_legacy_policies", {
        method: "POST",
        body: { integration_id: integrationId, file_url: fileUrl.trim(), account_id: account?.id ?? chosen?.account.id, ...(superAdmin ? { agency_id: agency?.id } : {}) },
      });
      setImportId(json.id);
    } catch (error) {
      const fieldErrors = (error as { body?: { errors?: Partial<Record<Field, string>> } }).body?.errors;
      if (fieldErrors && typeof fieldErrors === "object") setErrors(fieldErrors);
      setFailure(failureText(error) ?? translate(t("failure")));
    } finally {
      setSending(false);
    }
  };

  const running = status ? jobRunning(status) : importId !== null;
  const finished = status && !jobRunning(status);
  const integrationHelp = integrations === null ? translate(t("loading_integrations")) : integrations.length === 0 ? translate(t("no_integrations")) : undefined;
  return (
    <>
      <PageHeader titleKey="app.shell.titles.policy_import" crumbs={[{ label: translate("app.shell.titles.policies"), to: "/dashboard/policies/browse" }]} />
      <Card sx={{ maxWidth: 760 }}>
        <CardContent sx={{ display: "grid", gap: 2 }}>
          <Box>
            <Typography variant="h6" component="h2">
              {translate(t("heading"))}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {translate(t("subheading"))}
            </Typography>
          </Box>
          {superAdmin && (
            <>
              <SearchPicker
                label={translate(t("fields.agency"))}
                value={agency}
                onChange={(value) => {
                  setAgency(value);
                  setAccount(null);
                }}
                search={searchAgencies}
                error={errors.agency_id}
                hint={translate("app.shell.agency_picker.hint")}
              />
              <SearchPicker label={translate(t("fields.account"))} value={account} onChange={setAccount} search={searchAccounts} disabled={!agency} error={errors.account_id} />
            </>
          )}
          <TextField
            select
            label={translate(t("fields.integration"))}
            value={integrationId}
            onChange={(e) => setIntegrationId(Number(e.target.value))}
            disabled={!integrations || integrations.length === 0}
            error={Boolean(errors.integration_id)}
            helperText={errors.integration_id ?? integrationHelp}
            inputProps={{ "data-testid": "integration-select" }}
          >
            {integrations === null && (
              <MenuItem disabled value="">
                {translate(t("loading_integrations"))}
              </MenuItem>
            )}
            {integrations?.length === 0 && (
              <MenuItem disabled value="">
                {translate(t("no_integrations"))}
              </MenuItem>
            )}
            {integrations?.map((i) => (
              <MenuItem key={i.id} value={i.id}>
                {translate(t("integration_option"), { provider: translate(`resources.integrations.providers.${i.provider}`), account: i.account.title, id: i.id })}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={translate(t("fields.file_url"))}
            value={fileUrl}
            onChange={(e) => setFileUrl(e.target.value)}
            error={Boolean(errors.file_url)}
            helperText={errors.file_url ?? translate(t("help.file_url"))}
            inputProps={{ maxLength: 2000 }}
          />
          <Typography variant="body2" color="text.secondary">
            {translate(t("help.formats"))}{" "}
            <Link href="/samples/legacy-policies-yardi.csv" download>
              {translate(t("sample"), { provider: translate("resources.integrations.providers.yardi") })}
            </Link>
            {" · "}
            <Link href="/samples/legacy-policies-entrata.csv" download>
              {translate(t("sample"), { provider: translate("resources.integrations.providers.entrata") })}
            </Link>
          </Typography>
          <Box>
            <Button variant="contained" onClick={() => void submit()} disabled={sending || running}>
              {translate(sending || running ? t("importing") : t("submit"))}
            </Button>
          </Box>
          {running && (
            <Box role="status">
              <Typography variant="body2">
                {status?.total_rows ? translate(t("progress"), { processed: status.processed_rows, total: status.total_rows }) : translate(t("queued"))}
              </Typography>
              <LinearProgress variant={status?.total_rows ? "determinate" : "indeterminate"} value={status?.total_rows ? Math.round((status.processed_rows / status.total_rows) * 100) : 0} />
            </Box>
          )}
          {finished && status.status === "done" && <ImportOutcome status={status} />}
          {finished && status.status === "failed" && <Alert severity="error">{status.error ?? translate(t("failure"))}</Alert>}
          {failure && <Alert severity="error">{failure}</Alert>}
        </CardContent>
      </Card>
    </>
  );
};

/** 'Import completed successfully' or 'Import finished with errors' (document 2 section 8), the counts and the rows in error. */
const ImportOutcome = ({ status }: { status: LegacyImport }) => {
  const translate = useTranslate();
  return (
    <Alert severity={status.success ? "success" : "warning"}>
      <Typography fontWeight={600}>{translate(status.success ? t("success") : t("finished_with_errors"))}</Typography>
      <div>{translate(t("counts"), { created: status.created_count, skipped: status.skipped_count, errors: status.error_count })}</div>
      {status.errors.map((e) => (
        <div key={e.row}>{translate(t("row"), { row: e.row, number: e.number || "—", message: e.message })}</div>
      ))}
      {status.result_file && (
        <Button size="small" sx={{ mt: 1 }} onClick={() => void downloadFile(`/policies/legacy_imports/${status.id}/result`, `legacy-import-${status.id}-result.csv`)}>
          {translate(t("result_file"))}
        </Button>
      )}
    </Alert>
  );
};
