import { Box } from "@mui/material";
import { SelectInput, TextInput, regex, required } from "react-admin";
import { US_STATES } from "../../domain/usStates";

const ZIP = regex(/^\d{5}$/, "resources.insurable.validation.zip");

/** A property's address (document 3 section 3): street number and name, street two, city, state, 5-digit zip. */
export const AddressInputs = ({ prefix, mandatory }: { prefix: string; mandatory: boolean }) => {
  const need = mandatory ? [required()] : [];
  return (
    <Box sx={{ display: "grid", gap: 1, gridTemplateColumns: { xs: "1fr", sm: "1fr 2fr" } }}>
      <TextInput source={`${prefix}.street_number`} label="resources.insurable.fields.street_number" validate={need} />
      <TextInput source={`${prefix}.street_name`} label="resources.insurable.fields.street_name" validate={need} />
      <TextInput source={`${prefix}.street_two`} label="resources.insurable.fields.street_two" />
      <TextInput source={`${prefix}.city`} label="resources.insurable.fields.city" validate={need} />
      <SelectInput source={`${prefix}.state`} label="resources.insurable.fields.state" choices={US_STATES.map((s) => ({ id: s, name: s }))} validate={need} />
      <TextInput source={`${prefix}.zip_code`} label="resources.insurable.fields.zip_code" validate={[...need, ZIP]} />
    </Box>
  );
};
