import { Alert, Box, Button, Link, TextField } from "@mui/material";
import { HttpError, useDataProvider, useNotify, useTranslate } from "react-admin";
import { type FormEvent, useState } from "react";
import { Link as RouterLink, useNavigate, useParams } from "react-router-dom";
import type { AppDataProvider } from "../../dataProvider";
import { SNACK_LONG } from "../../domain/constants";
import { AuthCard } from "./AuthCard";
import { MIN_PASSWORD_LENGTH } from "../../domain/passwords";

type Errors = Record<string, string>;

/**
 * /auth/reset-password/:token: a new password and its confirmation with the mailed token (PUT /staff/auth/password);
 * on success the sign-in screen opens with the server's confirmation.
 */
export function ResetPasswordPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const { token = "" } = useParams();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [password, setPassword] = useState("");
  const [confirmation, setConfirmation] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  const tooShort = password !== "" && password.length < MIN_PASSWORD_LENGTH;
  const mismatch = confirmation !== "" && confirmation !== password;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (tooShort || mismatch) return;
    setBusy(true);
    try {
      const answer = await dataProvider.resetPassword({ password, password_confirmation: confirmation, reset_password_token: token });
      notify(answer.message || "app.auth.reset.done", { type: "success", autoHideDuration: SNACK_LONG });
      navigate("/auth/login");
    } catch (e) {
      const body = e instanceof HttpError ? (e.body as { errors?: unknown }) : null;
      const fieldErrors = body?.errors && typeof body.errors === "object" && !Array.isArray(body.errors) ? (body.errors as Errors) : null;
      setErrors(fieldErrors ?? { base: translate("app.errors.something_went_wrong") });
      setBusy(false);
    }
  };

  return (
    <AuthCard titleKey="app.auth.reset.new_password_title">
      <Box component="form" onSubmit={submit} noValidate sx={{ display: "flex", flexDirection: "column", gap: 2 }}>
        {errors.reset_password_token && (
          <Alert severity="error">
            {translate("app.shell.auth.reset_link_invalid", { error: errors.reset_password_token })}{" "}
            <Link component={RouterLink} to="/auth/forgot-password">
              {translate("app.shell.auth.ask_new_link")}
            </Link>
          </Alert>
        )}
        {errors.base && <Alert severity="error">{errors.base}</Alert>}
        <TextField
          label={translate("app.auth.reset.new_password")}
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={tooShort || Boolean(errors.password)}
          helperText={tooShort ? translate("app.errors.validation.min_length", { min: MIN_PASSWORD_LENGTH }) : (errors.password ?? " ")}
          required
        />
        <TextField
          label={translate("app.auth.reset.password_confirmation")}
          type="password"
          autoComplete="new-password"
          value={confirmation}
          onChange={(event) => setConfirmation(event.target.value)}
          error={mismatch || Boolean(errors.password_confirmation)}
          helperText={mismatch ? translate("app.auth.reset.mismatch") : (errors.password_confirmation ?? " ")}
          required
        />
        <Button type="submit" variant="contained" disabled={busy || !password || !confirmation || tooShort || mismatch}>
          {translate("app.auth.reset.submit")}
        </Button>
      </Box>
      <Box sx={{ mt: 2, textAlign: "center" }}>
        <Link component={RouterLink} to="/auth/login">
          {translate("app.auth.login.back_to_login")}
        </Link>
      </Box>
    </AuthCard>
  );
}
