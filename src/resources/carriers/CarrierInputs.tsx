import { Box } from "@mui/material";
import { BooleanInput, CheckboxGroupInput, SelectInput, TextInput, required, useTranslate } from "react-admin";
import { POLICY_TYPES } from "../../domain/policies";
import { AM_BEST_RATINGS } from "../../domain/requirements";
import { CARRIER_DESIGNATIONS, CARRIER_FLAGS } from "./types";

/** The `{carrier}` fields both forms share (issue 14: title unique, call sign, designation, synonyms, flags, policy types). */
export const CarrierInputs = () => {
  const translate = useTranslate();
  return (
    <Box sx={{ display: "grid", gap: 1, maxWidth: 720 }}>
      <TextInput source="title" validate={required()} />
      <TextInput source="call_sign" />
      <SelectInput
        source="integration_designation"
        choices={CARRIER_DESIGNATIONS.map((id) => ({ id, name: translate(`resources.carriers.designations.${id}`) }))}
        emptyText=""
      />
      <TextInput source="synonyms" multiline minRows={2} />
      {/* Requirement profiles compare it with their minimum carrier rating (issue 17 section 1). */}
      <SelectInput source="am_best_rating" choices={AM_BEST_RATINGS.map((id) => ({ id, name: id }))} emptyText="" />
      <Box sx={{ display: "flex", flexWrap: "wrap", columnGap: 2 }}>
        {CARRIER_FLAGS.map((flag) => (
          <BooleanInput key={flag} source={flag} />
        ))}
      </Box>
      <CheckboxGroupInput source="policy_type_ids" choices={POLICY_TYPES.map((t) => ({ id: t.id, name: t.title }))} />
    </Box>
  );
};

/** What the forms send: the carrier's own fields only. */
export function carrierPayload(data: Record<string, unknown>) {
  const keys = ["title", "call_sign", "integration_designation", "synonyms", "am_best_rating", ...CARRIER_FLAGS, "policy_type_ids"];
  return Object.fromEntries(keys.filter((k) => k in data).map((k) => [k, data[k] === "" ? null : data[k]]));
}
