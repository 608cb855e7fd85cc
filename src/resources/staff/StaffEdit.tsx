import { Card, CardContent } from "@mui/material";
import { EditBase, Form, SaveButton, SelectInput, TextInput, Toolbar, useRecordContext, useTranslate } from "react-admin";
import type { Staff } from "../../dataProvider/types";
import { PageHeader } from "../../layout/PageHeader";
import { useCurrentUser } from "../../layout/useCurrentUser";
import { FormGroup, useRelativePath } from "../common";
import { resourcePath } from "../paths";
import { email, phone, required } from "../validators";
import { AccountPicker, useAgencyChoices, useEmailAvailable } from "./StaffInputs";
import type { StaffScreen } from "./StaffShow";
import { staffName } from "./staffAccess";

/**
 * Only what an edit may change: email, profile and, when it was changed, the organisation (the role is fixed once
 * invited: a property manager moves between accounts, an agent between agencies).
 */
const payload = (data: Staff, options?: { previousData?: Staff }) => ({
  ...(options?.previousData && data.organizable_id !== options.previousData.organizable_id ? { organizable_id: data.organizable_id } : {}),
  email: data.email,
  profile_attributes: {
    first_name: data.profile_attributes?.first_name,
    last_name: data.profile_attributes?.last_name,
    job_title: data.profile_attributes?.job_title ?? null,
    contact_phone: data.profile_attributes?.contact_phone || null,
  },
});

/**
 * "Assign to accounts or agencies" (document 3 section 1): super admins and agents move someone else to another
 * account (a property manager) or agency (an agent) of their scope; the server refuses the organisation's owner.
 */
const OrganisationInput = ({ record }: { record: Staff }) => {
  const { user } = useCurrentUser();
  const mayMove = (user?.role === "super_admin" || user?.role === "agent") && user.id !== record.id;
  const agencies = useAgencyChoices(mayMove && record.organizable_type === "Agency");
  if (!mayMove || !record.organizable_type) return null;
  return (
    <FormGroup title="resources.staff.sections.organisation">
      {record.organizable_type === "Account" ? (
        <AccountPicker helperText="resources.staff.move_hint" />
      ) : (
        <SelectInput
          source="organizable_id"
          label="resources.staff.fields.agency"
          choices={agencies.length ? agencies : record.organizable ? [{ id: record.organizable.id, name: record.organizable.title }] : []}
          validate={required("agency")}
          helperText="resources.staff.move_hint"
        />
      )}
    </FormGroup>
  );
};

const Fields = ({ screen }: { screen: StaffScreen }) => {
  const translate = useTranslate();
  const record = useRecordContext<Staff>();
  const emailAvailable = useEmailAvailable(record?.id as number | undefined);
  if (!record) return null;
  return (
    <>
      <PageHeader
        titleKey="resources.staff.title.edit"
        title={translate("resources.staff.title.edit", { name: staffName(record) })}
        crumbs={[
          { label: translate(`app.shell.titles.${screen}`), to: resourcePath.browse(screen) },
          { label: staffName(record), to: resourcePath.view(screen, record.id) },
        ]}
      />
      <Card>
        <CardContent>
          <Form>
            <FormGroup title="resources.staff.sections.profile">
              <TextInput source="email" validate={[required(), email(), emailAvailable]} />
              <TextInput source="profile_attributes.first_name" validate={required()} />
              <TextInput source="profile_attributes.last_name" validate={required()} />
              <TextInput source="profile_attributes.job_title" />
              <TextInput source="profile_attributes.contact_phone" validate={phone()} />
            </FormGroup>
            <OrganisationInput record={record} />
            <Toolbar>
              <SaveButton label="resources.staff.actions.save" />
            </Toolbar>
          </Form>
        </CardContent>
      </Card>
    </>
  );
};

/** Edit a staff member or agent (PUT /staffs/{id}); pessimistic, so the server's field errors show by their fields. */
export const StaffEditFor = ({ screen }: { screen: StaffScreen }) => {
  const relative = useRelativePath();
  return (
    <EditBase<Staff> resource={screen} mutationMode="pessimistic" transform={payload} redirect={(_r, id) => relative(resourcePath.view(screen, id!))}>
      <Fields screen={screen} />
    </EditBase>
  );
};

export const StaffEdit = () => <StaffEditFor screen="staff" />;
