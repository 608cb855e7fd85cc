import { useEffect, useState } from "react";
import { Autocomplete, Button, Checkbox, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, TextField } from "@mui/material";
import { useTranslate } from "react-admin";
import { BulkProgress } from "../../resources/common/gridKit/BulkActions";
import { useRequest } from "../../resources/common/useRequest";

interface Colleague {
  id: number;
  name: string;
  email: string;
  organization: string | null;
}
const k = (key: string) => `app.compliance.dashboard.assign.${key}`;

/**
 * Chooses the colleague the picked worklist rows go to (or nobody, to take them back), then shows the run's progress;
 * the grid kit's results say each row's outcome. The picker asks the server as the user types, so it offers exactly
 * the colleagues an assignment accepts.
 */
export function AssignDialog({
  open,
  count,
  progress,
  onClose,
  onConfirm,
}: {
  open: boolean;
  count: number;
  progress: { done: number; total: number } | null;
  onClose: () => void;
  onConfirm: (assigneeId: number | null) => void;
}) {
  const translate = useTranslate();
  const { request } = useRequest();
  const [text, setText] = useState("");
  const [options, setOptions] = useState<Colleague[] | null>(null);
  const [choice, setChoice] = useState<Colleague | null>(null);
  const [nobody, setNobody] = useState(false);
  const busy = progress !== null;
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
  const submit = () => {
    onConfirm(nobody ? null : choice!.id);
    setChoice(null);
    setNobody(false);
    setText("");
  };
  return (
    <Dialog open={open} onClose={busy ? undefined : close} fullWidth maxWidth="sm">
      <DialogTitle>{translate(k("title"), { smart_count: count })}</DialogTitle>
      <DialogContent>
        {progress ? <BulkProgress done={progress.done} total={progress.total} /> : null}
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
        <Button onClick={close} disabled={busy}>
          {translate("ra.action.cancel")}
        </Button>
        <Button variant="contained" disabled={busy || (!nobody && !choice)} onClick={submit}>
          {translate(k("confirm"))}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
