import { useState } from "react";
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField } from "@mui/material";
import { useTranslate } from "react-admin";
import { CHANGE_REQUEST_ACTIONS } from "../../../domain/policies";
import type { PolicyDetail } from "./types";
import { usePolicyApi } from "./useApi";

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Cancel/Refund (document 2 sections 2, 4, 7): Type and Choose Cancellation Date, both required; SUBMIT asks the
 * browser confirmation of the spec, then files a change request. The policy reloads and the dialog closes.
 */
export const CancelRefundDialog = ({ policy, onClose, onDone }: { policy: PolicyDetail; onClose: () => void; onDone: () => void }) => {
  const translate = useTranslate();
  const { request, notifyResult } = usePolicyApi();
  const [action, setAction] = useState("");
  const [date, setDate] = useState("");
  const [busy, setBusy] = useState(false);
  const valid = Boolean(action) && DATE.test(date);

  const submit = async () => {
    const question = translate("app.policy_detail.cancel_dialog.confirm", {
      number: policy.number,
      name: policy.primary_user?.full_name ?? policy.primary_user?.email ?? "",
      date,
    });
    if (!window.confirm(question)) return;
    setBusy(true);
    try {
      await request("/change_requests/refund", {
        method: "POST",
        body: { change_request: { changeable_id: policy.id, customized_action: action, cancellation_date: date } },
      });
      notifyResult("success", "app.policy_detail.cancel_dialog.success");
      onDone();
    } catch {
      notifyResult("error", "app.policy_detail.cancel_dialog.failure");
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{translate("app.policy_detail.cancel_dialog.title")}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <TextField select required label={translate("app.policy_detail.cancel_dialog.type")} value={action} onChange={(e) => setAction(e.target.value)}>
            {CHANGE_REQUEST_ACTIONS.map((a) => (
              <MenuItem key={a} value={a}>
                {translate(`app.policy_detail.cancel_dialog.options.${a}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            type="date"
            required
            label={translate("app.policy_detail.cancel_dialog.date")}
            value={date}
            onChange={(e) => setDate(e.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate("app.policy_detail.cancel_dialog.cancel")}</Button>
        <Button variant="contained" disabled={!valid || busy} onClick={submit}>
          {translate("app.policy_detail.cancel_dialog.submit")}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
