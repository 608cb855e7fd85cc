import { useState } from "react";
import { Box, Button, FormControlLabel, Stack, Switch, TextField, Typography } from "@mui/material";
import { useCanAccess, useTranslate } from "react-admin";
import { failureText, useLoaded, useRequest } from "../common/useRequest";

const k = (key: string) => `resources.accounts.integration.entrata.${key}`;
const BASE = "/integrations/entrata";

interface Community {
  id: number;
  external_id: string;
  title: string;
  enabled: boolean;
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
 * The onboarded client's communities to sync (document 3 section 7: syncable_communities). Its connection status and AR
 * codes are IntegrationConnection's, shared with the Yardi tab.
 */
export const EntrataOnboardingPanel = ({ accountId, onChanged }: { accountId: number; onChanged: () => void }) => {
  const translate = useTranslate();
  const { request, say } = useRequest();
  const { canAccess: canToggle } = useCanAccess({ resource: "integrations", action: "toggle_property" });
  const { rows: communities, reload } = useLoaded<{ data: Community[] }>(`${BASE}/syncable_communities`, { account_id: accountId });
  const [busy, setBusy] = useState(false);

  const toggle = async (community: Community, enabled: boolean) => {
    setBusy(true);
    try {
      await request(`${BASE}/syncable_communities`, { method: "POST", body: { account_id: accountId, syncable_communities: { [community.id]: { enabled } } } });
      reload();
      onChanged();
    } catch (error) {
      say("error", k("failed"), failureText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box component="section" aria-label={translate(k("title"))}>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        {translate(k("title"))}
      </Typography>
      <Typography variant="caption" color="text.secondary" component="div">
        {translate(k("communities"))}
      </Typography>
      {communities?.data.length === 0 ? <Typography>{translate("resources.accounts.integration.no_communities")}</Typography> : null}
      {communities?.data.map((community) => (
        <FormControlLabel
          key={community.id}
          sx={{ display: "flex" }}
          control={<Switch checked={community.enabled} disabled={!canToggle || busy} onChange={(_event, checked) => void toggle(community, checked)} />}
          label={`${community.title} (${community.external_id})`}
        />
      ))}
    </Box>
  );
};
