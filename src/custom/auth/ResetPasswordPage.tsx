import { Alert, Link } from "@mui/material";
import { useDataProvider, useNotify, useTranslate } from "react-admin";
import { useState } from "react";
import { Link as RouterLink, useNavigate, useParams } from "react-router-dom";
import type { AppDataProvider } from "../../dataProvider";
import { SNACK_LONG } from "../../domain/constants";
import { AuthCard, BackToLogin } from "./AuthCard";
import { fieldErrorsOf, type FormErrors, NewPasswordForm } from "./NewPasswordForm";

const LABELS = { password: "app.auth.reset.new_password", confirmation: "app.auth.reset.password_confirmation", submit: "app.auth.reset.submit" };

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
  const [errors, setErrors] = useState<FormErrors>({});
  const [busy, setBusy] = useState(false);

  const submit = async (password: string, confirmation: string) => {
    setBusy(true);
    try {
      const answer = await dataProvider.resetPassword({ password, password_confirmation: confirmation, reset_password_token: token });
      notify(answer.message || "app.auth.reset.done", { type: "success", autoHideDuration: SNACK_LONG });
      navigate("/auth/login");
    } catch (e) {
      setErrors(fieldErrorsOf(e) ?? { base: translate("app.errors.something_went_wrong") });
      setBusy(false);
    }
  };

  return (
    <AuthCard titleKey="app.auth.reset.new_password_title">
      <NewPasswordForm labels={LABELS} errors={errors} busy={busy} onSubmit={submit}>
        {errors.reset_password_token && (
          <Alert severity="error">
            {translate("app.shell.auth.reset_link_invalid", { error: errors.reset_password_token })}{" "}
            <Link component={RouterLink} to="/auth/forgot-password">
              {translate("app.shell.auth.ask_new_link")}
            </Link>
          </Alert>
        )}
        {errors.base && <Alert severity="error">{errors.base}</Alert>}
      </NewPasswordForm>
      <BackToLogin />
    </AuthCard>
  );
}
