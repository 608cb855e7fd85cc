import { Box, Button, MenuItem, Switch, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from "@mui/material";
import { useState } from "react";
import { useCanAccess, useTranslate } from "react-admin";
import { humanizeEnum } from "../../domain/format";
import { failureText, useLoaded, useRequest } from "../common/useRequest";
import type { Insurable } from "./types";

type Trait = string | number | boolean | null;

export interface CarrierProfile {
  id: number;
  carrier_id: number;
  carrier_title: string;
  external_carrier_id: string | null;
  traits: Record<string, Trait>;
}

interface Profiles {
  data: CarrierProfile[];
  available_carriers: Array<{ id: number; title: string }>;
}

const t = (key: string) => `resources.insurable.carrier_profile.${key}`;

/** A trait's label: the catalogue's when it names it, else its key in words. */
function useTraitLabel() {
  const translate = useTranslate();
  return (key: string) => translate(t(`traits.${key}`), { _: humanizeEnum(key) });
}

const shown = (value: Trait, yes: string, no: string) => (value === null || value === "" ? "—" : typeof value === "boolean" ? (value ? yes : no) : String(value));

/** One carrier's profile: read, or edited in place (each trait keeps its kind: a switch, a number, text). */
function ProfileCard({ profile, canEdit, onSaved }: { profile: CarrierProfile; canEdit: boolean; onSaved: () => void }) {
  const translate = useTranslate();
  const label = useTraitLabel();
  const { request, say } = useRequest();
  const [draft, setDraft] = useState<{ external: string; traits: Record<string, Trait> } | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = async () => {
    if (!draft) return;
    try {
      await request(`/carrier-insurable-profiles/${profile.id}`, { method: "PUT", body: { carrier_insurable_profile: { external_carrier_id: draft.external.trim() || null, traits: draft.traits } } });
      say("success", t("saved"));
      setDraft(null);
      setErrors({});
      onSaved();
    } catch (e) {
      const body = (e as { body?: { errors?: Record<string, string> } }).body;
      setErrors(body?.errors ?? {});
      say("error", "resources.insurable.failure", failureText(e));
    }
  };
  const input = (key: string, value: Trait, original: Trait) => {
    const set = (next: Trait) => setDraft((d) => (d ? { ...d, traits: { ...d.traits, [key]: next } } : d));
    const error = errors[`traits.${key}`];
    if (typeof original === "boolean") return <Switch checked={value === true} onChange={(e) => set(e.target.checked)} slotProps={{ input: { "aria-label": label(key) } }} />;
    return (
      <TextField
        size="small"
        type={typeof original === "number" || /_year$/.test(key) ? "number" : "text"}
        value={value ?? ""}
        onChange={(e) => set(e.target.value === "" ? null : typeof original === "number" || /_year$/.test(key) ? Number(e.target.value) : e.target.value)}
        error={Boolean(error)}
        helperText={error}
        slotProps={{ htmlInput: { "aria-label": label(key) } }}
      />
    );
  };
  return (
    <Box component="section" aria-label={profile.carrier_title} sx={{ mb: 3 }}>
      <Box sx={{ display: "flex", alignItems: "center", gap: 2, mb: 1 }}>
        <Typography variant="subtitle1" component="h3" sx={{ flexGrow: 1 }}>
          {profile.carrier_title}
        </Typography>
        {canEdit && !draft && (
          <Button size="small" variant="outlined" onClick={() => setDraft({ external: profile.external_carrier_id ?? "", traits: { ...profile.traits } })}>
            {translate(t("edit"))}
          </Button>
        )}
        {draft && (
          <>
            <Button size="small" onClick={() => (setDraft(null), setErrors({}))}>
              {translate(t("cancel"))}
            </Button>
            <Button size="small" variant="contained" onClick={() => void save()}>
              {translate(t("save"))}
            </Button>
          </>
        )}
      </Box>
      <Table size="small" aria-label={`${profile.carrier_title} ${translate(t("title"))}`}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: "40%" }}>{translate(t("trait"))}</TableCell>
            <TableCell>{translate(t("value"))}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          <TableRow>
            <TableCell>{translate(t("external_carrier_id"))}</TableCell>
            <TableCell>
              {draft ? (
                <TextField size="small" value={draft.external} onChange={(e) => setDraft({ ...draft, external: e.target.value })} slotProps={{ htmlInput: { "aria-label": translate(t("external_carrier_id")) } }} />
              ) : (
                (profile.external_carrier_id ?? "—")
              )}
            </TableCell>
          </TableRow>
          {Object.entries(profile.traits).map(([key, value]) => (
            <TableRow key={key}>
              <TableCell>{label(key)}</TableCell>
              <TableCell>{draft ? input(key, draft.traits[key] ?? null, value) : shown(value, translate("ra.boolean.true"), translate("ra.boolean.false"))}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/** Carrier Profile (communities): each in-system carrier's id for the property and the traits it rates by. */
export const CarrierProfileTab = ({ insurable }: { insurable: Pick<Insurable, "id"> }) => {
  const translate = useTranslate();
  const { canAccess: canEdit = false } = useCanAccess({ resource: "insurable", action: "edit" });
  const { request, say } = useRequest();
  const { rows, failed, reload } = useLoaded<Profiles>(`/insurables/${insurable.id}/carrier-insurable-profiles`);
  const [carrier, setCarrier] = useState<number | "">("");
  if (failed) return <Typography color="error">{translate("resources.insurable.failure")}</Typography>;
  if (!rows) return null;
  const add = async () => {
    try {
      await request(`/insurables/${insurable.id}/carrier-insurable-profiles`, { method: "POST", body: { carrier_insurable_profile: { carrier_id: carrier } } });
      say("success", t("added"));
      setCarrier("");
      reload();
    } catch (e) {
      say("error", "resources.insurable.failure", failureText(e));
    }
  };
  return (
    <>
      {rows.data.length === 0 && <Typography sx={{ mb: 2 }}>{translate(t("none"))}</Typography>}
      {rows.data.map((profile) => (
        <ProfileCard key={profile.id} profile={profile} canEdit={canEdit} onSaved={reload} />
      ))}
      {canEdit && rows.available_carriers.length > 0 && (
        <Box sx={{ display: "flex", gap: 2, alignItems: "center" }}>
          <TextField select size="small" label={translate(t("carrier"))} value={carrier === "" ? "" : String(carrier)} onChange={(e) => setCarrier(Number(e.target.value))} sx={{ minWidth: 260 }}>
            {rows.available_carriers.map((c) => (
              <MenuItem key={c.id} value={String(c.id)}>
                {c.title}
              </MenuItem>
            ))}
          </TextField>
          <Button variant="outlined" disabled={carrier === ""} onClick={() => void add()}>
            {translate(t("add"))}
          </Button>
        </Box>
      )}
    </>
  );
};
