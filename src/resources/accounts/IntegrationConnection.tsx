import { useCallback, useEffect, useState } from "react";
import { Alert, Box, Button, Stack, Typography } from "@mui/material";
import { useCanAccess, useTranslate } from "react-admin";
import { failureText, useRequest } from "../common/useRequest";
import { when } from "../integrations/format";
import type { Provider } from "../integrations/types";

const k = (key: string) => `resources.accounts.integration.connection.${key}`;

/** POST /integrations/{provider}/status: the connection as the last refresh found it. */
interface ConnectionState {
  exists: boolean;
  connection: { ok: boolean; message: string | null; checked_at: string | null } | null;
}
/** POST /integrations/{provider}/ar_codes: the codes the provider last listed, and when. */
interface ChargeCodes {
  data: Array<{ code: string; description: string }>;
  selected: string | null;
  as_of: string | null;
  problem: string | null;
}

/**
 * The connection's status and the provider's charge (AR) codes on the account's Yardi and Entrata tabs (document 3
 * section 7: status, ar_codes). Opening the tab reads what the last refresh kept, "as of" its time, and never calls the
 * provider; Refresh (staff of the account, super admins) asks the provider now. Every sync of the whole integration
 * refreshes them too.
 */
export const IntegrationConnection = ({ accountId, provider, onChanged }: { accountId: number; provider: Provider; onChanged: () => void }) => {
  const translate = useTranslate();
  const { request, say } = useRequest();
  const { canAccess: canRefresh } = useCanAccess({ resource: "integrations", action: "refresh" });
  const [status, setStatus] = useState<ConnectionState | null>(null);
  const [codes, setCodes] = useState<ChargeCodes | null>(null);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const providerName = translate(`resources.integrations.providers.${provider}`);
  const codesTitle = translate(k(`codes.${provider}`));

  const load = useCallback(
    async (refresh: boolean) => {
      const body = { account_id: accountId };
      // The refresh is asked once (status), the codes are then read from what it kept.
      const { json: state } = await request<ConnectionState>(`/integrations/${provider}/status`, { method: "POST", body: refresh ? { ...body, refresh: true } : body });
      const { json: list } = await request<ChargeCodes>(`/integrations/${provider}/ar_codes`, { method: "POST", body });
      setStatus(state);
      setCodes(list);
      setFailed(false);
    },
    [accountId, provider, request],
  );
  useEffect(() => {
    load(false).catch(() => setFailed(true));
  }, [load]);

  const refresh = async () => {
    setBusy(true);
    try {
      await load(true);
      say("success", k("refreshed"));
      onChanged();
    } catch (error) {
      say("error", k("refresh_failed"), failureText(error));
    } finally {
      setBusy(false);
    }
  };

  const connection = status?.connection ?? null;
  // An integration made before codes were ever listed answers without them.
  const codeList = codes?.data ?? [];
  return (
    <Box component="section" aria-label={translate(k("title"))}>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        {translate(k("title"))}
      </Typography>
      {failed ? <Alert severity="error">{translate(k("load_failed"))}</Alert> : null}
      <Stack spacing={2} sx={{ alignItems: "flex-start" }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: "center", flexWrap: "wrap" }}>
          {status ? (
            <Alert role="status" severity={connection ? (connection.ok ? "success" : "warning") : "info"} sx={{ py: 0 }}>
              {connection
                ? connection.ok
                  ? translate(k("connected"), { provider: providerName })
                  : translate(k("not_connected"), { message: connection.message ?? "" })
                : translate(k("not_checked"), { provider: providerName })}
              {connection?.checked_at ? ` · ${translate(k("as_of"), { at: when(connection.checked_at) })}` : ""}
            </Alert>
          ) : null}
          {canRefresh ? (
            <Button variant="outlined" disabled={busy || !status} onClick={() => void refresh()}>
              {translate(k("refresh"))}
            </Button>
          ) : null}
        </Stack>
        {codes ? (
          <Box>
            <Typography variant="caption" color="text.secondary" component="div">
              {codesTitle}
              {codes.as_of ? ` · ${translate(k("as_of"), { at: when(codes.as_of) })}` : ""}
            </Typography>
            {codes.problem ? (
              <Alert severity="warning" sx={{ my: 1 }}>
                {codes.problem}
              </Alert>
            ) : null}
            {codeList.length === 0 ? <Typography>{translate(k("no_codes"), { provider: providerName })}</Typography> : null}
            <Box role="list" aria-label={codesTitle}>
              {codeList.map((code) => (
                <Typography key={code.code} role="listitem" variant="body2">
                  {code.code} · {code.description}
                  {code.code === codes.selected ? ` (${translate(k("selected"))})` : ""}
                </Typography>
              ))}
            </Box>
          </Box>
        ) : null}
      </Stack>
    </Box>
  );
};
