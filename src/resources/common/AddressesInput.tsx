import { ArrayInput, SelectInput, SimpleFormIterator, TextInput } from "react-admin";
import { US_STATES } from "../../domain/usStates";
import { required, zip } from "../validators";

const STATE_CHOICES = US_STATES.map((state) => ({ id: state, name: state }));

/**
 * An organisation's addresses (`addresses` on the record, `addresses_attributes` on the wire): US states and DC, zip
 * of 5 digits (document 3 sections 5 and 9); the first is the primary. Labels are resources.<resource>.fields.addresses_attributes.*.
 */
export const AddressesInput = ({ resource }: { resource: string }) => {
  const label = (field: string) => `resources.${resource}.fields.addresses_attributes.${field}`;
  return (
    <ArrayInput source="addresses" label={false}>
      <SimpleFormIterator inline disableReordering>
        <TextInput source="street_number" label={label("street_number")} />
        <TextInput source="street_name" label={label("street_name")} validate={required("street name")} />
        <TextInput source="street_two" label={label("street_two")} />
        <TextInput source="city" label={label("city")} validate={required("city")} />
        <SelectInput source="state" label={label("state")} choices={STATE_CHOICES} validate={required("state")} />
        <TextInput source="zip_code" label={label("zip_code")} validate={[required("zip code"), zip()]} />
      </SimpleFormIterator>
    </ArrayInput>
  );
};

/** The addresses of a form as the API takes them (addresses_attributes). */
export const addressesPayload = (list: Array<Record<string, unknown>> | undefined) =>
  (list ?? []).map((address, index) => ({
    street_number: (address.street_number as string) || null,
    street_name: (address.street_name as string) || null,
    street_two: (address.street_two as string) || null,
    city: (address.city as string) || null,
    state: (address.state as string) || null,
    zip_code: (address.zip_code as string) || null,
    primary: index === 0,
  }));
