import { Card, CardContent } from "@mui/material";
import { Form, HttpError, SaveButton, SelectInput, TextInput, Toolbar, useDataProvider } from "react-admin";
import { useNavigate } from "react-router-dom";
import { useNotifySpec } from "../../authProvider/AppNotification";
import { actionFailureNotification, successNotification } from "../../dataProvider/httpErrors";
import type { AppDataProvider, Staff } from "../../dataProvider/types";
import { PageHeader } from "../../layout/PageHeader";
import { FormGroup } from "../../resources/common";
import { resourcePath } from "../../resources/paths";
import { useEmailAvailable } from "../../resources/staff/StaffInputs";
import { email, phone, required } from "../../resources/validators";

const ROLE_CHOICES = [
  { id: "super_admin", name: "resources.staff.admin.roles.super_admin" },
  { id: "policy_support", name: "resources.staff.admin.roles.policy_support" },
];

/**
 * create-admin-users, "Add Admin/Support" (document 3 section 6: a super admin tool, POST /create_staff): invites a
 * super admin or a policy-support reviewer the way staff are invited; the new member's page opens after saving.
 */
export function CreateAdminUsersPage() {
  const dataProvider = useDataProvider<AppDataProvider>();
  const notifySpec = useNotifySpec();
  const navigate = useNavigate();
  const emailAvailable = useEmailAvailable();

  const submit = async (values: Record<string, unknown>) => {
    try {
      const { json } = await dataProvider.request<Staff>("/create_staff", { method: "POST", body: { staff: values } });
      notifySpec(successNotification);
      navigate(resourcePath.view("staff", json.id));
      return undefined;
    } catch (error) {
      const errors = error instanceof HttpError ? (error.body as { errors?: unknown })?.errors : undefined;
      if (errors && typeof errors === "object" && !Array.isArray(errors)) return errors as Record<string, string>;
      notifySpec(actionFailureNotification(error));
      return undefined;
    }
  };

  return (
    <>
      <PageHeader titleKey="app.shell.titles.create_admin_users" />
      <Card>
        <CardContent>
          <Form onSubmit={submit} defaultValues={{ role: "policy_support" }}>
            <FormGroup title="resources.staff.admin.section">
              <SelectInput source="role" label="resources.staff.fields.role" choices={ROLE_CHOICES} validate={required()} />
              <TextInput source="email" label="resources.staff.fields.email" validate={[required(), email(), emailAvailable]} />
              <TextInput source="profile_attributes.first_name" label="resources.staff.fields.profile_attributes.first_name" validate={required()} />
              <TextInput source="profile_attributes.last_name" label="resources.staff.fields.profile_attributes.last_name" validate={required()} />
              <TextInput source="profile_attributes.contact_phone" label="resources.staff.fields.profile_attributes.contact_phone" validate={phone()} />
            </FormGroup>
            <Toolbar>
              <SaveButton label="resources.staff.actions.invite" alwaysEnable />
            </Toolbar>
          </Form>
        </CardContent>
      </Card>
    </>
  );
}
