import { useState } from "react";
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from "@mui/material";
import { useCanAccess, useTranslate } from "react-admin";
import { failureText, useRequest, useLoaded } from "../common/useRequest";
import type { Carrier, CarrierAgency, Commission } from "./types";

const t = (key: string) => `resources.carriers.commissions.${key}`;

const CommissionDialog = ({ carrier, agencies, commission, onClose, onDone }: { carrier: Carrier; agencies: CarrierAgency[]; commission: Commission | null; onClose: () => void; onDone: () => void }) => {
  const translate = useTranslate();
  const { request, say } = useRequest();
  const [form, setForm] = useState({
    title: commission?.title ?? "",
    percentage: commission ? String(commission.percentage) : "",
    recipient: commission ? `${commission.recipient_type}:${commission.recipient_id}` : `Carrier:${carrier.id}`,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) => setForm({ ...form, [key]: e.target.value });
  const submit = async () => {
    const [recipient_type, recipientId] = form.recipient.split(":");
    const body = { title: form.title, percentage: Number(form.percentage), recipient_type, recipient_id: Number(recipientId) };
    try {
      if (commission) await request(`/carriers/${carrier.id}/update_commission`, { method: "PUT", body: { commission: { id: commission.id, ...body } } });
      else await request(`/carriers/${carrier.id}/add_commissions`, { method: "POST", body: { commission: body } });
      say("success", t("saved"));
      onDone();
    } catch (e) {
      const fieldErrors = (e as { body?: { errors?: Record<string, string> } }).body?.errors;
      if (fieldErrors) setErrors(Object.fromEntries(Object.entries(fieldErrors).map(([k, v]) => [k.replace(/^commission\./, ""), v])));
      else say("error", "resources.carriers.failure", failureText(e));
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="commission-title">
      <DialogTitle id="commission-title">{translate(t(commission ? "edit_title" : "add_title"))}</DialogTitle>
      <DialogContent sx={{ display: "grid", gap: 2, pt: "8px !important" }}>
        <TextField label={translate(t("title"))} value={form.title} onChange={set("title")} error={Boolean(errors.title)} helperText={errors.title} required />
        <TextField label={translate(t("percentage"))} value={form.percentage} onChange={set("percentage")} error={Boolean(errors.percentage)} helperText={errors.percentage} required inputMode="decimal" />
        <TextField select label={translate(t("recipient"))} value={form.recipient} onChange={set("recipient")} error={Boolean(errors.recipient_id)} helperText={errors.recipient_id}>
          <MenuItem value={`Carrier:${carrier.id}`}>
            {translate(`${t("recipient_types")}.Carrier`)}: {carrier.title}
          </MenuItem>
          {agencies.map((a) => (
            <MenuItem key={a.agency_id} value={`Agency:${a.agency_id}`}>
              {translate(`${t("recipient_types")}.Agency`)}: {a.agency_title}
            </MenuItem>
          ))}
        </TextField>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate("resources.carriers.actions.cancel")}</Button>
        <Button variant="contained" disabled={!form.title.trim() || form.percentage === ""} onClick={submit}>
          {translate("resources.carriers.actions.save")}
        </Button>
      </DialogActions>
    </Dialog>
  );
};

/** Commissions tab: percentage and recipient (the carrier or an assigned agency); super admins add and update. */
export const CarrierCommissionsTab = ({ carrier }: { carrier: Carrier }) => {
  const translate = useTranslate();
  const { rows, reload } = useLoaded<Commission[]>(`/carriers/${carrier.id}/commission_list`);
  const { rows: agencies } = useLoaded<CarrierAgency[]>(`/carriers/${carrier.id}/carrier_agencies`);
  const { canAccess: canAdd } = useCanAccess({ resource: "carrier-commissions", action: "create" });
  const { canAccess: canEdit } = useCanAccess({ resource: "carrier-commissions", action: "edit" });
  const [editing, setEditing] = useState<Commission | "new" | null>(null);
  return (
    <>
      {canAdd && (
        <Box sx={{ mb: 1 }}>
          <Button variant="outlined" onClick={() => setEditing("new")}>
            {translate(t("add_title"))}
          </Button>
        </Box>
      )}
      {rows && rows.length === 0 ? (
        <Typography>{translate(t("none"))}</Typography>
      ) : (
        <Table size="small" aria-label={translate("resources.carriers.tabs.commissions")}>
          <TableHead>
            <TableRow>
              <TableCell>{translate(t("title"))}</TableCell>
              <TableCell>{translate(t("percentage"))}</TableCell>
              <TableCell>{translate(t("recipient"))}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {(rows ?? []).map((c) => (
              <TableRow key={c.id}>
                <TableCell>{c.title}</TableCell>
                <TableCell>{c.percentage}%</TableCell>
                <TableCell>
                  {translate(`${t("recipient_types")}.${c.recipient_type}`)}: {c.recipient_title}
                </TableCell>
                <TableCell align="right">{canEdit && <Button onClick={() => setEditing(c)}>{translate("resources.carriers.actions.edit")}</Button>}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {editing && (
        <CommissionDialog
          carrier={carrier}
          agencies={agencies ?? []}
          commission={editing === "new" ? null : editing}
          onClose={() => setEditing(null)}
          onDone={() => {
            setEditing(null);
            reload();
          }}
        />
      )}
    </>
  );
};
