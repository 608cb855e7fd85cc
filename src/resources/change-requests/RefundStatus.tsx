import { useState } from "react";
import { Alert, Button } from "@mui/material";
import { useCanAccess, useDataProvider, useNotify, useRefresh, useTranslate } from "react-admin";
import type { AppDataProvider } from "../../dataProvider/types";
import { SNACK_SHORT } from "../../domain/constants";
import { formatCents } from "../../domain/money";
import { serverMessage } from "../policies/show/useApi";
import type { Refund } from "./types";

const k = (key: string) => `app.change_requests.${key}`;
const SEVERITY = { succeeded: "success", pending: "info", failed: "error" } as const;

/** Where a cancellation's refund stands: issued, being processed, or refused with the gateway's reason. */
export const RefundStatus = ({ refund, action }: { refund: Pick<Refund, "amount" | "status" | "error">; action?: React.ReactNode }) => {
  const translate = useTranslate();
  return (
    <Alert severity={SEVERITY[refund.status]} action={action} role="status" aria-label={translate(k("show.refund"))}>
      {translate(k(`refund_messages.${refund.amount === 0 ? "none" : refund.status}`), { amount: formatCents(refund.amount), error: refund.error ?? "" })}
    </Alert>
  );
};

/**
 * Retry refund (super admins, as the permission table says): a refused refund, or one the gateway never answered,
 * is tried again; the page reloads with the outcome.
 */
export const RetryRefundButton = ({ refund, path, method, resource }: { refund: Pick<Refund, "status">; path: string; method: "PUT" | "PATCH"; resource: string }) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  const { canAccess } = useCanAccess({ resource, action: "retry_refund" });
  if (!canAccess || refund.status === "succeeded") return null;
  const retry = async () => {
    setBusy(true);
    try {
      await dataProvider.request(path, { method });
      refresh();
    } catch (error) {
      const text = serverMessage(error) ?? translate(k("failure"));
      notify(text, { type: "error", autoHideDuration: SNACK_SHORT, messageArgs: { _: text } });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button color="inherit" size="small" variant="outlined" disabled={busy} onClick={retry}>
      {translate(k("actions.retry_refund"))}
    </Button>
  );
};
