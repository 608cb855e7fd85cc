import type { ReactNode } from "react";
import { Box, Typography } from "@mui/material";
import { DateInput, SelectInput, TextInput, useTranslate } from "react-admin";
import { US_STATES } from "../../domain/usStates";
import { email, phone, required, zip } from "../validators";

const STATE_CHOICES = US_STATES.map((state) => ({ id: state, name: state }));

const Group = ({ title, children }: { title: string; children: ReactNode }) => {
  const translate = useTranslate();
  return (
    <Box sx={{ width: "100%", mb: 2 }}>
      <Typography variant="subtitle1" gutterBottom>
        {translate(title)}
      </Typography>
      <Box sx={{ display: "flex", flexWrap: "wrap", columnGap: 2, "& > *": { flex: "1 1 240px" } }}>{children}</Box>
    </Box>
  );
};

/** The editable fields of a customer (document 3 section 5 messages), in groups: profile, contact, address. */
export const UserInputs = () => (
  <>
    <Group title="resources.users.sections.profile">
      <TextInput source="profile_attributes.first_name" validate={required()} />
      <TextInput source="profile_attributes.middle_name" />
      <TextInput source="profile_attributes.last_name" validate={required()} />
      <DateInput source="profile_attributes.birth_date" />
    </Group>
    <Group title="resources.users.sections.contact">
      <TextInput source="email" validate={[required(), email()]} />
      <TextInput source="profile_attributes.contact_email" validate={email()} />
      <TextInput source="profile_attributes.contact_phone" validate={phone()} />
    </Group>
    <Group title="resources.users.sections.address">
      <TextInput source="address_attributes.street_number" />
      <TextInput source="address_attributes.street_name" />
      <TextInput source="address_attributes.street_two" />
      <TextInput source="address_attributes.city" />
      <SelectInput source="address_attributes.state" choices={STATE_CHOICES} emptyText="" />
      <TextInput source="address_attributes.zip_code" validate={zip()} />
    </Group>
  </>
);
