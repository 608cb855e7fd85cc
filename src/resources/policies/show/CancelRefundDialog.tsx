import { useEffect, useState } from "react";
import { Autocomplete, Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField } from "@mui/material";
import { useDataProvider, useTranslate } from "react-admin";
import { formatLongDate } from "../../../domain/format";
import { withinTerm } from "../../../domain/refunds";
import { CHANGE_REQUEST_ACTIONS, REFUNDABLE_POLICY_STATUSES } from "../../../domain/policies";
import type { PolicyDetail } from "./types";
import { serverMessage, usePolicyApi } from "./useApi";

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The policy a request is for: what the confirmation names, and its term (the dates a cancellation may take). */
export type RefundTarget = Pick<PolicyDetail, "id" | "number" | "primary_user" | "effective_date" | "expiration_date">;

/**
 * A refundable in-system policy found by number, for the refund request made from the change requests screen
 * (document 3: "a refund request can be created").
 */
function PolicyPicker({ value, onChange }: { value: RefundTarget | null; onChange: (policy: RefundTarget | null) => void }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  const [text, setText] = useState("");
  const [options, setOptions] = useState<RefundTarget[]>([]);
  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => {
      dataProvider
        .getList<RefundTarget>("policies", {
          filter: { policy_in_system: true, status: [...REFUNDABLE_POLICY_STATUSES], ...(text.trim() ? { number: { like: text.trim() } } : {}) },
          pagination: { page: 1, perPage: 20 },
          sort: { field: "number", order: "ASC" },
        })
        .then(({ data }) => live && setOptions(data))
        .catch(() => live && setOptions([]));
    }, 300);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [dataProvider, text]);
  return (
    <Autocomplete
      options={options}
      value={value}
      filterOptions={(o) => o}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionLabel={(o) => [o.number, o.primary_user?.full_name].filter(Boolean).join(" · ")}
      onInputChange={(_e, next, reason) => reason === "input" && setText(next)}
      onChange={(_e, next) => onChange(next)}
      noOptionsText={translate("app.policy_detail.cancel_dialog.no_policies")}
      renderInput={(params) => <TextField {...params} required label={translate("app.policy_detail.cancel_dialog.policy")} />}
    />
  );
}

/**
 * Cancel/Refund (document 2 sections 2, 4, 7): Type and Choose Cancellation Date, both required; SUBMIT asks the
 * browser confirmation of the spec, then files a change request. The policy reloads and the dialog closes. Without a
 * policy (the change requests screen's Refund), the policy is picked first.
 */
export const CancelRefundDialog = ({ policy: given, onClose, onDone }: { policy: RefundTarget | null; onClose: () => void; onDone: () => void }) => {
  const translate = useTranslate();
  const { request, notifyResult } = usePolicyApi();
  const [picked, setPicked] = useState<RefundTarget | null>(null);
  const policy = given ?? picked;
  const [action, setAction] = useState("");
  const [date, setDate] = useState("");
  const [busy, setBusy] = useState(false);
  const inTerm = Boolean(policy) && DATE.test(date) && withinTerm(date, policy!.effective_date, policy!.expiration_date);
  const valid = Boolean(policy) && Boolean(action) && inTerm;

  const submit = async () => {
    if (!policy) return;
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
    } catch (error) {
      // The server says why it refused (a date outside the term, a request already pending); the spec's text otherwise.
      notifyResult("error", "app.policy_detail.cancel_dialog.failure", serverMessage(error));
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{translate("app.policy_detail.cancel_dialog.title")}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          {!given && <PolicyPicker value={picked} onChange={setPicked} />}
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
            error={DATE.test(date) && !inTerm}
            helperText={
              policy?.effective_date && policy.expiration_date
                ? translate("app.policy_detail.cancel_dialog.term", { start: formatLongDate(policy.effective_date), end: formatLongDate(policy.expiration_date) })
                : undefined
            }
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: policy?.effective_date ?? undefined, max: policy?.expiration_date ?? undefined } }}
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
