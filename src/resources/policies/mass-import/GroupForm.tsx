import { useState } from "react";
import { Box, Button, FormControl, InputLabel, MenuItem, Select, TextField, Typography } from "@mui/material";
import { useTranslate } from "react-admin";
import { IMPORT_MAX_BYTES } from "../../../domain/rentGuarantee";
import { expirationOf, localToday, t } from "./massImportRules";

export interface GroupFormValues {
  effective_date: string;
  auto_pay: boolean;
  auto_renew: boolean;
  file: File | null;
}

/** The form's values as the multipart body of POST/PUT /policy-application-groups (document 2 section 7). */
export function groupFormData(values: GroupFormValues): FormData {
  const form = new FormData();
  const common = "policy_application_group[common_attributes]";
  form.append(`${common}[effective_date]`, values.effective_date);
  form.append(`${common}[expiration_date]`, expirationOf(values.effective_date));
  form.append(`${common}[auto_pay]`, String(values.auto_pay));
  form.append(`${common}[auto_renew]`, String(values.auto_renew));
  if (values.file) form.append("input_file", values.file, values.file.name);
  return form;
}

/**
 * The mass-import form (document 2 section 5): effective date from today, expiration one year later and disabled,
 * auto pay and auto renew (Yes/No), an xlsx of at most 100 MB (required on add, optional on edit).
 */
export const GroupForm = ({ initial, fileRequired, submitLabel, busy, onSubmit }: { initial?: Partial<GroupFormValues>; fileRequired: boolean; submitLabel: string; busy: boolean; onSubmit: (values: GroupFormValues) => void }) => {
  const translate = useTranslate();
  const today = localToday();
  const [values, setValues] = useState<GroupFormValues>({ effective_date: today, auto_pay: true, auto_renew: true, file: null, ...initial });
  const dateError = !values.effective_date ? translate(t("fields.required")) : values.effective_date < today ? translate(t("fields.min_today")) : null;
  const fileError =
    values.file && !/\.xlsx$/i.test(values.file.name) ? translate(t("fields.xlsx_only")) : values.file && values.file.size > IMPORT_MAX_BYTES ? translate(t("fields.too_large")) : fileRequired && !values.file ? translate(t("fields.required")) : null;
  const yesNo = (field: "auto_pay" | "auto_renew") => (
    <FormControl size="small" sx={{ minWidth: 160 }} required>
      <InputLabel id={`${field}-label`}>{translate(t(`fields.${field}`))}</InputLabel>
      <Select labelId={`${field}-label`} label={translate(t(`fields.${field}`))} value={values[field] ? "yes" : "no"} onChange={(e) => setValues((v) => ({ ...v, [field]: e.target.value === "yes" }))}>
        <MenuItem value="yes">{translate(t("yes"))}</MenuItem>
        <MenuItem value="no">{translate(t("no"))}</MenuItem>
      </Select>
    </FormControl>
  );
  return (
    <Box component="form" sx={{ display: "flex", flexDirection: "column", gap: 2, maxWidth: 520 }} onSubmit={(e) => { e.preventDefault(); if (!dateError && !fileError) onSubmit(values); }}>
      <TextField
        size="small"
        type="date"
        required
        label={translate(t("fields.effective_date"))}
        value={values.effective_date}
        onChange={(e) => setValues((v) => ({ ...v, effective_date: e.target.value }))}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: today } }}
        error={Boolean(dateError)}
        helperText={dateError ?? " "}
      />
      <TextField size="small" type="date" disabled label={translate(t("fields.expiration_date"))} value={expirationOf(values.effective_date)} slotProps={{ inputLabel: { shrink: true } }} />
      <Box sx={{ display: "flex", gap: 2 }}>
        {yesNo("auto_pay")}
        {yesNo("auto_renew")}
      </Box>
      <Box sx={{ display: "flex", gap: 2, alignItems: "center" }}>
        <Button variant="outlined" component="label">
          {translate(t("add.choose"))}
          <input
            hidden
            type="file"
            accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            aria-label={translate(t("fields.input_file"))}
            onChange={(e) => setValues((v) => ({ ...v, file: e.target.files?.[0] ?? null }))}
          />
        </Button>
        <Typography variant="body2">{values.file?.name ?? translate(t("add.no_file"))}</Typography>
      </Box>
      {values.file && fileError && (
        <Typography variant="caption" color="error">
          {fileError}
        </Typography>
      )}
      <Box>
        <Button type="submit" variant="contained" disabled={busy || Boolean(dateError) || Boolean(fileError)}>
          {submitLabel}
        </Button>
      </Box>
    </Box>
  );
};
