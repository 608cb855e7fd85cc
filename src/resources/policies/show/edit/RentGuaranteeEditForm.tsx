import { useMemo } from "react";
import { Form, SelectInput, TextInput } from "react-admin";
import type { FieldValues } from "react-hook-form";
import { email, requiredShort, zip } from "../../../validators";
import type { PolicyDetail } from "../types";
import { EditButtons } from "./EditButtons";
import { FormSection } from "./FormSection";
import { COUNTRIES, EMPLOYMENT_TYPES, GENDERS, SALUTATIONS, STATE_CHOICES, joinStreet, maskPhone, maskZip, obj, splitStreet } from "./editRules";
import { useSavePolicy } from "./useSavePolicy";

const e = (key: string) => `app.policy_detail.edit.fields.${key}`;
const REQUIRED = [requiredShort()];
const choices = (values: readonly string[], prefix: string) => values.map((id) => ({ id, name: `app.policy_detail.edit.${prefix}.${id}` }));

/** Server field names → form names (useSavePolicy). */
const RENAME: Array<[string, string]> = [
  ["fields.landlord.", "landlord."],
  ["fields.employment.primary_applicant.address.", "applicant.address."],
  ["fields.employment.primary_applicant.", "applicant."],
  ["users.0.address_attributes.", "user.address."],
  ["users.0.profile_attributes.", "user."],
];

/** Address, address 2, city, state, zip, country under `prefix`; address 2 optional (document 2 section 5). */
const AddressInputs = ({ prefix }: { prefix: string }) => (
  <>
    <TextInput source={`${prefix}.line`} label={e("address")} validate={REQUIRED} />
    <TextInput source={`${prefix}.street_two`} label={e("address2")} />
    <TextInput source={`${prefix}.city`} label={e("city")} validate={REQUIRED} />
    <SelectInput source={`${prefix}.state`} label={e("state")} choices={STATE_CHOICES} validate={REQUIRED} translateChoice={false} />
    <TextInput source={`${prefix}.zip_code`} label={e("zip")} validate={[requiredShort(), zip()]} parse={maskZip} />
    <SelectInput source={`${prefix}.country`} label={e("country")} choices={choices(COUNTRIES, "countries")} validate={REQUIRED} />
  </>
);

const toForm = (policy: PolicyDetail) => {
  const primary = policy.users[0];
  const fields = policy.policy_application?.fields ?? {};
  const applicant = obj(obj(fields.employment).primary_applicant);
  const applicantAddress = obj(applicant.address);
  const landlord = obj(fields.landlord);
  const address = primary?.address_attributes;
  return {
    user: {
      gender: GENDERS.includes(primary?.profile_attributes.gender as never) ? primary?.profile_attributes.gender : "",
      salutation: SALUTATIONS.includes(primary?.profile_attributes.salutation as never) ? primary?.profile_attributes.salutation : "",
      address: { line: joinStreet(address), street_two: address?.street_two ?? "", city: address?.city ?? "", state: address?.state ?? "", zip_code: address?.zip_code ?? "", country: address?.country ?? "US" },
    },
    applicant: {
      employment_type: applicant.employment_type ?? "",
      job_description: applicant.job_description ?? "",
      company_name: applicant.company_name ?? "",
      address: {
        line: joinStreet(applicantAddress as never),
        street_two: applicantAddress.street_two ?? "",
        city: applicantAddress.city ?? "",
        state: applicantAddress.state ?? "",
        zip_code: applicantAddress.zip_code ?? "",
        country: applicantAddress.country ?? "US",
      },
    },
    landlord: {
      company: landlord.company ?? "",
      first_name: landlord.first_name ?? "",
      last_name: landlord.last_name ?? "",
      phone_number: landlord.phone_number ?? "",
      email: landlord.email ?? "",
    },
  };
};

type FormAddress = { line: string; street_two: string; city: string; state: string; zip_code: string; country: string };
const toAddress = ({ line, ...rest }: FormAddress) => ({ ...splitStreet(line), ...rest, street_two: rest.street_two || null });

/** The rent-guarantee editor (type 5): applicant, employer and landlord (document 2 sections 2 and 5). */
export const RentGuaranteeEditForm = ({ policy, onSaved }: { policy: PolicyDetail; onSaved: () => void }) => {
  const defaults = useMemo(() => toForm(policy), [policy]);
  const save = useSavePolicy(policy.id, onSaved, RENAME, true);
  const primaryId = policy.users[0]?.id;

  const submit = async (values: FieldValues) => {
    const v = values as ReturnType<typeof toForm> & { user: { address: FormAddress }; applicant: { address: FormAddress } };
    return save({
        policy_application_attributes: {
          fields: {
            employment: { primary_applicant: { ...v.applicant, address: toAddress(v.applicant.address) } },
            landlord: { ...v.landlord, company: v.landlord.company || null },
          },
        },
        users: primaryId ? [{ id: primaryId, profile_attributes: { gender: v.user.gender, salutation: v.user.salutation }, address_attributes: toAddress(v.user.address) }] : [],
    });
  };

  return (
    <Form defaultValues={defaults} onSubmit={submit} mode="onChange" noValidate>
      <RentGuaranteeInputs />
      <EditButtons />
    </Form>
  );
};

const RentGuaranteeInputs = () => (
  <>
    <FormSection title="app.policy_detail.edit.applicant">
      <SelectInput source="user.gender" label={e("gender")} choices={choices(GENDERS, "genders")} validate={REQUIRED} />
      <SelectInput source="user.salutation" label={e("salutation")} choices={choices(SALUTATIONS, "salutations")} validate={REQUIRED} />
      <span />
      <AddressInputs prefix="user.address" />
    </FormSection>
    <FormSection title="app.policy_detail.edit.employer">
      <SelectInput source="applicant.employment_type" label={e("employment_type")} choices={choices(EMPLOYMENT_TYPES, "employment_types")} validate={REQUIRED} />
      <TextInput source="applicant.job_description" label={e("employment_description")} validate={REQUIRED} />
      <TextInput source="applicant.company_name" label={e("employer_name")} validate={REQUIRED} />
      <AddressInputs prefix="applicant.address" />
    </FormSection>
    <FormSection title="app.policy_detail.edit.landlord">
      <TextInput source="landlord.company" label={e("company")} />
      <TextInput source="landlord.first_name" label={e("contact_first_name")} validate={REQUIRED} />
      <TextInput source="landlord.last_name" label={e("contact_last_name")} validate={REQUIRED} />
      <TextInput source="landlord.phone_number" label={e("phone")} validate={REQUIRED} parse={maskPhone} />
      <TextInput source="landlord.email" label={e("email")} validate={[requiredShort(), email()]} />
    </FormSection>
  </>
);

