import { Alert, Box, Button, Link, TextField, Typography } from "@mui/material";
import { HttpError, useDataProvider, useLogin, useTranslate } from "react-admin";
import { type FormEvent, useEffect, useState } from "react";
import { Link as RouterLink, useParams } from "react-router-dom";
import type { AppDataProvider } from "../../dataProvider";
import { MIN_PASSWORD_LENGTH } from "../../domain/passwords";
import { AuthCard } from "./AuthCard";

type Errors = Record<string, string>;

const fieldErrorsOf = (e: unknown): Errors | null => {
  const body = e instanceof HttpError ? (e.body as { errors?: unknown }) : null;
  return body?.errors && typeof body.errors === "object" && !Array.isArray(body.errors) ? (body.errors as Errors) : null;
};

/**
 * /auth/accept-invitation/:token, the link of the invitation mail (issue 13): the invitee chooses a password
 * (PUT /staff/auth/invitation) and is signed in with it, landing on the dashboard. A used or expired link says so.
 */
export function AcceptInvitationPage() {
  const translate = useTranslate();
  const login = useLogin();
  const { token = "" } = useParams();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [invitee, setInvitee] = useState<{ email: string; full_name: string | null } | null>(null);
  const [password, setPassword] = useState("");
  const [confirmation, setConfirmation] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    dataProvider.describeInvitation(token).then(
      (answer) => live && setInvitee(answer),
      (e) => live && setErrors(fieldErrorsOf(e) ?? { base: translate("app.errors.something_went_wrong") }),
    );
    return () => {
      live = false;
    };
  }, [dataProvider, token, translate]);

  const tooShort = password !== "" && password.length < MIN_PASSWORD_LENGTH;
  const mismatch = confirmation !== "" && confirmation !== password;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!invitee || tooShort || mismatch) return;
    setBusy(true);
    try {
      await dataProvider.acceptInvitation({ invitation_token: token, password, password_confirmation: confirmation });
      await login({ email: invitee.email, password });
    } catch (e) {
      const fieldErrors = fieldErrorsOf(e);
      const message = e instanceof Error && e.message ? e.message : translate("app.errors.something_went_wrong");
      setErrors(fieldErrors ?? { base: message });
      setBusy(false);
    }
  };

  return (
    <AuthCard titleKey="app.auth.invitation.title">
      {errors.invitation_token ? (
        <Alert severity="error">{translate("app.auth.invitation.link_invalid", { error: errors.invitation_token })}</Alert>
      ) : !invitee ? (
        errors.base ? <Alert severity="error">{errors.base}</Alert> : <Typography align="center">{translate("app.auth.invitation.loading")}</Typography>
      ) : (
        <Box component="form" onSubmit={submit} noValidate sx={{ display: "flex", flexDirection: "column", gap: 2 }}>
          <Typography>{translate("app.auth.invitation.greeting", { name: invitee.full_name || invitee.email, email: invitee.email })}</Typography>
          {errors.base && <Alert severity="error">{errors.base}</Alert>}
          <TextField
            label={translate("app.auth.invitation.password")}
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={tooShort || Boolean(errors.password)}
            helperText={tooShort ? translate("app.errors.validation.min_length", { min: MIN_PASSWORD_LENGTH }) : (errors.password ?? " ")}
            required
          />
          <TextField
            label={translate("app.auth.invitation.password_confirmation")}
            type="password"
            autoComplete="new-password"
            value={confirmation}
            onChange={(event) => setConfirmation(event.target.value)}
            error={mismatch || Boolean(errors.password_confirmation)}
            helperText={mismatch ? translate("app.auth.reset.mismatch") : (errors.password_confirmation ?? " ")}
            required
          />
          <Button type="submit" variant="contained" disabled={busy || !password || !confirmation || tooShort || mismatch}>
            {translate("app.auth.invitation.submit")}
          </Button>
        </Box>
      )}
      <Box sx={{ mt: 2, textAlign: "center" }}>
        <Link component={RouterLink} to="/auth/login">
          {translate("app.auth.login.back_to_login")}
        </Link>
      </Box>
    </AuthCard>
  );
}
