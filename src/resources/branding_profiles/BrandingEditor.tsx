import { useState, type ChangeEvent } from "react";
import { Alert, Box, Button, Card, CardContent, InputAdornment, Stack, Typography } from "@mui/material";
import { Form, Loading, SaveButton, TextInput, regex, useGetOne, useNotify, useTranslate, useUpdate } from "react-admin";
import { useWatch } from "react-hook-form";
import { Link as RouterLink, useNavigate, useParams } from "react-router-dom";
import { uploadForm } from "../../dataProvider/upload";
import { PageHeader } from "../../layout/PageHeader";
import { resourcePath } from "../paths";
import { BrandingPreview, usableColor } from "./BrandingPreview";
import { brandingPaths } from "./paths";
import type { BrandingProfile } from "./types";

const HEX = /^#[0-9a-fA-F]{6}$/;
const FIELDS = ["primary_color", "secondary_color", "contact_phone", "contact_email", "footer_text", "url"] as const;
type Values = Pick<BrandingProfile, (typeof FIELDS)[number]>;

/** The preview beside the form, fed by the form's values as they are typed. */
const LivePreview = ({ profile }: { profile: BrandingProfile }) => {
  const values = useWatch() as Partial<Values>;
  return <BrandingPreview look={{ ...profile, ...values, title: profile.agency_title, logo_url: profile.logo?.url ?? null }} />;
};

const ColorInput = ({ source }: { source: "primary_color" | "secondary_color" }) => {
  const translate = useTranslate();
  const value = useWatch({ name: source }) as string | undefined;
  return (
    <TextInput
      source={source}
      label={`resources.branding_profiles.fields.${source}`}
      validate={regex(HEX, translate("resources.branding_profiles.validation.color"))}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <Box aria-hidden sx={{ width: 18, height: 18, borderRadius: 0.5, bgcolor: usableColor(value, "#ffffff"), border: 1, borderColor: "divider" }} />
            </InputAdornment>
          ),
        },
      }}
      helperText={false}
    />
  );
};

const LogoInput = ({ profile, onChanged }: { profile: BrandingProfile; onChanged: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    setBusy(true);
    setFailure(null);
    const form = new FormData();
    form.append("logo", file);
    const { status, json } = await uploadForm<{ message?: string; errors?: { logo?: string } }>(`/branding_profiles/${profile.id}/logo`, form);
    setBusy(false);
    if (status >= 200 && status < 300) {
      notify("resources.branding_profiles.actions.logo_saved", { type: "success" });
      onChanged();
    } else setFailure(json?.errors?.logo ?? json?.message ?? translate("ra.notification.http_error"));
  };
  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {translate("resources.branding_profiles.fields.logo")}
      </Typography>
      <Stack direction="row" spacing={2} alignItems="center" sx={{ mt: 0.5 }}>
        {profile.logo ? <Box component="img" src={profile.logo.url} alt={translate("resources.branding_profiles.fields.logo")} sx={{ maxHeight: 48, maxWidth: 160 }} /> : null}
        <Button component="label" variant="outlined" disabled={busy}>
          {translate("resources.branding_profiles.actions.upload_logo")}
          <input hidden type="file" accept="image/png,image/jpeg,image/svg+xml" aria-label={translate("resources.branding_profiles.actions.upload_logo")} onChange={choose} />
        </Button>
      </Stack>
      <Typography variant="caption" color="text.secondary">
        {translate("resources.branding_profiles.page.logo_hint")}
      </Typography>
      {failure ? (
        <Alert severity="error" sx={{ mt: 1 }}>
          {failure}
        </Alert>
      ) : null}
    </Box>
  );
};

/**
 * branding-editor/{profileableType}/{profileableId}/branding/{brandingId}: the form on the left, the live preview on
 * the right. Save keeps colours and texts (the server's field errors shown beside the fields); the logo is uploaded on
 * its own as soon as it is chosen, checked by the server (jpeg, png, svg; 10 MB).
 */
export const BrandingEditor = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const { profileableId = "", brandingId = "" } = useParams();
  const { data: profile, isPending, error, refetch } = useGetOne<BrandingProfile>("branding_profiles", { id: Number(brandingId) });
  const [update] = useUpdate<BrandingProfile>();
  if (isPending) return <Loading />;
  if (error || !profile || String(profile.profileable_id) !== profileableId) {
    return (
      <>
        <PageHeader titleKey="app.shell.titles.branding_editor" />
        <Alert severity="warning">{translate("resources.branding_profiles.not_found")}</Alert>
      </>
    );
  }
  const pagePath = brandingPaths.page(profile.agency_id, profile.id);
  const save = async (values: Record<string, unknown>) => {
    const data = Object.fromEntries(FIELDS.map((f) => [f, values[f] === "" ? null : (values[f] ?? null)]));
    try {
      await update("branding_profiles", { id: profile.id, data, previousData: profile }, { mutationMode: "pessimistic", returnPromise: true });
      notify("resources.branding_profiles.actions.saved", { type: "success" });
      navigate(pagePath);
    } catch (e) {
      const errors = (e as { body?: { errors?: Record<string, string> } }).body?.errors;
      if (errors) return errors;
      notify((e as Error).message || "ra.notification.http_error", { type: "error" });
    }
  };
  return (
    <>
      <PageHeader
        titleKey="app.shell.titles.branding_editor"
        title={`${translate("app.shell.titles.branding_editor")}: ${profile.agency_title}`}
        crumbs={[
          { label: translate("app.shell.titles.agencies"), to: resourcePath.browse("agencies") },
          { label: profile.agency_title, to: resourcePath.view("agencies", profile.agency_id) },
          { label: translate("app.shell.titles.branding"), to: pagePath },
        ]}
      />
      <Form record={profile} onSubmit={save} mode="onChange">
        <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", md: "minmax(300px, 1fr) 1.4fr" }, gap: 2, alignItems: "start" }}>
          <Card>
            <CardContent>
              <LogoInput profile={profile} onChanged={() => void refetch()} />
              <ColorInput source="primary_color" />
              <ColorInput source="secondary_color" />
              <TextInput source="contact_phone" label="resources.branding_profiles.fields.contact_phone" helperText={false} />
              <TextInput source="contact_email" label="resources.branding_profiles.fields.contact_email" helperText={false} />
              <TextInput source="footer_text" label="resources.branding_profiles.fields.footer_text" multiline minRows={2} helperText={false} />
              <TextInput source="url" label="resources.branding_profiles.fields.url" helperText={false} />
              <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
                <SaveButton label="resources.branding_profiles.actions.save" />
                <Button component={RouterLink} to={pagePath}>
                  {translate("resources.branding_profiles.actions.cancel")}
                </Button>
              </Stack>
            </CardContent>
          </Card>
          <Card sx={{ position: { md: "sticky" }, top: { md: 16 } }}>
            <CardContent>
              <Typography variant="subtitle1" sx={{ mb: 1 }}>
                {translate("resources.branding_profiles.page.preview")}
              </Typography>
              <LivePreview profile={profile} />
            </CardContent>
          </Card>
        </Box>
      </Form>
    </>
  );
};
