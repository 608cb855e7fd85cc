import { useState } from "react";
import { Button } from "@mui/material";
import { Confirm, useDataProvider, useNotify, useTranslate } from "react-admin";
import type { AppDataProvider } from "../../dataProvider/types";
import { SNACK_SHORT } from "../../domain/constants";
import { serverMessage } from "../../resources/policies/show/useApi";

const k = (key: string) => `app.review.expired.${key}`;

/**
 * Schedules the declination job (POST /policies/schedule_declination_job): every proof whose expiration date has
 * passed is declined in the background with "Policy has already expired", and the property managers are mailed.
 */
export function DeclineExpiredButton({ onScheduled }: { onScheduled: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  const schedule = async () => {
    setBusy(true);
    try {
      const { json } = await dataProvider.request<{ message?: string }>("/policies/schedule_declination_job", { method: "POST", body: {} });
      notify(json?.message ?? k("scheduled"), { type: "success", autoHideDuration: SNACK_SHORT, messageArgs: { _: json?.message ?? translate(k("scheduled")) } });
      onScheduled();
    } catch (error) {
      const text = serverMessage(error);
      notify(text ?? "app.review.failure", { type: "error", autoHideDuration: SNACK_SHORT, messageArgs: { _: text ?? translate("app.review.failure") } });
    } finally {
      setBusy(false);
      setOpen(false);
    }
  };

  return (
    <>
      <Button variant="outlined" onClick={() => setOpen(true)}>
        {translate(k("button"))}
      </Button>
      <Confirm isOpen={open} loading={busy} title={k("title")} content={k("confirm")} onConfirm={() => void schedule()} onClose={() => setOpen(false)} />
    </>
  );
}
