import { Alert, Typography } from "@mui/material";
import { useDataProvider, useLogin, useTranslate } from "react-admin";
import { useEffect, useState } from "react";
import { useParams } from "react-router-dom";
import type { AppDataProvider } from "../../dataProvider";
import { AuthCard, BackToLogin } from "./AuthCard";
import { fieldErrorsOf, type FormErrors, NewPasswordForm } from "./NewPasswordForm";

const LABELS = { password: "app.auth.invitation.password", confirmation: "app.auth.invitation.password_confirmation", submit: "app.auth.invitation.submit" };

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
  const [errors, setErrors] = useState<FormErrors>({});
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

  const submit = async (password: string, confirmation: string) => {
    if (!invitee) return;
    setBusy(true);
    try {
      await dataProvider.acceptInvitation({ invitation_token: token, password, password_confirmation: confirmation });
      await login({ email: invitee.email, password });
    } catch (e) {
      const message = e instanceof Error && e.message ? e.message : translate("app.errors.something_went_wrong");
      setErrors(fieldErrorsOf(e) ?? { base: message });
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
        <NewPasswordForm labels={LABELS} errors={errors} busy={busy} onSubmit={submit}>
          <Typography>{translate("app.auth.invitation.greeting", { name: invitee.full_name || invitee.email, email: invitee.email })}</Typography>
          {errors.base && <Alert severity="error">{errors.base}</Alert>}
        </NewPasswordForm>
      )}
      <BackToLogin />
    </AuthCard>
  );
}
