import { useState } from "react";
import { Box, Button, Card, CardContent, Checkbox, FormControlLabel, IconButton, TextField, Typography } from "@mui/material";
import DeleteIcon from "@mui/icons-material/Delete";
import { useDataProvider, useNotify, useTranslate } from "react-admin";
import { useNavigate } from "react-router-dom";
import { SNACK_SHORT } from "../../domain/constants";
import { LocationPicker, NO_LOCATION, type Location } from "../common/LocationPicker";
import { resourcePath } from "../paths";
import type { Lease } from "./types";

interface TenantRow {
  email: string;
  first_name: string;
  last_name: string;
  primary: boolean;
  /** A resident who is not on the lease (a family member) is not a lessee. */
  lessee: boolean;
  /** yyyy-MM-dd, or "" */
  moved_in_at: string;
  moved_out_at: string;
}

const blankTenant = (primary: boolean): TenantRow => ({ email: "", first_name: "", last_name: "", primary, lessee: true, moved_in_at: "", moved_out_at: "" });
/** A stored move-in or move-out moment as the date input shows it. */
const dayOf = (timestamp: string | null) => (timestamp ? timestamp.slice(0, 10) : "");
const f = (key: string) => `resources.leases.fields.${key}`;
const tt = (key: string) => `resources.leases.tenant.${key}`;

/**
 * What the form sends (reference section 4.12): `lease{…}` and top-level `users[…]`, tenants found by email or created.
 * Saving replaces the lease's tenants with those listed, so each goes with its lessee flag and move-in and move-out
 * dates (without them, editing a lease reset every tenant to lessee and erased the dates).
 */
export function leasePayload(location: Location, dates: { start_date: string; end_date: string }, tenants: TenantRow[]) {
  return {
    lease: { insurable_id: location.unit?.id, start_date: dates.start_date, end_date: dates.end_date || null },
    users: tenants.map((t) => ({
      primary: t.primary,
      lessee: t.lessee,
      moved_in_at: t.moved_in_at || null,
      moved_out_at: t.moved_out_at || null,
      user: { email: t.email.trim(), profile_attributes: { first_name: t.first_name.trim(), last_name: t.last_name.trim() } } })),
  };
}

/**
 * Create and edit a lease: the unit through the location pickers (community → building → unit), the dates, and the
 * tenants; a 422's field errors show next to their fields and nothing typed is lost.
 */
