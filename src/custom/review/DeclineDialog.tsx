import { useState } from "react";
import { Button, Checkbox, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, FormGroup, TextField, Typography } from "@mui/material";
import { useTranslate } from "react-admin";
import { DECLINE_REASON_KEYS, type DeclineChoice, type DeclineReasonKey, declineTexts, declineValid, reasonForDigit } from "./declineReasons";

const k = (key: string) => `app.coverage_proof.decline.${key}`;

export interface DeclineDialogProps {
  /** The caller's title. */
  title: string;
  onCancel: () => void;
  onDecline: (reasons: string[], moveNext: boolean) => void;
  /** Offers 'Move to next item in queue after submitting' (ticked by default) when a next item exists. */
  nextItemExists?: boolean;
  busy?: boolean;
  /** Reasons ticked from the start (assisted review's suggestions). */
  initialReasons?: DeclineReasonKey[];
}

/**
 * The decline dialog (document 2 sections 2 and 5): the 10 fixed reasons and Other with its text, CANCEL and
 * YES, DECLINE (disabled until valid); the reasons go back as the texts to store.
 */
export const DeclineDialog = ({ title, onCancel, onDecline, nextItemExists = false, busy = false, initialReasons = [] }: DeclineDialogProps) => {
  const translate = useTranslate();
  const [choice, setChoice] = useState<DeclineChoice>({ reasons: initialReasons, other: false, otherText: "" });
  const [moveNext, setMoveNext] = useState(true);
  const [touched, setTouched] = useState(false);
  const valid = declineValid(choice);
  const toggle = (key: DeclineReasonKey) =>
    setChoice((c) => ({ ...c, reasons: c.reasons.includes(key) ? c.reasons.filter((r) => r !== key) : [...c.reasons, key] }));
  const otherError = choice.other && touched && !choice.otherText.trim();

  return (
    <Dialog
      open
      onClose={onCancel}
      fullWidth
      maxWidth="sm"
      aria-labelledby="decline-title"
      onKeyDown={(e) => {
        // Digits tick reasons (1–9, 0 for the tenth) unless the reviewer is typing the Other reason.
        if ((e.target as HTMLElement).tagName === "TEXTAREA" || (e.target as HTMLElement).tagName === "INPUT" && (e.target as HTMLInputElement).type === "text") return;
        const key = reasonForDigit(e.key);
        if (key) {
          e.preventDefault();
          toggle(key);
        }
      }}
    >
      <DialogTitle id="decline-title">{title}</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 1 }}>{translate(k("subtitle"))}</Typography>
        <FormGroup>
          {DECLINE_REASON_KEYS.map((key) => (
            <FormControlLabel key={key} control={<Checkbox checked={choice.reasons.includes(key)} onChange={() => toggle(key)} />} label={translate(k(`reasons.${key}`))} />
          ))}
          <FormControlLabel control={<Checkbox checked={choice.other} onChange={(e) => setChoice((c) => ({ ...c, other: e.target.checked }))} />} label={translate(k("other"))} />
        </FormGroup>
        {choice.other && (
          <TextField
            fullWidth
            required
            multiline
            minRows={2}
            label={translate(k("other_text"))}
            value={choice.otherText}
            onChange={(e) => setChoice((c) => ({ ...c, otherText: e.target.value }))}
            onBlur={() => setTouched(true)}
            error={otherError}
            helperText={otherError ? translate(k("required")) : undefined}
          />
        )}
        {nextItemExists && valid && (
          <FormControlLabel sx={{ mt: 1 }} control={<Checkbox checked={moveNext} onChange={(e) => setMoveNext(e.target.checked)} />} label={translate(k("move_next"))} />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{translate(k("cancel"))}</Button>
        <Button
          variant="contained"
          color="error"
          disabled={!valid || busy}
          onClick={() => onDecline(declineTexts(choice, (key) => translate(k(`reasons.${key}`))), nextItemExists && moveNext)}
        >
          {translate(k("submit"))}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
