import { useState } from "react";
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from "@mui/material";
import { Confirm, useCanAccess, useTranslate } from "react-admin";
import { formatCents, toCents } from "../../domain/money";
import { useCurrentUser } from "../../layout/useCurrentUser";
import { failureText, useRequest, useLoaded } from "../common/useRequest";
import { FEE_AMOUNT_TYPES, FEE_TYPES, type Carrier, type CarrierAgency, type Fee } from "./types";

const t = (key: string) => `resources.carriers.fees.${key}`;

/** A fee's amount: dollars for FLAT, percent for PERCENTAGE (both stored ×100). */
export const feeAmount = (fee: Pick<Fee, "amount" | "amount_type">) => (fee.amount_type === "FLAT" ? formatCents(fee.amount) : `${(fee.amount / 100).toFixed(2)}%`);

const AddFeeDialog = ({ carrier, agencies, onClose, onDone }: { carrier: Carrier; agencies: CarrierAgency[]; onClose: () => void; onDone: () => void }) => {
  const translate = useTranslate();
  const { request, say } = useRequest();
  const { user } = useCurrentUser();
  const superAdmin = user?.role === "super_admin";
  const [form, setForm] = useState({ title: "", amount: "", amount_type: "FLAT", type: "ORIGINATION", agency_id: superAdmin ? "" : String(agencies[0]?.agency_id ?? "") });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) => setForm({ ...form, [key]: e.target.value });
  const submit = async () => {
    const amount = toCents(form.amount);
    if (amount === null || Number.isNaN(amount)) {
      setErrors({ amount: translate("ra.validation.number") });
      return;
    }
    try {
      await request(`/carriers/${carrier.id}/add_fees`, {
        method: "POST",
        body: { fee: { title: form.title, amount, amount_type: form.amount_type, type: form.type, agency_id: form.agency_id ? Number(form.agency_id) : null } },
      });
      say("success", t("added"));
      onDone();
    } catch (e) {
      const body = (e as { body?: { errors?: Record<string, string> } }).body;
      if (body?.errors) setErrors(Object.fromEntries(Object.entries(body.errors).map(([k, v]) => [k.replace(/^fee\./, ""), v])));
      else say("error", "resources.carriers.failure", failureText(e));
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="add-fee-title">
      <DialogTitle id="add-fee-title">{translate(t("add_title"))}</DialogTitle>
      <DialogContent sx={{ display: "grid", gap: 2, pt: "8px !important" }}>
        <TextField label={translate(t("title"))} value={form.title} onChange={set("title")} error={Boolean(errors.title)} helperText={errors.title} required />
        <TextField label={translate(t("amount"))} value={form.amount} onChange={set("amount")} error={Boolean(errors.amount)} helperText={errors.amount} required inputMode="decimal" />
        <TextField select label={translate(t("amount_type"))} value={form.amount_type} onChange={set("amount_type")}>
          {FEE_AMOUNT_TYPES.map((v) => (
            <MenuItem key={v} value={v}>
              {translate(`${t("amount_types")}.${v}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField select label={translate(t("type"))} value={form.type} onChange={set("type")}>
          {FEE_TYPES.map((v) => (
            <MenuItem key={v} value={v}>
              {translate(`${t("types")}.${v}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField select label={translate(t("agency"))} value={form.agency_id} onChange={set("agency_id")} error={Boolean(errors.agency_id)} helperText={errors.agency_id}>
          {superAdmin && <MenuItem value="">{translate(t("carrier_wide"))}</MenuItem>}
          {agencies.map((a) => (
            <MenuItem key={a.agency_id} value={String(a.agency_id)}>
              {a.agency_title}
            </MenuItem>
          ))}
        </TextField>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate("resources.carriers.actions.cancel")}</Button>
        <Button variant="contained" disabled={!form.title.trim() || !form.amount} onClick={submit}>
          {translate("resources.carriers.actions.add")}
        </Button>
      </DialogActions>
    </Dialog>
  );
};

/** Fees tab: FLAT or PERCENTAGE; ORIGINATION, RENEWAL, REINSTATEMENT, MISC. Agents add to their agencies; deleting is the super admin's. */
export const CarrierFeesTab = ({ carrier }: { carrier: Carrier }) => {
  const translate = useTranslate();
  const { request, say } = useRequest();
  const { rows, reload } = useLoaded<Fee[]>(`/carriers/${carrier.id}/fees_list`);
  const { rows: agencies } = useLoaded<CarrierAgency[]>(`/carriers/${carrier.id}/carrier_agencies`);
  const { canAccess: canAdd } = useCanAccess({ resource: "carrier-fees", action: "create" });
  const { canAccess: canDelete } = useCanAccess({ resource: "carrier-fees", action: "delete" });
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<Fee | null>(null);
  const remove = async () => {
    try {
      await request(`/carriers/${carrier.id}/delete_fee`, { query: { fee_id: deleting!.id } });
      say("success", t("deleted"));
      reload();
    } catch (e) {
      say("error", "resources.carriers.failure", failureText(e));
    }
    setDeleting(null);
  };
  return (
    <>
      {canAdd && (
        <Box sx={{ mb: 1 }}>
          <Button variant="outlined" onClick={() => setAdding(true)}>
            {translate(t("add_title"))}
          </Button>
        </Box>
      )}
      {rows && rows.length === 0 ? (
        <Typography>{translate(t("none"))}</Typography>
      ) : (
        <Table size="small" aria-label={translate("resources.carriers.tabs.fees")}>
          <TableHead>
            <TableRow>
              <TableCell>{translate(t("title"))}</TableCell>
              <TableCell>{translate(t("amount"))}</TableCell>
              <TableCell>{translate(t("type"))}</TableCell>
              <TableCell>{translate(t("agency"))}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {(rows ?? []).map((fee) => (
              <TableRow key={fee.id}>
                <TableCell>{fee.title}</TableCell>
                <TableCell>{feeAmount(fee)}</TableCell>
                <TableCell>{translate(`${t("types")}.${fee.type}`)}</TableCell>
                <TableCell>{fee.agency_title ?? translate(t("carrier_wide"))}</TableCell>
                <TableCell align="right">
                  {canDelete && (
                    <Button color="error" onClick={() => setDeleting(fee)}>
                      {translate("resources.carriers.actions.delete")}
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {adding && (
        <AddFeeDialog
          carrier={carrier}
          agencies={agencies ?? []}
          onClose={() => setAdding(false)}
          onDone={() => {
            setAdding(false);
            reload();
          }}
        />
      )}
      <Confirm
        isOpen={Boolean(deleting)}
        title="resources.carriers.actions.delete"
        content={translate(t("delete_confirm"), { title: deleting?.title ?? "" })}
        onConfirm={remove}
        onClose={() => setDeleting(null)}
      />
    </>
  );
};
