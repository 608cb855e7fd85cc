import { useEffect, useState } from "react";
import { AutocompleteInput, ReferenceInput, SelectInput, TextInput, useDataProvider, type Validator } from "react-admin";
import { useWatch } from "react-hook-form";
import type { AgencyTreeEntry, AppDataProvider } from "../../dataProvider/types";
import type { Role } from "../../domain/roles";
import { FormGroup, PICKER_PAGE_SIZE } from "../common";
import { email, phone, required } from "../validators";

/**
 * 'has already been taken' before saving (document 3 section 5: POST /staffs/check_email with email and id); the
 * server checks again on save.
 */
export function useEmailAvailable(id?: number): Validator {
  const dataProvider = useDataProvider<AppDataProvider>();
  return async (value: unknown) => {
    if (typeof value !== "string" || !value.trim()) return undefined;
    try {
      return (await dataProvider.checkStaffEmail(value.trim(), id)) ? undefined : "app.errors.validation.email_taken";
    } catch {
      return undefined;
    }
  };
}

/** A property manager's account, searched by title among the caller's accounts (create, and a move on edit). */
export const AccountPicker = ({ helperText }: { helperText?: string }) => (
  <ReferenceInput source="organizable_id" reference="accounts" perPage={PICKER_PAGE_SIZE.accounts} sort={{ field: "title", order: "ASC" }}>
    <AutocompleteInput
      label="resources.staff.fields.account"
      optionText="title"
      filterToQuery={(text: string) => (text ? { title: { like: text } } : {})}
      validate={required("account")}
      helperText={helperText}
    />
  </ReferenceInput>
);

/** The caller's agency tree, flattened with sub-agencies indented (GET /agencies/sub_agencies). */
export function useAgencyChoices(enabled: boolean) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const [choices, setChoices] = useState<Array<{ id: number; name: string }>>([]);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    dataProvider.getSubAgencies().then((tree: AgencyTreeEntry[]) => {
      if (!live) return;
      setChoices(tree.flatMap((agency) => [{ id: Number(agency.id), name: agency.title }, ...(agency.agencies ?? []).map((sub) => ({ id: Number(sub.id), name: `— ${sub.title}` }))]));
    });
    return () => {
      live = false;
    };
  }, [dataProvider, enabled]);
  return choices;
}

/**
 * Where a new staff member belongs: account staff always join their own account (nothing to choose); agents and
 * super admins choose Account (a property manager) or Agency (an agent) and then which one, within their scope.
 */
const OrganisationInputs = ({ role }: { role: Role }) => {
  const type = useWatch({ name: "organizable_type" }) as "Account" | "Agency" | undefined;
  const agencies = useAgencyChoices(type === "Agency");
  if (role === "staff") return null;
  return (
    <FormGroup title="resources.staff.sections.organisation">
      <SelectInput
        source="organizable_type"
        choices={[
          { id: "Account", name: "resources.staff.organizable_types.Account" },
          { id: "Agency", name: "resources.staff.organizable_types.Agency" },
        ]}
        validate={required("organizable type")}
      />
      {type === "Account" && <AccountPicker />}
      {type === "Agency" && <SelectInput source="organizable_id" label="resources.staff.fields.agency" choices={agencies} validate={required("agency")} />}
    </FormGroup>
  );
};

/** The fields of a new staff member (document 3: email, name, contact; reference: profile_attributes). */
export const StaffInputs = ({ role }: { role: Role }) => {
  const emailAvailable = useEmailAvailable();
  return (
    <>
      <FormGroup title="resources.staff.sections.profile">
        <TextInput source="email" validate={[required(), email(), emailAvailable]} />
        <TextInput source="profile_attributes.first_name" validate={required()} />
        <TextInput source="profile_attributes.last_name" validate={required()} />
        <TextInput source="profile_attributes.job_title" />
        <TextInput source="profile_attributes.contact_phone" validate={phone()} />
      </FormGroup>
      <OrganisationInputs role={role} />
    </>
  );
};
