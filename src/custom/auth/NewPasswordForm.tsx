import { Box, Button, TextField } from "@mui/material";
import { HttpError, useTranslate } from "react-admin";
import { type FormEvent, type ReactNode, useState } from "react";
import { MIN_PASSWORD_LENGTH } from "../../domain/passwords";

/** A form's messages: one per field the server named, or `base` for the whole form. */
export type FormErrors = Record<string, string>;

/** The field messages of a 422 (`{errors: {field: message}}`), or null for any other failure. */
export function fieldErrorsOf(e: unknown): FormErrors | null {
  const body = e instanceof HttpError ? (e.body as { errors?: unknown }) : null;
  return body?.errors && typeof body.errors === "object" && !Array.isArray(body.errors) ? (body.errors as FormErrors) : null;
}

interface NewPasswordFormProps {
  /** Catalogue keys of the two fields and the button: the reset and invitation screens word them differently. */
  labels: { password: string; confirmation: string; submit: string };
  errors: FormErrors;
  busy: boolean;
  /** Called with a password of the minimum length that its confirmation repeats. */
  onSubmit: (password: string, confirmation: string) => void;
  /** What stands above the fields (the greeting, the messages). */
  children?: ReactNode;
}

/**
 * A new password typed twice, for the reset-password and accept-invitation screens: the length rule and the mismatch
 * are said under the fields as the user types, the server's field messages otherwise, and the button waits for both.
 */
export function NewPasswordForm({ labels, errors, busy, onSubmit, children }: NewPasswordFormProps) {
  const translate = useTranslate();
  const [password, setPassword] = useState("");
  const [confirmation, setConfirmation] = useState("");
  const tooShort = password !== "" && password.length < MIN_PASSWORD_LENGTH;
  const mismatch = confirmation !== "" && confirmation !== password;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!password || !confirmation || tooShort || mismatch) return;
    onSubmit(password, confirmation);
  };

  return (
    <Box component="form" onSubmit={submit} noValidate sx={{ display: "flex", flexDirection: "column", gap: 2 }}>
      {children}
      <TextField
        label={translate(labels.password)}
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={tooShort || Boolean(errors.password)}
        helperText={tooShort ? translate("app.errors.validation.min_length", { min: MIN_PASSWORD_LENGTH }) : (errors.password ?? " ")}
        required
      />
      <TextField
        label={translate(labels.confirmation)}
        type="password"
        autoComplete="new-password"
        value={confirmation}
        onChange={(event) => setConfirmation(event.target.value)}
        error={mismatch || Boolean(errors.password_confirmation)}
        helperText={mismatch ? translate("app.auth.reset.mismatch") : (errors.password_confirmation ?? " ")}
        required
      />
      <Button type="submit" variant="contained" disabled={busy || !password || !confirmation || tooShort || mismatch}>
        {translate(labels.submit)}
      </Button>
    </Box>
  );
}
