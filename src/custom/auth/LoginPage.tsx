import { Alert, Box, Button, Link, TextField } from "@mui/material";
import { useLogin, useTranslate } from "react-admin";
import { type FormEvent, useState } from "react";
import { Link as RouterLink } from "react-router-dom";
import { clearRouteHistory } from "../../layout/routeHistory";
import { AuthCard } from "./AuthCard";

/**
 * /auth/login (document 1 section 2.1). The authProvider's login answers where to go: the return_url of this
 * address when it is a path of this site, otherwise /dashboard.
 */
export function LoginPage() {
  const translate = useTranslate();
  const login = useLogin();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await login({ email: email.trim(), password });
      // A new session starts its own route history (the back button never returns to another session's pages).
      clearRouteHistory();
    } catch (e) {
      // The email typed stays; only the password is cleared (document 1 section 8 gives the message).
      setError(e instanceof Error && e.message ? e.message : translate("app.auth.invalid_credentials"));
      setPassword("");
      setBusy(false);
    }
  };

  return (
    <AuthCard titleKey="app.auth.login.title">
      <Box component="form" onSubmit={submit} noValidate sx={{ display: "flex", flexDirection: "column", gap: 2, mt: 1 }}>
        {error && <Alert severity="error">{error}</Alert>}
        <TextField
          label={translate("app.auth.login.email")}
          type="email"
          autoComplete="username"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          required
        />
        <TextField
          label={translate("app.auth.login.password")}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          required
        />
        <Button type="submit" variant="contained" size="large" disabled={busy || !email.trim() || !password}>
          {translate("app.auth.login.sign_in")}
        </Button>
        <Link component={RouterLink} to="/auth/forgot-password" align="center">
          {translate("app.auth.login.forgot_password")}
        </Link>
      </Box>
    </AuthCard>
  );
}
