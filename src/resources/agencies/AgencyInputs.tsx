import { TextInput } from "react-admin";
import { AddressesInput, FormGroup, PermissionSetInputs, addressesPayload, permissionFormValues, permissionSetPayload } from "../common";
import { email, phone, required } from "../validators";
import type { Agency } from "./types";

export const agencyFormValues = (agency: Agency) => ({ ...agency, permissions: permissionFormValues(agency.global_permission?.permissions) });

/** Only what the API takes; the permission set only when the form shows it. */
export function agencyPayload(data: Partial<Agency> & { permissions?: Record<string, boolean> }, withPermissions: boolean) {
  return {
    title: data.title,
    producer_code: data.producer_code || null,
    contact_info: { contact_phone: data.contact_info?.contact_phone || null, contact_email: data.contact_info?.contact_email || null },
    addresses_attributes: addressesPayload(data.addresses as Array<Record<string, unknown>> | undefined),
    ...(withPermissions && data.permissions ? { global_permission_attributes: permissionSetPayload(data.permissions, "agencies") } : {}),
  };
}

/**
 * The fields of an agency (issue 13): title, producer code (unique; blank gets one), contact info, addresses and,
 * for a super admin or the agents over a sub-agency, its permission set. A key the parent agency lacks (`above`)
 * cannot be switched on: the server refuses it ("… can't be enabled", reference 3.2), so the form locks it and says why.
 */
export const AgencyInputs = ({ withPermissions, above }: { withPermissions: boolean; above?: Agency["parent_permission"] }) => (
  <>
    <FormGroup title="resources.agencies.sections.details">
      <TextInput source="title" validate={required()} />
      <TextInput source="producer_code" />
    </FormGroup>
    <FormGroup title="resources.agencies.sections.contact">
      <TextInput source="contact_info.contact_phone" validate={phone()} />
      <TextInput source="contact_info.contact_email" validate={email()} />
    </FormGroup>
    <FormGroup title="resources.agencies.sections.addresses">
      <AddressesInput resource="agencies" />
    </FormGroup>
    {withPermissions && <PermissionSetInputs resource="agencies" above={above?.permissions} />}
  </>
);
