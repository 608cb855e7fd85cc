import { useEffect, useState } from "react";
import { Alert, Autocomplete, Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from "@mui/material";
import { useDataProvider, useRefresh, useTranslate } from "react-admin";
import { CARRIER_PICKER_SIZE } from "../../domain/constants";
import { failureText, useRequest } from "../common/useRequest";
import type { Carrier } from "./types";

/**
 * Merge (issue 14): pick out-of-system carriers to merge into a target; the picker loads up to 3000 carriers sorted by
 * title (document 3 section 9). The server refuses in-system ones with its reason, shown here.
 */
export const MergeCarriersDialog = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  const refresh = useRefresh();
  const { request, say } = useRequest();
  const [all, setAll] = useState<Carrier[]>([]);
  const [target, setTarget] = useState<Carrier | null>(null);
  const [merged, setMerged] = useState<Carrier[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open) return;
    setTarget(null);
    setMerged([]);
    setError(null);
    void dataProvider
      .getList<Carrier>("carriers", { pagination: { page: 1, perPage: CARRIER_PICKER_SIZE }, sort: { field: "title", order: "ASC" }, filter: {} })
      .then(({ data }) => setAll(data));
  }, [open, dataProvider]);

  const submit = async () => {
    if (!target) return;
    setBusy(true);
    try {
      const { json } = await request<{ merged: unknown[]; policies_moved: number }>(`/carriers/${target.id}/merge`, {
        method: "POST",
        body: { carriers_to_merge_ids: merged.map((c) => c.id) },
      });
      say("success", translate("resources.carriers.merge.done", { count: json.merged.length, policies: json.policies_moved }));
      refresh();
      onClose();
    } catch (e) {
      setError(failureText(e) ?? translate("resources.carriers.failure"));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="merge-carriers-title">
      <DialogTitle id="merge-carriers-title">{translate("resources.carriers.merge.title")}</DialogTitle>
      <DialogContent sx={{ display: "grid", gap: 2, pt: "8px !important" }}>
        <Alert severity="info">{translate("resources.carriers.merge.hint")}</Alert>
        <Autocomplete
          options={all}
          value={target}
          getOptionLabel={(c) => c.title}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          onChange={(_e, value) => {
            setTarget(value);
            setMerged((m) => m.filter((c) => c.id !== value?.id));
          }}
          renderInput={(params) => <TextField {...params} label={translate("resources.carriers.merge.target")} />}
        />
        <Autocomplete
          multiple
          options={all.filter((c) => c.integration_designation === "out_of_system" && c.id !== target?.id)}
          value={merged}
          getOptionLabel={(c) => c.title}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          onChange={(_e, value) => setMerged(value)}
          renderInput={(params) => <TextField {...params} label={translate("resources.carriers.merge.carriers")} />}
        />
        {error && <Alert severity="error">{error}</Alert>}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate("resources.carriers.actions.cancel")}</Button>
        <Button variant="contained" onClick={submit} disabled={!target || merged.length === 0 || busy}>
          {translate("resources.carriers.merge.submit")}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
