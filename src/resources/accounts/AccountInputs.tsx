import { BooleanInput, NumberInput, SelectInput, TextInput } from "react-admin";
import { useWatch } from "react-hook-form";
import type { Role } from "../../domain/roles";
import { fromCents, toCents } from "../../domain/money";
import { AddressesInput, FormGroup, PermissionSetInputs, addressesPayload, permissionFormValues, permissionSetPayload } from "../common";
import { email, minValue, phone, required } from "../validators";
import { useAgencyChoices } from "../staff/StaffInputs";
import type { Account } from "./types";

/**
 * Super admins and the agents over an account change its permission set (reference 3.2); its own staff never do, as
 * agents never change their own agency's.
 */
export const editsAccountPermissions = (role: Role | undefined) => role === "super_admin" || role === "agent";

export const accountFormValues = (account: Account) => ({ ...account, permissions: permissionFormValues(account.global_permission?.permissions) });

/** Only what the API takes, money as cents (the form shows dollars); the permission set only when the form shows it. */
export function accountPayload(data: Partial<Account> & { permissions?: Record<string, boolean> }, withPermissions = false) {
  return {
    title: data.title,
    agency_id: data.agency_id,
    contact_info: { contact_phone: data.contact_info?.contact_phone || null, contact_email: data.contact_info?.contact_email || null },
    additional_interest: data.additional_interest,
    additional_interest_name: data.additional_interest_name || null,
    minimum_liability: data.minimum_liability ?? null,
    addresses_attributes: addressesPayload(data.addresses as Array<Record<string, unknown>> | undefined),
    ...(withPermissions && data.permissions ? { global_permission_attributes: permissionSetPayload(data.permissions, "accounts") } : {}),
  };
}

const AdditionalInterestName = () => {
  const on = useWatch({ name: "additional_interest" }) as boolean | undefined;
  return <TextInput source="additional_interest_name" disabled={on === false} />;
};

/**
 * The fields of an account (issue 13; document 3 section 5 messages): title and agency, contact info (phone mask,
 * email), addresses (US states and DC, zip of 5 digits; the first is the primary), additional interest and minimum
 * liability (dollars on screen, cents on the wire) and, when editing as a super admin or agent, the permission set.
 * Account staff never move their account to another agency.
 */
export const AccountInputs = ({ role, permissionsAbove }: { role: Role | undefined; permissionsAbove?: Account["agency_permission"] }) => {
  const agencies = useAgencyChoices(role === "super_admin" || role === "agent");
  return (
    <>
      <FormGroup title="resources.accounts.sections.details">
        <TextInput source="title" validate={required()} />
        {role !== "staff" && <SelectInput source="agency_id" choices={agencies} validate={required("agency")} />}
      </FormGroup>
      <FormGroup title="resources.accounts.sections.contact">
        <TextInput source="contact_info.contact_phone" validate={phone()} />
        <TextInput source="contact_info.contact_email" validate={email()} />
      </FormGroup>
      <FormGroup title="resources.accounts.sections.coverage">
        <BooleanInput source="additional_interest" />
        <AdditionalInterestName />
        <NumberInput
          source="minimum_liability"
          format={(cents: number | null | undefined) => fromCents(cents) ?? ""}
          parse={(dollars: string) => toCents(dollars)}
          validate={minValue(0)}
        />
      </FormGroup>
      <FormGroup title="resources.accounts.sections.addresses">
        <AddressesInput resource="accounts" />
      </FormGroup>
      {permissionsAbove && editsAccountPermissions(role) && <PermissionSetInputs resource="accounts" above={permissionsAbove.permissions} />}
    </>
  );
};
