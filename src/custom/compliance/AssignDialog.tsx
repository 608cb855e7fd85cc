import { useEffect, useState } from "react";
import { Autocomplete, Button, Checkbox, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, TextField } from "@mui/material";
import { useTranslate } from "react-admin";
import { failureText, useRequest } from "../../resources/common/useRequest";
import type { ListName } from "./Worklist";

interface Colleague {
  id: number;
  name: string;
  email: string;
  organization: string | null;
}
interface Outcome {
  assigned: number[];
  skipped: number[];
  out_of_reach: number[];
}
const k = (key: string) => `app.compliance.dashboard.assign.${key}`;

/**
 * Gives the picked worklist rows to a colleague (or back to nobody). The picker asks the server as the user types, so it
 * offers exactly the colleagues an assignment accepts; the outcome says how many rows the colleague got and why others
 * did not move.
 */
export function AssignDialog({ open, worklist, ids, onClose, onDone }: { open: boolean; worklist: ListName; ids: number[]; onClose: () => void; onDone: () => void }) {
  const translate = useTranslate();
  const { request, say } = useRequest();
  const [text, setText] = useState("");
  const [options, setOptions] = useState<Colleague[] | null>(null);
  const [choice, setChoice] = useState<Colleague | null>(null);
  const [nobody, setNobody] = useState(false);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!open) return undefined;
    const controller = new AbortController();
    setOptions(null);
    // A short pause so a name typed quickly costs one request.
    const timer = setTimeout(() => {
      request<Colleague[]>("/compliance/colleagues", { query: { q: text.trim() }, signal: controller.signal }).then(
        ({ json }) => setOptions(json),
        () => !controller.signal.aborted && setOptions([]),
      );
    }, 250);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [open, text, request]);
  const close = () => {
    setChoice(null);
    setNobody(false);
    setText("");
    onClose();
  };
  const submit = async () => {
    setBusy(true);
    try {
      const { json } = await request<Outcome>("/compliance/assignments", { method: "POST", body: { worklist, ids, assignee_id: nobody ? null : choice!.id } });
      say("success", k("done"), translate(k("done"), { assigned: json.assigned.length, skipped: json.skipped.length, out_of_reach: json.out_of_reach.length }));
      setChoice(null);
      setNobody(false);
      setText("");
      onDone();
    } catch (e) {
      say("error", k("failed"), failureText(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm">
      <DialogTitle>{translate(k("title"), { smart_count: ids.length })}</DialogTitle>
      <DialogContent>
        <Autocomplete
          sx={{ mt: 1 }}
          disabled={nobody}
          options={options ?? []}
          loading={options === null}
          loadingText={translate("ra.page.loading")}
          noOptionsText={translate(k("no_colleague"))}
          value={choice}
          onChange={(_e, value) => setChoice(value)}
          inputValue={text}
          onInputChange={(_e, value) => setText(value)}
          filterOptions={(all) => all}
          getOptionLabel={(o) => [o.name, o.organization].filter(Boolean).join(" · ")}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          renderInput={(params) => <TextField {...params} label={translate(k("colleague"))} />}
        />
        <FormControlLabel control={<Checkbox checked={nobody} onChange={(e) => setNobody(e.target.checked)} />} label={translate(k("nobody"))} />
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{translate("ra.action.cancel")}</Button>
        <Button variant="contained" disabled={busy || (!nobody && !choice)} onClick={() => void submit()}>
          {translate(k("confirm"))}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
