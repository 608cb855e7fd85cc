import { useEffect, useState } from "react";
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, TextField, Typography } from "@mui/material";
import { useDataProvider, useTranslate } from "react-admin";
import { CARRIER_PICKER_SIZE } from "../../domain/constants";
import { failureText, useRequest } from "../../resources/common/useRequest";

const k = (key: string) => `app.reports.bordereau.${key}`;

/**
 * The bordereau request (POST /reports/bordereau_reports, super admins; issue 13 §1): a period and optionally one
 * carrier; the server mails the XLSX and answers its message, shown as is. Its field errors (an impossible date, a
 * reversed or too long period) show under the fields, and what was typed stays.
 */
export function BordereauDialog({ onClose }: { onClose: () => void }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  const { request, say } = useRequest();
  const [carriers, setCarriers] = useState<Array<{ id: number; title: string }>>([]);
  const [form, setForm] = useState({ from: "", to: "", carrier_id: "" });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    void dataProvider
      .getList<{ id: number; title: string }>("carriers", { pagination: { page: 1, perPage: CARRIER_PICKER_SIZE }, sort: { field: "title", order: "ASC" }, filter: {} })
      .then(({ data }) => setCarriers(data))
      .catch(() => setCarriers([]));
  }, [dataProvider]);

  const send = async () => {
    setBusy(true);
    setErrors({});
    try {
      const { json } = await request<{ message: string }>("/reports/bordereau_reports", {
        method: "POST",
        body: { from: form.from, to: form.to, ...(form.carrier_id ? { carrier_id: Number(form.carrier_id) } : {}) },
      });
      say("success", json.message, json.message);
      onClose();
    } catch (error) {
      const fieldErrors = (error as { body?: { errors?: Record<string, string> } }).body?.errors;
      if (fieldErrors && typeof fieldErrors === "object") setErrors(fieldErrors);
      else say("error", "app.reports.request_failed", failureText(error));
    } finally {
      setBusy(false);
    }
  };

  const set = (field: keyof typeof form) => (event: React.ChangeEvent<HTMLInputElement>) => {
    setForm({ ...form, [field]: event.target.value });
    // An error stays until its field is changed: then it is the server's to judge again.
    setErrors(({ [field]: _changed, ...rest }) => rest);
  };
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>{translate(k("title"))}</DialogTitle>
      <DialogContent sx={{ display: "grid", gap: 2, pt: "8px !important" }}>
        <Typography variant="body2" color="text.secondary">
          {translate(k("explain"))}
        </Typography>
        <TextField type="date" label={translate(k("from"))} value={form.from} onChange={set("from")} required slotProps={{ inputLabel: { shrink: true } }} error={!!errors.from} helperText={errors.from} />
        <TextField type="date" label={translate(k("to"))} value={form.to} onChange={set("to")} required slotProps={{ inputLabel: { shrink: true } }} error={!!errors.to} helperText={errors.to} />
        <TextField select label={translate(k("carrier"))} value={form.carrier_id} onChange={set("carrier_id")} slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }} error={!!errors.carrier_id} helperText={errors.carrier_id}>
          <MenuItem value="">{translate(k("all_carriers"))}</MenuItem>
          {carriers.map((carrier) => (
            <MenuItem key={carrier.id} value={String(carrier.id)}>
              {carrier.title}
            </MenuItem>
          ))}
        </TextField>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate(k("cancel"))}</Button>
        <Button variant="contained" onClick={send} disabled={busy || !form.from || !form.to}>
          {translate(k("send"))}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
