import { Card, CardContent } from "@mui/material";
import { EditBase, Form, SaveButton, TextInput, Toolbar, useRecordContext, useTranslate } from "react-admin";
import type { Staff } from "../../dataProvider/types";
import { PageHeader } from "../../layout/PageHeader";
import { FormGroup, useRelativePath } from "../common";
import { resourcePath } from "../paths";
import { email, phone, required } from "../validators";
import { useEmailAvailable } from "./StaffInputs";
import type { StaffScreen } from "./StaffShow";
import { staffName } from "./staffAccess";

/** Only what an edit may change: email and profile (role and organisation are fixed once invited). */
const payload = (data: Staff) => ({
  email: data.email,
  profile_attributes: {
    first_name: data.profile_attributes?.first_name,
    last_name: data.profile_attributes?.last_name,
    job_title: data.profile_attributes?.job_title ?? null,
    contact_phone: data.profile_attributes?.contact_phone || null,
  },
});

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
