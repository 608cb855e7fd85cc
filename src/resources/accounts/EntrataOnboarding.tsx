import { useState } from "react";
import { Alert, Box, Button, FormControlLabel, Stack, Switch, TextField, Typography } from "@mui/material";
import { useCanAccess, useTranslate } from "react-admin";
import { failureText, useLoaded, useRequest } from "../common/useRequest";

const k = (key: string) => `resources.accounts.integration.entrata.${key}`;
const BASE = "/integrations/entrata";

/** POST /integrations/entrata/status and onboard_client (the onboarding's state). */
interface OnboardingState {
  exists: boolean;
  connection: { ok: boolean; message: string | null } | null;
}
interface Community {
  id: number;
  external_id: string;
  title: string;
  enabled: boolean;
}
interface ArCodes {
  data: Array<{ code: string; description: string }>;
  selected: string | null;
  problem: string | null;
}

type Field = "subdomain" | "username" | "password" | "url";
const FIELDS: Field[] = ["subdomain", "username", "password", "url"];

/**
 * Onboarding an Entrata client (issue 15 section 2; document 3 section 7 onboard_client): the client's subdomain and
 * the API user Entrata issued; the endpoint only when it is not the subdomain's. Field errors stay next to their
 * fields and nothing typed is lost; the password is never shown back.
 */
export const EntrataOnboardForm = ({ accountId, onDone }: { accountId: number; onDone: () => void }) => {
  const translate = useTranslate();
  const { request, say } = useRequest();
  const [values, setValues] = useState<Record<Field, string>>({ subdomain: "", username: "", password: "", url: "" });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      const body = { account_id: accountId, subdomain: values.subdomain, username: values.username, password: values.password, ...(values.url.trim() ? { url: values.url.trim() } : {}) };
      await request(`${BASE}/onboard_client`, { method: "POST", body });
      setErrors({});
      say("success", k("onboarded"));
      onDone();
    } catch (error) {
      const fields = (error as { body?: { errors?: Record<string, string> } }).body?.errors;
      if (fields && typeof fields === "object") setErrors(Object.fromEntries(FIELDS.filter((f) => fields[f]).map((f) => [f, fields[f]])));
      say("error", k("onboard_failed"), failureText(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box component="form" onSubmit={submit} aria-label={translate(k("onboard_title"))} noValidate sx={{ maxWidth: 480 }}>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        {translate(k("onboard_title"))}
      </Typography>
      <Stack spacing={2}>
        {FIELDS.map((field) => (
          <TextField
            key={field}
            label={translate(k(`fields.${field}`))}
            type={field === "password" ? "password" : "text"}
            autoComplete={field === "password" ? "new-password" : "off"}
            required={field !== "url"}
            value={values[field]}
            onChange={(event) => setValues((v) => ({ ...v, [field]: event.target.value }))}
            error={Boolean(errors[field])}
            helperText={errors[field] ?? (field === "url" ? translate(k("url_help")) : undefined)}
            size="small"
          />
        ))}
        <Box>
          <Button type="submit" variant="contained" disabled={busy}>
            {translate(k("onboard"))}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
};

/**
 * The onboarded client's next steps (document 3 section 7: status, syncable_communities, ar_codes): check the
 * connection now, choose the communities to sync, and read the client's AR codes for the master-policy charge.
 */
export const EntrataOnboardingPanel = ({ accountId, onChanged }: { accountId: number; onChanged: () => void }) => {
  const translate = useTranslate();
  const { request, say } = useRequest();
  const { canAccess: canToggle } = useCanAccess({ resource: "integrations", action: "toggle_property" });
  const { rows: communities, reload } = useLoaded<{ data: Community[] }>(`${BASE}/syncable_communities`, { account_id: accountId });
  const [status, setStatus] = useState<OnboardingState | null>(null);
  const [codes, setCodes] = useState<ArCodes | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const run = async <T,>(what: string, path: string, body: object, done: (json: T) => void) => {
    setBusy(what);
    try {
      const { json } = await request<T>(path, { method: "POST", body });
      done(json);
    } catch (error) {
      say("error", k("failed"), failureText(error));
    } finally {
      setBusy(null);
    }
  };
  const toggle = (community: Community, enabled: boolean) =>
    run("toggle", `${BASE}/syncable_communities`, { account_id: accountId, syncable_communities: { [community.id]: { enabled } } }, () => {
      reload();
      onChanged();
    });

  return (
    <Box component="section" aria-label={translate(k("title"))}>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        {translate(k("title"))}
      </Typography>
      <Stack spacing={2} sx={{ alignItems: "flex-start" }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: "center", flexWrap: "wrap" }}>
          <Button variant="outlined" disabled={busy !== null} onClick={() => run<OnboardingState>("status", `${BASE}/status`, { account_id: accountId }, setStatus)}>
            {translate(k("check_status"))}
          </Button>
          {status?.connection ? (
            <Alert severity={status.connection.ok ? "success" : "warning"} sx={{ py: 0 }}>
              {status.connection.ok ? translate(k("connected")) : translate(k("not_connected"), { message: status.connection.message ?? "" })}
            </Alert>
          ) : null}
        </Stack>
        <Box>
          <Typography variant="caption" color="text.secondary" component="div">
            {translate(k("communities"))}
          </Typography>
          {communities?.data.length === 0 ? <Typography>{translate("resources.accounts.integration.no_communities")}</Typography> : null}
          {communities?.data.map((community) => (
            <FormControlLabel
              key={community.id}
              sx={{ display: "flex" }}
              control={<Switch checked={community.enabled} disabled={!canToggle || busy !== null} onChange={(_event, checked) => toggle(community, checked)} />}
              label={`${community.title} (${community.external_id})`}
            />
          ))}
        </Box>
        <Box>
          <Button variant="outlined" disabled={busy !== null} onClick={() => run<ArCodes>("codes", `${BASE}/ar_codes`, { account_id: accountId }, setCodes)}>
            {translate(k("load_ar_codes"))}
          </Button>
          {codes ? (
            <Box sx={{ mt: 1 }} role="list" aria-label={translate(k("ar_codes"))}>
              {codes.problem ? (
                <Alert severity="warning" sx={{ mb: 1 }}>
                  {codes.problem}
                </Alert>
              ) : null}
              {codes.data.length === 0 ? <Typography>{translate(k("no_ar_codes"))}</Typography> : null}
              {codes.data.map((code) => (
                <Typography key={code.code} role="listitem" variant="body2">
                  {code.code} · {code.description}
                  {code.code === codes.selected ? ` (${translate(k("selected"))})` : ""}
                </Typography>
              ))}
            </Box>
          ) : null}
        </Box>
      </Stack>
    </Box>
  );
};
