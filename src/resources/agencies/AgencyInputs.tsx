import { Typography } from "@mui/material";
import { BooleanInput, TextInput, useTranslate } from "react-admin";
import { PERMISSION_CATALOGUE, PERMISSION_KEYS } from "../../domain/permissions";
import { AddressesInput, FormGroup, addressesPayload } from "../common";
import { email, phone, required } from "../validators";
import type { Agency } from "./types";

/** Form values hold the permission set as key → on (dots in keys would be paths: they become `__`). */
const formKey = (key: string) => key.replace(/\./g, "__");

export const agencyFormValues = (agency: Agency) => ({
  ...agency,
  permissions: Object.fromEntries((agency.global_permission?.permissions ?? []).map((p) => [formKey(p.key), p.value])),
});

/** Only what the API takes; the permission set only when the form shows it. */
export function agencyPayload(data: Partial<Agency> & { permissions?: Record<string, boolean> }, withPermissions: boolean) {
  return {
    title: data.title,
    producer_code: data.producer_code || null,
    contact_info: { contact_phone: data.contact_info?.contact_phone || null, contact_email: data.contact_info?.contact_email || null },
    addresses_attributes: addressesPayload(data.addresses as Array<Record<string, unknown>> | undefined),
    ...(withPermissions && data.permissions
      ? { global_permission_attributes: { permissions: PERMISSION_KEYS.map((key) => ({ key, value: data.permissions?.[formKey(key)] !== false })) } }
      : {}),
  };
}

const PermissionInputs = () => {
  const translate = useTranslate();
  return (
    <FormGroup title="resources.agencies.sections.permissions">
      <Typography variant="body2" color="text.secondary" sx={{ flex: "1 1 100% !important" }}>
        {translate("resources.agencies.permissions_hint")}
      </Typography>
      {PERMISSION_KEYS.map((key) => (
        <BooleanInput key={key} source={`permissions.${formKey(key)}`} label={PERMISSION_CATALOGUE[key].title} />
      ))}
    </FormGroup>
  );
};

/**
 * The fields of an agency (issue 13): title, producer code (unique; blank gets one), contact info, addresses and,
 * for a super admin or the agents over a sub-agency, its permission set.
 */
export const AgencyInputs = ({ withPermissions }: { withPermissions: boolean }) => (
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
    {withPermissions && <PermissionInputs />}
  </>
);
