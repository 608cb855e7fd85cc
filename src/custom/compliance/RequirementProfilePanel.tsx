import { useEffect, useState } from "react";
import { Alert, Box, Button, Checkbox, CircularProgress, FormControlLabel, MenuItem, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from "@mui/material";
import { useTranslate } from "react-admin";
import { formatLongDate } from "../../domain/format";
import { type HistoryChanges, historyValue } from "../../domain/history";
import { formatCents, fromCents, toCents } from "../../domain/money";
import { AM_BEST_RATINGS, type ProfileSource, type RequirementProfile } from "../../domain/requirements";
import { failureText, useLoaded, useRequest } from "../../resources/common/useRequest";

interface ProfileAnswer {
  stored: RequirementProfile | null;
  profile: RequirementProfile;
  source: ProfileSource;
  account_profile?: RequirementProfile;
  history: Array<{ id: number; created_at: string; author: string; action: string; data: HistoryChanges }>;
}

/** The form's text values (money in dollars as typed). */
interface Draft {
  minimum_liability: string;
  additional_interest_required: boolean;
  additional_interest_name: string;
  additional_interest_address: string;
  accepted_carriers: string;
  minimum_carrier_rating: string;
  maximum_deductible: string;
  landlord_listed: boolean;
  grace_period_days: string;
  reminder_days: string;
}

const k = (key: string) => `app.compliance.profile.${key}`;

const draftOf = (p: RequirementProfile): Draft => ({
  minimum_liability: p.minimum_liability === null ? "" : String(fromCents(p.minimum_liability)),
  additional_interest_required: p.additional_interest_required,
  additional_interest_name: p.additional_interest_name ?? "",
  additional_interest_address: p.additional_interest_address ?? "",
  accepted_carriers: p.accepted_carriers.join(", "),
  minimum_carrier_rating: p.minimum_carrier_rating ?? "",
  maximum_deductible: p.maximum_deductible === null ? "" : String(fromCents(p.maximum_deductible)),
  landlord_listed: p.landlord_listed,
  grace_period_days: p.grace_period_days === null ? "" : String(p.grace_period_days),
  reminder_days: (p.reminder_days ?? []).join(", "),
});

const profileOf = (d: Draft): RequirementProfile => ({
  minimum_liability: d.minimum_liability.trim() ? toCents(d.minimum_liability) : null,
  additional_interest_required: d.additional_interest_required,
  additional_interest_name: d.additional_interest_name.trim() || null,
  additional_interest_address: d.additional_interest_address.trim() || null,
  accepted_carriers: d.accepted_carriers
    .split(",")
    .map((c) => c.trim())
    .filter(Boolean),
  minimum_carrier_rating: d.minimum_carrier_rating || null,
  maximum_deductible: d.maximum_deductible.trim() ? toCents(d.maximum_deductible) : null,
  landlord_listed: d.landlord_listed,
  grace_period_days: d.grace_period_days.trim() ? Number(d.grace_period_days) : null,
  reminder_days: d.reminder_days.split(",").map((v) => v.trim()).filter(Boolean).map(Number),
});

/** One line per rule of a profile, as the panels and the review show them. */
export function describeProfile(profile: RequirementProfile, translate: (key: string, options?: object) => string): string[] {
  const lines: string[] = [];
  if (profile.minimum_liability !== null) lines.push(translate(k("says.minimum_liability"), { amount: formatCents(profile.minimum_liability) }));
  if (profile.additional_interest_required && profile.additional_interest_name)
    lines.push(translate(k("says.additional_interest"), { name: [profile.additional_interest_name, profile.additional_interest_address].filter(Boolean).join(", ") }));
  if (profile.landlord_listed) lines.push(translate(k("says.landlord_listed")));
  if (profile.accepted_carriers.length) lines.push(translate(k("says.accepted_carriers"), { carriers: profile.accepted_carriers.join(", ") }));
  if (profile.minimum_carrier_rating) lines.push(translate(k("says.carrier_rating"), { rating: profile.minimum_carrier_rating }));
  if (profile.maximum_deductible !== null) lines.push(translate(k("says.maximum_deductible"), { amount: formatCents(profile.maximum_deductible) }));
  if (profile.grace_period_days !== null) lines.push(translate(k("says.grace_period"), { smart_count: profile.grace_period_days }));
  if (profile.reminder_days?.length) lines.push(translate(k("says.reminder_days"), { days: profile.reminder_days.join(", ") }));
  return lines;
}

/**
 * The requirement profile of an account or a community (issue 17 section 1): what applies now and where it comes
 * from, the form for those who may edit, and the profile's history. A community without its own profile follows the
 * account's; an account without one keeps its minimum liability and additional interest.
 */
export function RequirementProfilePanel({ path, canEdit, community = false }: { path: string; canEdit: boolean; community?: boolean }) {
  const translate = useTranslate();
  const { request, say } = useRequest();
  const { rows: answer, failed, reload } = useLoaded<ProfileAnswer>(path);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (answer) setDraft(draftOf(answer.stored ?? answer.profile));
  }, [answer]);

  if (failed) return <Alert severity="error">{translate(k("failed"))}</Alert>;
  if (!answer || !draft) return <CircularProgress size={24} />;

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft({ ...draft, [key]: value });
  const save = async () => {
    setBusy(true);
    setErrors({});
    try {
      await request(path, { method: "PUT", body: { requirement_profile: profileOf(draft) } });
      say("success", k("saved"));
      reload();
    } catch (e) {
      const body = (e as { body?: { errors?: Record<string, string> } }).body;
      if (body?.errors && typeof body.errors === "object") setErrors(body.errors);
      say("error", k("failed"), failureText(e));
    } finally {
      setBusy(false);
    }
  };
  const remove = async () => {
    setBusy(true);
    try {
      await request(path, { method: "DELETE" });
      say("success", k("removed"));
      reload();
    } catch (e) {
      say("error", k("failed"), failureText(e));
    } finally {
      setBusy(false);
    }
  };
  const money = (key: "minimum_liability" | "maximum_deductible") => (
    <TextField
      label={translate(k(`fields.${key}`))}
      value={draft[key]}
      onChange={(e) => set(key, e.target.value.replace(/[^0-9.]/g, ""))}
      error={Boolean(errors[key])}
      helperText={errors[key] ?? translate(k("dollars"))}
      disabled={!canEdit}
      size="small"
      inputProps={{ inputMode: "decimal" }}
    />
  );

  return (
    <Box sx={{ display: "grid", gap: 2 }} data-testid="requirement-profile">
      <Alert severity={answer.source === "default" ? "info" : "success"}>
        {translate(k(`source.${answer.source}`))}
        <Box component="ul" sx={{ m: 0, pl: 2 }}>
          {describeProfile(answer.profile, translate).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </Box>
      </Alert>
      <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", md: "1fr 1fr" } }}>
        {money("minimum_liability")}
        {money("maximum_deductible")}
        <TextField
          label={translate(k("fields.accepted_carriers"))}
          value={draft.accepted_carriers}
          onChange={(e) => set("accepted_carriers", e.target.value)}
          helperText={translate(k("carriers_help"))}
          disabled={!canEdit}
          size="small"
        />
        <TextField
          select
          label={translate(k("fields.minimum_carrier_rating"))}
          value={draft.minimum_carrier_rating}
          onChange={(e) => set("minimum_carrier_rating", e.target.value)}
          error={Boolean(errors.minimum_carrier_rating)}
          helperText={errors.minimum_carrier_rating}
          disabled={!canEdit}
          size="small"
        >
          <MenuItem value="">{translate(k("no_rating"))}</MenuItem>
          {AM_BEST_RATINGS.map((r) => (
            <MenuItem key={r} value={r}>
              {r}
            </MenuItem>
          ))}
        </TextField>
        <FormControlLabel
          control={<Checkbox checked={draft.additional_interest_required} onChange={(e) => set("additional_interest_required", e.target.checked)} disabled={!canEdit} />}
          label={translate(k("fields.additional_interest_required"))}
        />
        <FormControlLabel
          control={<Checkbox checked={draft.landlord_listed} onChange={(e) => set("landlord_listed", e.target.checked)} disabled={!canEdit} />}
          label={translate(k("fields.landlord_listed"))}
        />
        <TextField
          label={translate(k("fields.additional_interest_name"))}
          value={draft.additional_interest_name}
          onChange={(e) => set("additional_interest_name", e.target.value)}
          error={Boolean(errors.additional_interest_name)}
          helperText={errors.additional_interest_name}
          disabled={!canEdit}
          size="small"
        />
        <TextField
          label={translate(k("fields.additional_interest_address"))}
          value={draft.additional_interest_address}
          onChange={(e) => set("additional_interest_address", e.target.value)}
          disabled={!canEdit}
          size="small"
        />
        <TextField
          label={translate(k("fields.grace_period_days"))}
          value={draft.grace_period_days}
          onChange={(e) => set("grace_period_days", e.target.value.replace(/\D/g, "").slice(0, 3))}
          error={Boolean(errors.grace_period_days)}
          helperText={errors.grace_period_days ?? translate(k("grace_help"))}
          disabled={!canEdit}
          size="small"
          inputProps={{ inputMode: "numeric" }}
        />
        {!community && (
          <TextField
            label={translate(k("fields.reminder_days"))}
            value={draft.reminder_days}
            onChange={(e) => set("reminder_days", e.target.value.replace(/[^\d, ]/g, "").slice(0, 30))}
            error={Boolean(errors.reminder_days)}
            helperText={errors.reminder_days ?? translate(k("reminder_help"))}
            disabled={!canEdit}
            size="small"
          />
        )}
      </Box>
      {canEdit && (
        <Box sx={{ display: "flex", gap: 1 }}>
          <Button variant="contained" onClick={() => void save()} disabled={busy}>
            {translate(k("save"))}
          </Button>
          {community && answer.stored && (
            <Button variant="outlined" onClick={() => void remove()} disabled={busy}>
              {translate(k("use_account"))}
            </Button>
          )}
        </Box>
      )}
      <Typography variant="subtitle2">{translate(k("history"))}</Typography>
      {answer.history.length === 0 ? (
        <Typography color="text.secondary">{translate(k("no_history"))}</Typography>
      ) : (
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{translate(k("when"))}</TableCell>
              <TableCell>{translate(k("who"))}</TableCell>
              <TableCell>{translate(k("changes"))}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {answer.history.map((row) => (
              <TableRow key={row.id}>
                <TableCell>{`${formatLongDate(row.created_at)} ${new Date(row.created_at).toLocaleTimeString("en-US")}`}</TableCell>
                <TableCell>{row.author}</TableCell>
                <TableCell>
                  {Object.entries(row.data ?? {})
                    .map(([field, change]) => `${field.replace("requirement_profile.", "")}: ${historyValue(change, change.previous_value)} → ${historyValue(change, change.new_value)}`)
                    .join("; ")}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}
