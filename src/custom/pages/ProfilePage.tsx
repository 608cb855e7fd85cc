import { Alert, Box, Button, Card, CardContent, Grid, TextField, Typography } from "@mui/material";
import { HttpError, useDataProvider, useNotify, useRefresh, useTranslate } from "react-admin";
import { type FormEvent, useState } from "react";
import type { AppDataProvider, StaffUser } from "../../dataProvider";
import { SNACK_SHORT } from "../../domain/constants";
import { underscoresToSpaces } from "../../domain/format";
import { PageHeader } from "../../layout/PageHeader";
import { useCurrentUser } from "../../layout/useCurrentUser";
import { MIN_PASSWORD_LENGTH } from "../../domain/passwords";

type Errors = Record<string, string>;
const PROFILE_FIELDS = ["first_name", "last_name", "job_title", "contact_phone"] as const;
const PASSWORD_FIELDS = ["current_password", "password", "password_confirmation"] as const;

/**
 * /dashboard/profile: the signed-in staff's personal information and password (PUT /staffs/{id}/update_self). A
 * permission_not_enabled answer sends users here (document 1 section 8), so it needs no permission key.
 */
export function ProfilePage() {
  const { user } = useCurrentUser();
  return (
    <>
      <PageHeader titleKey="app.shell.titles.profile" />
      {user && <ProfileForm user={user} />}
    </>
  );
}

function ProfileForm({ user }: { user: StaffUser }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<AppDataProvider>();
  const profile = user.profile_attributes;
  const [values, setValues] = useState(
    () => Object.fromEntries(PROFILE_FIELDS.map((name) => [name, profile?.[name] ?? ""])) as Record<(typeof PROFILE_FIELDS)[number], string>,
  );
  const [passwords, setPasswords] = useState({ current_password: "", password: "", password_confirmation: "" });
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  const check = (): Errors => {
    const found: Errors = {};
    const required = (attribute: string) => translate("app.errors.validation.required", { attribute });
    if (!values.first_name.trim()) found["profile_attributes.first_name"] = required("first name");
    if (!values.last_name.trim()) found["profile_attributes.last_name"] = required("last name");
    if (passwords.password || passwords.password_confirmation || passwords.current_password) {
      if (!passwords.current_password) found.current_password = required("current password");
      if (passwords.password.length < MIN_PASSWORD_LENGTH) found.password = translate("app.errors.validation.min_length", { min: MIN_PASSWORD_LENGTH });
      if (passwords.password !== passwords.password_confirmation) found.password_confirmation = translate("app.auth.reset.mismatch");
    }
    return found;
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const found = check();
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const changesPassword = Boolean(passwords.password);
      await dataProvider.updateSelf(user.id, { profile_attributes: values, ...(changesPassword ? passwords : {}) });
      setPasswords({ current_password: "", password: "", password_confirmation: "" });
      notify("app.shell.profile.saved", { type: "success", autoHideDuration: SNACK_SHORT });
      // updateSelf stored the new user (document 1 section 4); the shell reads it again.
      refresh();
    } catch (e) {
      const body = e instanceof HttpError ? (e.body as { errors?: unknown }) : null;
      if (body?.errors && typeof body.errors === "object" && !Array.isArray(body.errors)) setErrors(body.errors as Errors);
      else notify("app.errors.something_went_wrong", { type: "error", autoHideDuration: SNACK_SHORT });
    } finally {
      setBusy(false);
    }
  };

  const errorOf = (name: string) => errors[name] ?? errors[`profile_attributes.${name}`];

  return (
    <Card component="form" onSubmit={save} noValidate>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {translate("app.shell.profile.personal_information")}
        </Typography>
        <Box component="dl" sx={{ display: "grid", gridTemplateColumns: "max-content 1fr", columnGap: 2, rowGap: 0.5, mb: 2, "& dd": { m: 0 } }}>
          <dt>{translate("app.shell.profile.email")}</dt>
          <dd>{user.email}</dd>
          <dt>{translate("app.shell.profile.role")}</dt>
          <dd>{underscoresToSpaces(user.role)}</dd>
          {user.organizable && (
            <>
              <dt>{translate("app.shell.profile.organization")}</dt>
              <dd>{user.organizable.title}</dd>
            </>
          )}
        </Box>
        {errors.base && <Alert severity="error">{errors.base}</Alert>}
        <Grid container spacing={2}>
          {PROFILE_FIELDS.map((name) => (
            <Grid key={name} size={{ xs: 12, sm: 6 }}>
              <TextField
                fullWidth
                label={translate(`app.shell.profile.${name}`)}
                value={values[name]}
                onChange={(event) => setValues((v) => ({ ...v, [name]: event.target.value }))}
                required={name === "first_name" || name === "last_name"}
                error={Boolean(errorOf(name))}
                helperText={errorOf(name) ?? " "}
              />
            </Grid>
          ))}
        </Grid>
        <Typography variant="h6" component="h2" sx={{ mt: 2 }}>
          {translate("app.shell.profile.change_password")}
        </Typography>
        <Typography variant="body2" color="text.secondary" gutterBottom>
          {translate("app.shell.profile.password_hint")}
        </Typography>
        <Grid container spacing={2}>
          {PASSWORD_FIELDS.map((name) => (
            <Grid key={name} size={{ xs: 12, sm: 4 }}>
              <TextField
                fullWidth
                type="password"
                autoComplete={name === "current_password" ? "current-password" : "new-password"}
                label={translate(`app.shell.profile.${name === "password" ? "new_password" : name}`)}
                value={passwords[name]}
                onChange={(event) => setPasswords((v) => ({ ...v, [name]: event.target.value }))}
                error={Boolean(errors[name])}
                helperText={errors[name] ?? " "}
              />
            </Grid>
          ))}
        </Grid>
        <Button type="submit" variant="contained" disabled={busy} sx={{ mt: 1 }}>
          {translate("app.shell.profile.save")}
        </Button>
      </CardContent>
    </Card>
  );
}
