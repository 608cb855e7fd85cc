import { useState } from "react";
import { Autocomplete, Box, Button, Checkbox, Chip, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, MenuItem, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from "@mui/material";
import { Confirm, useCanAccess, useTranslate } from "react-admin";
import { Link as RouterLink } from "react-router-dom";
import { resourcePath } from "../paths";
import { failureText, useRequest, useLoaded } from "../common/useRequest";
import type { Carrier, CarrierAgency, Commission } from "./types";

const t = (key: string) => `resources.carriers.agencies.${key}`;

const AssignDialog = ({ carrier, open, onClose, onDone }: { carrier: Carrier; open: boolean; onClose: () => void; onDone: () => void }) => {
  const translate = useTranslate();
  const { request, say } = useRequest();
  const { rows: agencies } = useLoaded<Array<{ id: number; title: string }>>(open ? `/carriers/${carrier.id}/available_agencies` : "", undefined);
  const [agency, setAgency] = useState<{ id: number; title: string } | null>(null);
  const submit = async () => {
    try {
      await request("/carriers/assign_agency_to_carrier", { method: "POST", body: { carrier_id: carrier.id, agency_id: agency!.id } });
      say("success", t("assigned"));
      setAgency(null);
      onDone();
    } catch (e) {
      say("error", "resources.carriers.failure", failureText(e));
    }
  };
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="assign-agency-title">
      <DialogTitle id="assign-agency-title">{translate(t("assign_title"))}</DialogTitle>
      <DialogContent sx={{ pt: "8px !important" }}>
        <Autocomplete
          options={agencies ?? []}
          value={agency}
          getOptionLabel={(a) => a.title}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          onChange={(_e, value) => setAgency(value)}
          renderInput={(params) => <TextField {...params} label={translate(t("agency"))} />}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate("resources.carriers.actions.cancel")}</Button>
        <Button variant="contained" disabled={!agency} onClick={submit}>
          {translate("resources.carriers.actions.assign")}
        </Button>
      </DialogActions>
    </Dialog>
  );
};

type Selection = Record<number, { on: boolean; commission: number | "" }>;

const PolicyTypesDialog = ({ carrier, pair, onClose, onDone }: { carrier: Carrier; pair: CarrierAgency; onClose: () => void; onDone: () => void }) => {
  const translate = useTranslate();
  const { request, say } = useRequest();
  const { rows: commissions } = useLoaded<Commission[]>(`/carriers/${carrier.id}/commission_list`);
  const [selection, setSelection] = useState<Selection>(() =>
    Object.fromEntries(
      (carrier.carrier_policy_types ?? []).map((type) => {
        const sold = pair.policy_types.find((p) => p.policy_type_id === type.policy_type_id);
        return [type.policy_type_id, { on: Boolean(sold), commission: sold?.commission_strategy_id ?? "" }];
      }),
    ),
  );
  const save = async () => {
    const policy_types = Object.entries(selection)
      .filter(([, v]) => v.on)
      .map(([id, v]) => ({ policy_type_id: Number(id), commission_strategy_id: v.commission === "" ? null : v.commission }));
    try {
      await request(`/carrier-agencies/${pair.id}/update_policy_types`, { method: "PUT", body: { policy_types } });
      say("success", t("saved"));
      onDone();
    } catch (e) {
      say("error", "resources.carriers.failure", failureText(e));
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="policy-types-title">
      <DialogTitle id="policy-types-title">{translate(t("edit_policy_types"), { agency: pair.agency_title })}</DialogTitle>
      <DialogContent sx={{ display: "grid", gap: 1 }}>
        {(carrier.carrier_policy_types ?? []).map((type) => {
          const value = selection[type.policy_type_id];
          return (
            <Box key={type.policy_type_id} sx={{ display: "grid", gridTemplateColumns: "1fr 1fr", alignItems: "center", gap: 2 }}>
              <FormControlLabel
                control={<Checkbox checked={value.on} onChange={(e) => setSelection({ ...selection, [type.policy_type_id]: { ...value, on: e.target.checked } })} />}
                label={type.title}
              />
              <TextField
                select
                size="small"
                label={translate(t("commission"))}
                value={value.commission}
                disabled={!value.on}
                onChange={(e) => setSelection({ ...selection, [type.policy_type_id]: { ...value, commission: e.target.value === "" ? "" : Number(e.target.value) } })}
              >
                <MenuItem value="">&nbsp;</MenuItem>
                {(commissions ?? []).map((c) => (
                  <MenuItem key={c.id} value={c.id}>
                    {c.title} ({c.percentage}%)
                  </MenuItem>
                ))}
              </TextField>
            </Box>
          );
        })}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate("resources.carriers.actions.cancel")}</Button>
        <Button variant="contained" onClick={save}>
          {translate("resources.carriers.actions.save")}
        </Button>
      </DialogActions>
    </Dialog>
  );
};

