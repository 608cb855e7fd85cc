import AddIcon from "@mui/icons-material/Add";
import DeleteIcon from "@mui/icons-material/Delete";
import { Box, Button, Checkbox, FormControlLabel, IconButton, InputAdornment, MenuItem, TextField, Tooltip, Typography } from "@mui/material";
import { createContext, useContext } from "react";
import { useTranslate } from "react-admin";
import { Controller, useFieldArray, useFormContext, useWatch, type FieldPath } from "react-hook-form";
import { COVERAGE_DESIGNATIONS } from "../../../domain/policies";
import { US_STATES_AND_TERRITORIES } from "../../../domain/usStates";
import { EMAIL_PATTERN } from "../../validators";
import { maskPhone, maskZip } from "../show/edit/editRules";
import { ADDRESS_FIELDS, type CoverageProofValues, DEFAULT_DESIGNATION, emptyInsured, formatMoney, parseMoney } from "./coverageProofRules";

const f = (key: string) => `app.coverage_proof.fields.${key}`;
const V = "app.errors.validation";

/** The fields assisted review filled from the PDF; each says so until the reviewer changes it (issue 4 part 5). */
export const PrefilledContext = createContext<Set<string>>(new Set());

/** A text input bound to the form, with its field error translated under it. */
function FormText({ name, label, required, rules, parse, select, children, adornment, width, type, min, inputName, disabled, helper }: {
  name: FieldPath<CoverageProofValues>;
  label: string;
  required?: boolean;
  rules?: { validate?: (v: string) => string | true };
  parse?: (v: string) => string;
  select?: boolean;
  children?: React.ReactNode;
  adornment?: string;
  width?: number;
  type?: "date";
  min?: string;
  inputName?: string;
  disabled?: boolean;
  /** Said under the field when it has nothing else to say (why it is disabled). */
  helper?: string;
}) {
  const translate = useTranslate();
  const prefilled = useContext(PrefilledContext);
  const { control } = useFormContext<CoverageProofValues>();
  return (
    <Controller
      name={name}
      control={control}
      rules={{
        required: required ? `${V}.required_short` : false,
        ...(rules?.validate ? { validate: (value: unknown) => rules.validate!(value === undefined || value === null ? "" : String(value)) } : {}),
      }}
      render={({ field, fieldState }) => (
        <TextField
          select={select}
          required={required}
          label={translate(label)}
          value={(field.value as string | undefined) ?? ""}
          onChange={(e) => field.onChange(parse ? parse(e.target.value) : e.target.value)}
          onBlur={field.onBlur}
          error={Boolean(fieldState.error)}
          disabled={disabled}
          helperText={
            fieldState.error?.message
              ? translate(fieldState.error.message)
              : prefilled.has(name) && !fieldState.isDirty
                ? translate("app.coverage_proof.prefilled")
                : helper
                  ? translate(helper)
                  : undefined
          }
          color={prefilled.has(name) && !fieldState.isDirty ? "info" : undefined}
          sx={width ? { minWidth: width } : undefined}
          type={type}
          name={inputName}
          slotProps={{
            ...(adornment ? { input: { startAdornment: <InputAdornment position="start">{adornment}</InputAdornment> } } : {}),
            ...(type === "date" ? { inputLabel: { shrink: true }, htmlInput: { min } } : {}),
          }}
        >
          {children}
        </TextField>
      )}
    />
  );
}

const money = (v: string) => (parseMoney(v) && Number(parseMoney(v)) >= 0 ? true : `${V}.required_short`);

/**
 * Coverage limits (document 2 section 5): designation and limit ($, thousands comma) required; Add is disabled while
 * the last row is incomplete; rows from the second on can be removed.
 */
export const CoverageLimitsInput = ({ editEnabled = false }: { editEnabled?: boolean }) => {
  const translate = useTranslate();
  const { control } = useFormContext<CoverageProofValues>();
  const { fields, append, remove } = useFieldArray({ control, name: "coverages" });
  const rows = useWatch({ control, name: "coverages" }) ?? [];
  const last = rows[rows.length - 1];
  const lastComplete = Boolean(last?.designation && parseMoney(last?.limit ?? ""));
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mb: 2 }}>
      <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
        {translate(f("coverage_limits"))}
      </Typography>
      {fields.map((row, i) => (
        <Box key={row.id} sx={{ display: "flex", gap: 2, alignItems: "flex-start", mb: 1 }} data-testid={`coverage-${i}`}>
          <FormText name={`coverages.${i}.designation`} label={f("designation")} required select width={220}>
            {COVERAGE_DESIGNATIONS.map((d) => (
              <MenuItem key={d} value={d}>
                {translate(`app.coverage_proof.designations.${d}`)}
              </MenuItem>
            ))}
          </FormText>
          <FormText name={`coverages.${i}.limit`} label={f("limit")} required adornment="$" parse={formatMoney} rules={{ validate: money }} />
          {editEnabled && (
            <Controller
              name={`coverages.${i}.enabled`}
              control={control}
              render={({ field }) => (
                <FormControlLabel control={<Checkbox checked={field.value !== false} onChange={(e) => field.onChange(e.target.checked)} />} label={translate(f("enabled"))} />
              )}
            />
          )}
          {i > 0 && (
            <Tooltip title={translate("app.coverage_proof.remove_limit")}>
              <IconButton aria-label={translate("app.coverage_proof.remove_limit")} onClick={() => remove(i)}>
                <DeleteIcon />
              </IconButton>
            </Tooltip>
          )}
        </Box>
      ))}
      <Button startIcon={<AddIcon />} disabled={!lastComplete} onClick={() => append({ designation: DEFAULT_DESIGNATION, limit: "", enabled: true })}>
        {translate("app.coverage_proof.add_limit")}
      </Button>
    </Box>
  );
};

