import { useState } from "react";
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from "@mui/material";
import { Confirm, useCanAccess, useDataProvider, useNotify, useRecordContext, useRefresh, useTranslate } from "react-admin";
import type { AppDataProvider } from "../../dataProvider/types";
import { SNACK_SHORT } from "../../domain/constants";
import { formatCents } from "../../domain/money";
import { PENDING_CHANGE_REQUEST_STATUSES } from "../../domain/policies";
import { serverMessage } from "../policies/show/useApi";
import type { ChangeRequest } from "./types";

const k = (key: string) => `app.change_requests.${key}`;

/**
 * Approve (the cancellation and refund are carried out) and Decline (with a reason) on a pending request; super
 * admins only, as the permission table says (src/domain/access.ts).
 */
export const ChangeRequestActions = () => {
  const record = useRecordContext<ChangeRequest>();
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const { canAccess: canApprove } = useCanAccess({ resource: "change-requests", action: "approve" });
  const [approving, setApproving] = useState(false);
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState("");
  const [busy, setBusy] = useState(false);
  if (!record || !canApprove || !(PENDING_CHANGE_REQUEST_STATUSES as readonly string[]).includes(record.status)) return null;

  const decide = async (path: string, body?: object) => {
    setBusy(true);
    try {
      const response = await dataProvider.request<ChangeRequest | null>(`/change_requests/${record.id}/${path}`, { method: "PATCH", body });
      // Approval answers the request as it now stands: a refund the gateway refused is a warning, never "Success!".
      const refund = response.json?.refund;
      if (refund?.status === "failed") {
        notify(k("refund_messages.failed"), { type: "warning", messageArgs: { amount: formatCents(refund.amount), error: refund.error ?? "" } });
      } else {
        notify(k("success"), { type: "success", autoHideDuration: SNACK_SHORT });
      }
      refresh();
    } catch (error) {
      const text = serverMessage(error);
      notify(text ?? k("failure"), { type: "error", autoHideDuration: SNACK_SHORT, messageArgs: { _: text ?? k("failure") } });
    } finally {
      setBusy(false);
      setApproving(false);
      setDeclining(false);
    }
  };

  return (
    <Box sx={{ display: "flex", gap: 1 }} onClick={(e) => e.stopPropagation()}>
      <Button size="small" variant="outlined" onClick={() => setApproving(true)}>
        {translate(k("actions.approve"))}
      </Button>
      <Button size="small" color="error" onClick={() => setDeclining(true)}>
        {translate(k("actions.decline"))}
      </Button>
      <Confirm isOpen={approving} loading={busy} title={k("actions.approve")} content={k("approve_confirm")} onConfirm={() => decide("approve")} onClose={() => setApproving(false)} />
      <Dialog open={declining} onClose={() => setDeclining(false)} fullWidth maxWidth="xs">
        <DialogTitle>{translate(k("decline_title"))}</DialogTitle>
        <DialogContent>
          <TextField
            fullWidth
            required
            multiline
            minRows={2}
            sx={{ mt: 1 }}
            label={translate(k("decline_reason"))}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDeclining(false)}>{translate("app.policy_detail.cancel_dialog.cancel")}</Button>
          <Button variant="contained" color="error" disabled={!reason.trim() || busy} onClick={() => decide("decline", { reason: reason.trim() })}>
            {translate(k("actions.decline"))}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
};
