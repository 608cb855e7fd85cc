import { Card, CardContent } from "@mui/material";
import { CreateBase, Form, SaveButton, SelectInput, TextInput, Toolbar, useTranslate } from "react-admin";
import type { Staff } from "../../dataProvider/types";
import { PageHeader } from "../../layout/PageHeader";
import { useCurrentUser } from "../../layout/useCurrentUser";
import { FormGroup, useRelativePath } from "../common";
import { resourcePath } from "../paths";
import { useAgencyChoices, useEmailAvailable } from "../staff/StaffInputs";
import { email, phone, required } from "../validators";

/**
 * agents/create: invite an agent into an agency of the caller's tree (reference: agents create only for their agency
 * and its sub-agencies). The invitee is pending until they accept the mailed link.
 */
export const AgentCreate = () => {
  const translate = useTranslate();
  const relative = useRelativePath();
  const { user } = useCurrentUser();
  const agencies = useAgencyChoices(true);
  const emailAvailable = useEmailAvailable();
  if (!user) return null;
  const defaults = { role: "agent", organizable_type: "Agency", ...(user.role === "agent" ? { organizable_id: user.organizable_id } : {}) };
  return (
    <CreateBase<Staff> resource="agents" redirect={(_resource, id) => relative(id === undefined ? resourcePath.browse("agents") : resourcePath.view("agents", id))}>
      <PageHeader titleKey="resources.agents.title.create" crumbs={[{ label: translate("app.shell.titles.agents"), to: resourcePath.browse("agents") }]} />
      <Card>
        <CardContent>
          <Form defaultValues={defaults}>
            <FormGroup title="resources.agents.sections.profile">
              <TextInput source="email" validate={[required(), email(), emailAvailable]} />
              <TextInput source="profile_attributes.first_name" validate={required()} />
              <TextInput source="profile_attributes.last_name" validate={required()} />
              <TextInput source="profile_attributes.job_title" />
              <TextInput source="profile_attributes.contact_phone" validate={phone()} />
            </FormGroup>
            <FormGroup title="resources.agents.sections.organisation">
              <SelectInput source="organizable_id" label="resources.agents.fields.agency" choices={agencies} translateChoice={false} validate={required("agency")} />
            </FormGroup>
            <Toolbar>
              <SaveButton label="resources.agents.actions.invite" />
            </Toolbar>
          </Form>
        </CardContent>
      </Card>
    </CreateBase>
  );
};