const emailRule = { validate: (v: string) => (!v || EMAIL_PATTERN.test(v.trim()) ? true : `${V}.email`) };
const zipRule = { validate: (v: string) => (!v || /^\d{5}$/.test(v) ? true : `${V}.zip`) };

/**
 * The insureds (document 2 section 5): the primary first (never removed), additional insureds with Spouse; email,
 * first and last name required, and the address of the primary on edit, of everyone in DMR review. A new insured copies the primary's address;
 * one can be added only while every insured is valid.
 */
export const InsuredsInput = ({ requireAddress }: { requireAddress: "none" | "primary" | "all" }) => {
  const translate = useTranslate();
  const needsAddress = (i: number) => requireAddress === "all" || (requireAddress === "primary" && i === 0);
  const { control, getValues, formState } = useFormContext<CoverageProofValues>();
  const { fields, append, remove } = useFieldArray({ control, name: "users" });
  const users = useWatch({ control, name: "users" }) ?? [];
  const usersValid = users.every((u) => u.email && EMAIL_PATTERN.test(u.email.trim()) && u.first_name && u.last_name) && !formState.errors.users;
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mb: 2 }}>
      <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
        {translate(f("users"))}
      </Typography>
      {fields.map((row, i) => (
        <Box key={row.id} sx={{ border: 1, borderColor: "divider", borderRadius: 1, p: 2, mb: 2 }} data-testid={`insured-${i}`}>
          <Box sx={{ display: "flex", alignItems: "center", mb: 1 }}>
            <Typography variant="subtitle2" sx={{ flex: 1 }}>
              {i === 0 ? translate("app.coverage_proof.primary_insured") : translate("app.coverage_proof.additional_insured", { n: i })}
            </Typography>
            {i > 0 && (
              <Controller
                name={`users.${i}.spouse`}
                control={control}
                render={({ field }) => <FormControlLabel control={<Checkbox checked={Boolean(field.value)} onChange={(e) => field.onChange(e.target.checked)} />} label={translate(f("spouse"))} />}
              />
            )}
            {i > 0 && (
              <Button color="error" onClick={() => remove(i)}>
                {translate("app.coverage_proof.remove_insured")}
              </Button>
            )}
          </Box>
          <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", md: "repeat(3, 1fr)" }, gap: 2 }}>
            <FormText name={`users.${i}.email`} label={f("email")} required rules={emailRule} />
            <FormText name={`users.${i}.first_name`} label={f("first_name")} required />
            <FormText name={`users.${i}.last_name`} label={f("last_name")} required />
            <FormText name={`users.${i}.middle_name`} label={f("middle_name")} />
            <FormText name={`users.${i}.contact_phone`} label={f("contact_phone")} parse={maskPhone} />
            <span />
            {ADDRESS_FIELDS.map((field) =>
              field === "state" ? (
                <FormText key={field} name={`users.${i}.state`} label={f("state")} required={needsAddress(i)} select>
                  <MenuItem value="">—</MenuItem>
                  {US_STATES_AND_TERRITORIES.map((s) => (
                    <MenuItem key={s} value={s}>
                      {s}
                    </MenuItem>
                  ))}
                </FormText>
              ) : (
                <FormText
                  key={field}
                  name={`users.${i}.${field}`}
                  label={f(field)}
                  required={needsAddress(i) && field !== "street_two"}
                  parse={field === "zip_code" ? maskZip : undefined}
                  rules={field === "zip_code" ? zipRule : undefined}
                />
              ),
            )}
          </Box>
        </Box>
      ))}
      <Button
        startIcon={<AddIcon />}
        disabled={!usersValid}
        onClick={() => {
          const primary = getValues("users.0");
          append(emptyInsured(Object.fromEntries(ADDRESS_FIELDS.map((k) => [k, primary?.[k] ?? ""]))));
        }}
      >
        {translate("app.coverage_proof.add_insured")}
      </Button>
    </Box>
  );
};

export { FormText };