/** Agencies tab (issue 14): assigned agencies with their policy types and commissions; super admins assign, edit, unassign. */
export const CarrierAgenciesTab = ({ carrier }: { carrier: Carrier }) => {
  const translate = useTranslate();
  const { request, say } = useRequest();
  const { rows, reload } = useLoaded<CarrierAgency[]>(`/carriers/${carrier.id}/carrier_agencies`);
  const { canAccess: canAssign } = useCanAccess({ resource: "carrier-agencies", action: "create" });
  const { canAccess: canEdit } = useCanAccess({ resource: "carrier-agencies", action: "edit" });
  const { canAccess: canUnassign } = useCanAccess({ resource: "carrier-agencies", action: "delete" });
  const { canAccess: canOpenAgency } = useCanAccess({ resource: "agencies", action: "show" });
  const [assigning, setAssigning] = useState(false);
  const [editing, setEditing] = useState<CarrierAgency | null>(null);
  const [unassigning, setUnassigning] = useState<CarrierAgency | null>(null);
  const unassign = async () => {
    try {
      await request(`/carrier-agencies/${unassigning!.id}/unassign`, { method: "PUT" });
      say("success", t("unassigned"));
      reload();
    } catch (e) {
      say("error", "resources.carriers.failure", failureText(e));
    }
    setUnassigning(null);
  };
  return (
    <>
      {canAssign && (
        <Box sx={{ mb: 1 }}>
          <Button variant="outlined" onClick={() => setAssigning(true)}>
            {translate(t("assign_title"))}
          </Button>
        </Box>
      )}
      {rows && rows.length === 0 ? (
        <Typography>{translate(t("none"))}</Typography>
      ) : (
        <Table size="small" aria-label={translate("resources.carriers.tabs.agencies")}>
          <TableHead>
            <TableRow>
              <TableCell>{translate(t("agency"))}</TableCell>
              <TableCell>{translate(t("policy_types"))}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {(rows ?? []).map((pair) => (
              <TableRow key={pair.id}>
                <TableCell>{canOpenAgency ? <RouterLink to={`${resourcePath.view("agencies", pair.agency_id)}/carriers`}>{pair.agency_title}</RouterLink> : pair.agency_title}</TableCell>
                <TableCell>
                  {pair.policy_types.map((p) => (
                    <Chip key={p.id} size="small" sx={{ mr: 0.5 }} label={p.commission_strategy_title ? `${p.title} · ${p.commission_strategy_title}` : p.title} />
                  ))}
                </TableCell>
                <TableCell align="right">
                  {canEdit && <Button onClick={() => setEditing(pair)}>{translate(t("policy_types"))}</Button>}
                  {canUnassign && (
                    <Button color="error" onClick={() => setUnassigning(pair)}>
                      {translate("resources.carriers.actions.unassign")}
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <AssignDialog
        carrier={carrier}
        open={assigning}
        onClose={() => setAssigning(false)}
        onDone={() => {
          setAssigning(false);
          reload();
        }}
      />
      {editing && (
        <PolicyTypesDialog
          carrier={carrier}
          pair={editing}
          onClose={() => setEditing(null)}
          onDone={() => {
            setEditing(null);
            reload();
          }}
        />
      )}
      <Confirm
        isOpen={Boolean(unassigning)}
        title="resources.carriers.actions.unassign"
        content={translate(t("unassign_confirm"), { agency: unassigning?.agency_title ?? "" })}
        onConfirm={unassign}
        onClose={() => setUnassigning(null)}
      />
    </>
  );
};