export const LeaseForm = ({ lease }: { lease?: Lease }) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const navigate = useNavigate();
  const [location, setLocation] = useState<Location>(
    lease ? { community: lease.community, building: lease.building, unit: lease.unit } : NO_LOCATION,
  );
  const [dates, setDates] = useState({ start_date: lease?.start_date ?? "", end_date: lease?.end_date ?? "" });
  const [tenants, setTenants] = useState<TenantRow[]>(
    lease?.lease_users.length
      ? lease.lease_users.map((u) => ({
          email: u.email,
          first_name: u.first_name ?? "",
          last_name: u.last_name ?? "",
          primary: u.primary,
          lessee: u.lessee,
          moved_in_at: dayOf(u.moved_in_at),
          moved_out_at: dayOf(u.moved_out_at),
        }))
      : [blankTenant(true)],
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const setTenant = (i: number, patch: Partial<TenantRow>) => setTenants(tenants.map((t, j) => (j === i ? { ...t, ...patch } : patch.primary ? { ...t, primary: false } : t)));
  const save = async () => {
    const local: Record<string, string> = {};
    if (!location.unit) local.insurable_id = translate("resources.common.location.select_building_or_unit");
    if (!dates.start_date) local.start_date = translate("ra.validation.required");
    if (dates.start_date && dates.end_date && dates.end_date <= dates.start_date) local.end_date = "End date must be later than Start date";
    setErrors(local);
    if (Object.keys(local).length) return;
    setBusy(true);
    try {
      const data = leasePayload(location, dates, tenants);
      const result = lease
        ? await dataProvider.update("leases", { id: lease.id, data, previousData: lease })
        : await dataProvider.create("leases", { data });
      notify("resources.leases.saved", { type: "success", autoHideDuration: SNACK_SHORT });
      navigate(resourcePath.view("leases", result.data.id));
    } catch (error) {
      const body = (error as { body?: { errors?: Record<string, string>; message?: string } }).body;
      if (body?.errors) setErrors(Object.fromEntries(Object.entries(body.errors).map(([k, v]) => [k.replace(/^lease\./, ""), v])));
      else notify(body?.message ?? "resources.leases.failure", { type: "error" });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card>
      <CardContent sx={{ display: "grid", gap: 2 }}>
        <LocationPicker value={location} onChange={setLocation} error={errors.insurable_id} />
        <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", md: "1fr 1fr" } }}>
          <TextField type="date" label={translate(f("start_date"))} value={dates.start_date} onChange={(e) => setDates({ ...dates, start_date: e.target.value })} error={Boolean(errors.start_date)} helperText={errors.start_date} slotProps={{ inputLabel: { shrink: true } }} required />
          <TextField type="date" label={translate(f("end_date"))} value={dates.end_date} onChange={(e) => setDates({ ...dates, end_date: e.target.value })} error={Boolean(errors.end_date)} helperText={errors.end_date} slotProps={{ inputLabel: { shrink: true } }} />
        </Box>
        <Typography variant="subtitle1">{translate(f("tenants"))}</Typography>
        {errors.users && <Typography color="error">{errors.users}</Typography>}
        {tenants.map((tenant, i) => {
          const err = (k: string) => errors[`users.${i}.user.${k}`];
          return (
            <Box key={i} role="group" aria-label={tenant.email || translate(f("tenants"))} sx={{ display: "grid", gap: 1, gridTemplateColumns: { xs: "1fr", md: "2fr 1fr 1fr 1fr 1fr auto auto auto" }, alignItems: "start" }}>
              <TextField label={translate(tt("email"))} value={tenant.email} onChange={(e) => setTenant(i, { email: e.target.value })} error={Boolean(err("email"))} helperText={err("email")} />
              <TextField label={translate(tt("first_name"))} value={tenant.first_name} onChange={(e) => setTenant(i, { first_name: e.target.value })} error={Boolean(err("profile_attributes.first_name"))} helperText={err("profile_attributes.first_name")} />
              <TextField label={translate(tt("last_name"))} value={tenant.last_name} onChange={(e) => setTenant(i, { last_name: e.target.value })} error={Boolean(err("profile_attributes.last_name"))} helperText={err("profile_attributes.last_name")} />
              <TextField type="date" label={translate(tt("moved_in_at"))} value={tenant.moved_in_at} onChange={(e) => setTenant(i, { moved_in_at: e.target.value })} error={Boolean(errors[`users.${i}.moved_in_at`])} helperText={errors[`users.${i}.moved_in_at`]} slotProps={{ inputLabel: { shrink: true } }} />
              <TextField type="date" label={translate(tt("moved_out_at"))} value={tenant.moved_out_at} onChange={(e) => setTenant(i, { moved_out_at: e.target.value })} error={Boolean(errors[`users.${i}.moved_out_at`])} helperText={errors[`users.${i}.moved_out_at`]} slotProps={{ inputLabel: { shrink: true } }} />
              <FormControlLabel control={<Checkbox checked={tenant.primary} onChange={(e) => setTenant(i, { primary: e.target.checked })} />} label={translate(tt("primary"))} />
              <FormControlLabel control={<Checkbox checked={tenant.lessee} onChange={(e) => setTenant(i, { lessee: e.target.checked })} />} label={translate(tt("lessee"))} />
              <IconButton aria-label={translate("resources.leases.actions.remove_tenant")} disabled={tenants.length === 1} onClick={() => setTenants(tenants.filter((_, j) => j !== i))}>
                <DeleteIcon />
              </IconButton>
            </Box>
          );
        })}
        <Box sx={{ display: "flex", gap: 1 }}>
          <Button onClick={() => setTenants([...tenants, blankTenant(false)])}>{translate("resources.leases.actions.add_tenant")}</Button>
          <Box sx={{ flex: 1 }} />
          <Button variant="contained" onClick={save} disabled={busy}>
            {translate("resources.leases.actions.save")}
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
};
