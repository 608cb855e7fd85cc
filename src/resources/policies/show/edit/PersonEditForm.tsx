import { useMemo } from "react";
import { DateInput, Form, SelectInput, TextInput } from "react-admin";
import type { FieldValues } from "react-hook-form";
import { email, phone, requiredShort, url, zip } from "../../../validators";
import type { PolicyDetail, PolicyUser } from "../types";
import { EditButtons } from "./EditButtons";
import { FormSection } from "./FormSection";
import { COUNTRIES, STATE_CHOICES, birthDate, joinStreet, maskPhone, maskZip, obj, splitStreet } from "./editRules";
import { useSavePolicy } from "./useSavePolicy";

const e = (key: string) => `app.policy_detail.edit.fields.${key}`;

/** A customer's basic information (document 2 section 5: email required and valid, birth date 18–65, phone mask). */
const PersonInputs = ({ prefix }: { prefix: string }) => (
  <>
    <TextInput source={`${prefix}.first_name`} label={e("first_name")} validate={requiredShort()} />
    <TextInput source={`${prefix}.middle_name`} label={e("middle_name")} />
    <TextInput source={`${prefix}.last_name`} label={e("last_name")} validate={requiredShort()} />
    <TextInput source={`${prefix}.email`} label={e("email")} validate={[requiredShort(), email()]} />
    <DateInput source={`${prefix}.birth_date`} label={e("birth_date")} validate={birthDate()} />
    <TextInput source={`${prefix}.contact_phone`} label={e("contact_phone")} validate={phone()} parse={maskPhone} />
  </>
);

const personValues = (user: PolicyUser | undefined) => ({
  first_name: user?.profile_attributes.first_name ?? "",
  middle_name: user?.profile_attributes.middle_name ?? "",
  last_name: user?.profile_attributes.last_name ?? "",
  email: user?.email ?? "",
  birth_date: user?.profile_attributes.birth_date ?? "",
  contact_phone: maskPhone(user?.profile_attributes.contact_phone),
});

type Person = ReturnType<typeof personValues>;
const personPayload = (id: number, p: Person) => ({
  id,
  email: p.email.trim(),
  profile_attributes: { first_name: p.first_name, middle_name: p.middle_name || null, last_name: p.last_name, birth_date: p.birth_date || null, contact_phone: p.contact_phone || null },
});

const RENAME: Array<[string, string]> = [
  ["users.0.profile_attributes.", "primary."],
  ["users.0.", "primary."],
  ["users.1.profile_attributes.", "secondary."],
  ["users.1.", "secondary."],
  ["fields.business.address.", "business.address."],
  ["fields.business.", "business."],
];

/** Residential (type 1: the primary customer) and commercial (type 4: plus additional contact and business). */
export const PersonEditForm = ({ policy, onSaved, commercial }: { policy: PolicyDetail; onSaved: () => void; commercial: boolean }) => {
  const [primary, secondary] = policy.users;
  const business = obj(policy.policy_application?.fields?.business);
  const businessAddress = obj(business.address);
  const defaults = useMemo(
    () => ({
      primary: personValues(primary),
      secondary: personValues(secondary),
      business: {
        phone: maskPhone(business.phone as string),
        website: (business.website as string) ?? "",
        address: {
          line: joinStreet(businessAddress as never),
          street_two: businessAddress.street_two ?? "",
          city: businessAddress.city ?? "",
          state: businessAddress.state ?? "",
          zip_code: businessAddress.zip_code ?? "",
          country: businessAddress.country ?? "US",
        },
      },
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [policy],
  );
  const save = useSavePolicy(policy.id, onSaved, RENAME);

  const submit = async (values: FieldValues) => {
    const v = values as typeof defaults;
    const users = [primary && personPayload(primary.id, v.primary), commercial && secondary && personPayload(secondary.id, v.secondary)].filter(Boolean);
    const { line, ...address } = v.business.address;
    return save({
      users,
      ...(commercial ? { policy_application_attributes: { fields: { business: { phone: v.business.phone, website: v.business.website, address: { ...splitStreet(line), ...address } } } } } : {}),
    });
  };

  return (
    <Form defaultValues={defaults} onSubmit={submit} mode="onChange" noValidate>
      <FormSection title="app.policy_detail.edit.basic">
        <PersonInputs prefix="primary" />
      </FormSection>
      {commercial && secondary && (
        <FormSection title="app.policy_detail.edit.additional_contact">
          <PersonInputs prefix="secondary" />
        </FormSection>
      )}
      {commercial && (
        <FormSection title="app.policy_detail.edit.business">
          <TextInput source="business.phone" label={e("phone")} validate={[requiredShort(), phone()]} parse={maskPhone} />
          <TextInput source="business.website" label={e("website")} validate={[requiredShort(), url()]} />
          <TextInput source="business.address.line" label={e("address")} validate={requiredShort()} />
          <TextInput source="business.address.street_two" label={e("address2")} />
          <TextInput source="business.address.city" label={e("city")} validate={requiredShort()} />
          <SelectInput source="business.address.state" label={e("state")} choices={STATE_CHOICES} validate={requiredShort()} translateChoice={false} />
          <TextInput source="business.address.zip_code" label={e("zip")} validate={[requiredShort(), zip()]} parse={maskZip} />
          <SelectInput source="business.address.country" label={e("country")} choices={COUNTRIES.map((id) => ({ id, name: `app.policy_detail.edit.countries.${id}` }))} validate={requiredShort()} />
        </FormSection>
      )}
      <EditButtons />
    </Form>
  );
};
