import { useState } from "react";
import { Button, Confirm, useListContext, useNotify, useRefresh, useTranslate } from "react-admin";
import { CloseNotificationButton } from "../../authProvider/AppNotification";
import { SNACK_LONG } from "../../domain/constants";
import { useRequest } from "../common/useRequest";
import type { ChargeResult } from "./InvoiceStatus";

/**
 * Charge on the selected invoices: one POST /invoices/charge_multiple after the policy page's confirmation (document
 * 2 section 4), then each invoice's answer is handed to the grid, which shows it under the invoice's number as the
 * policy page does. Only chargeable rows can be selected (isRowSelectable); the server checks again.
 */
export const ChargeInvoicesButton = ({ onResults }: { onResults: (results: Record<number, ChargeResult["result"]>) => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const { request } = useRequest();
  const { selectedIds, onUnselectItems } = useListContext();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  const charge = async () => {
    setBusy(true);
    try {
      const { json } = await request<ChargeResult[]>("/invoices/charge_multiple", { method: "POST", body: { ids: selectedIds } });
      onResults(Object.fromEntries(json.map((r) => [r.invoice.id, r.result])));
      onUnselectItems();
      refresh();
    } catch {
      notify("app.policy_billing.failure", { type: "error", autoHideDuration: SNACK_LONG, action: <CloseNotificationButton label="app.policy_billing.ok" /> });
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };

  return (
    <>
      <Button label="resources.invoices.actions.charge" disabled={busy || selectedIds.length === 0} onClick={() => setConfirming(true)} />
      <Confirm
        isOpen={confirming}
        loading={busy}
        title="app.policy_billing.confirm_title"
        content={translate("app.policy_billing.confirm", { count: selectedIds.length })}
        confirm="app.policy_billing.yes"
        onConfirm={charge}
        onClose={() => setConfirming(false)}
      />
    </>
  );
};
