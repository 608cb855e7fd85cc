import { Alert, Box, Button, TextField, Typography } from "@mui/material";
import { useDataProvider, useTranslate } from "react-admin";
import { type FormEvent, useState } from "react";
import type { AppDataProvider } from "../../dataProvider";
import { AuthCard, BackToLogin } from "./AuthCard";

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** /auth/forgot-password: asks for a reset link (POST /staff/auth/password); the answer never says if the email exists. */
export function ForgotPasswordPage() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [email, setEmail] = useState("");
  const [state, setState] = useState<"idle" | "busy" | "sent">("idle");
  const [error, setError] = useState<string | null>(null);
  const invalid = email.trim() !== "" && !EMAIL.test(email.trim());

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!EMAIL.test(email.trim())) return;
    setState("busy");
    setError(null);
    try {
      await dataProvider.requestPasswordReset(email.trim());
      setState("sent");
    } catch (e) {
      setError(e instanceof Error && e.message ? e.message : translate("app.errors.something_went_wrong"));
      setState("idle");
    }
  };

  return (
    <AuthCard titleKey="app.auth.reset.request_title">
      {state === "sent" ? (
        <Alert severity="success">{translate("app.auth.reset.request_sent")}</Alert>
      ) : (
        <Box component="form" onSubmit={submit} noValidate sx={{ display: "flex", flexDirection: "column", gap: 2 }}>
          <Typography variant="body2">{translate("app.auth.reset.request_hint")}</Typography>
          {error && <Alert severity="error">{error}</Alert>}
          <TextField
            label={translate("app.auth.login.email")}
            type="email"
            autoComplete="username"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            error={invalid}
            helperText={invalid ? translate("app.errors.validation.email") : " "}
            required
          />
          <Button type="submit" variant="contained" disabled={state === "busy" || !email.trim() || invalid}>
            {translate("app.auth.reset.request_submit")}
          </Button>
        </Box>
      )}
      <BackToLogin />
    </AuthCard>
  );
}
