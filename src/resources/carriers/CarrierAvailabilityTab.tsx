import { useEffect, useState } from "react";
import { Box, Button, Checkbox, FormControlLabel, Typography } from "@mui/material";
import { useCanAccess, useTranslate } from "react-admin";
import { failureText, useRequest, useLoaded } from "../common/useRequest";
import type { Availability, Carrier } from "./types";

const t = (key: string) => `resources.carriers.availability.${key}`;

/** Availability tab: per policy type, the 50 states and DC where the carrier writes it; super admins switch and save. */
export const CarrierAvailabilityTab = ({ carrier }: { carrier: Carrier }) => {
  const translate = useTranslate();
  const { request, say } = useRequest();
  const { rows, reload } = useLoaded<Availability[]>("/carrier-policy-type-availabilities", { carrier_id: carrier.id });
  const { canAccess: canEdit } = useCanAccess({ resource: "carrier-availabilities", action: "edit" });
  const [draft, setDraft] = useState<Record<number, boolean>>({});
  useEffect(() => setDraft(Object.fromEntries((rows ?? []).map((r) => [r.id, r.available]))), [rows]);
  if (rows && rows.length === 0) return <Typography>{translate(t("none"))}</Typography>;
  const types = [...new Map((rows ?? []).map((r) => [r.policy_type_id, r.policy_type_title])).entries()];
  const changed = (rows ?? []).filter((r) => draft[r.id] !== undefined && draft[r.id] !== r.available);
  const save = async () => {
    try {
      await request("/carrier-policy-type-availabilities", { method: "PUT", body: { carrier_id: carrier.id, availabilities: changed.map((r) => ({ id: r.id, available: draft[r.id] })) } });
      say("success", t("saved"));
      reload();
    } catch (e) {
      say("error", "resources.carriers.failure", failureText(e));
    }
  };
  return (
    <>
      {types.map(([typeId, title]) => (
        <Box key={typeId} component="section" aria-label={title ?? String(typeId)} sx={{ mb: 2 }}>
          <Typography variant="subtitle1">{title}</Typography>
          <Box sx={{ display: "grid", gridTemplateColumns: "repeat(auto-fill, minmax(90px, 1fr))" }}>
            {(rows ?? [])
              .filter((r) => r.policy_type_id === typeId)
              .map((r) => (
                <FormControlLabel
                  key={r.id}
                  label={r.state}
                  control={<Checkbox size="small" checked={draft[r.id] ?? r.available} disabled={!canEdit} onChange={(e) => setDraft({ ...draft, [r.id]: e.target.checked })} />}
                />
              ))}
          </Box>
        </Box>
      ))}
      {canEdit && (
        <Button variant="contained" disabled={changed.length === 0} onClick={save}>
          {translate("resources.carriers.actions.save")}
        </Button>
      )}
    </>
  );
};
