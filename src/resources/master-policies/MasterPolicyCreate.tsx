import { Card, CardContent } from "@mui/material";
import { CreateBase, Form, SaveButton, Toolbar, useNotify, useRedirect, useTranslate, type Identifier } from "react-admin";
import { SNACK_SHORT } from "../../domain/constants";
import { PageHeader } from "../../layout/PageHeader";
import { useRelativePath } from "../common";
import { resourcePath } from "../paths";
import { MasterPolicyInputs } from "./MasterPolicyInputs";
import { NEW_MASTER_POLICY, payloadOf, type MasterPolicyForm } from "./masterPolicyForm";

/**
 * master-policies/create (super admin): the master is created BOUND with its premium; the server's
 * 'Master Policy and Policy Premium created' is shown and its page opens. A 422's field errors stay on the form.
 */
export const MasterPolicyCreate = () => {
  const translate = useTranslate();
  const relative = useRelativePath();
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <CreateBase
      resource="master-policies"
      transform={(data: MasterPolicyForm) => payloadOf(data)}
      mutationOptions={{
        // Replaces react-admin's own success handling, so it notifies and opens the new master's page itself.
        onSuccess: (data: { id: Identifier; message?: string }) => {
          notify(data.message ?? "resources.master-policies.created", { type: "success", autoHideDuration: SNACK_SHORT, messageArgs: { _: data.message } });
          redirect(() => relative(resourcePath.view("master-policies", data.id)));
        },
      }}
    >
      <PageHeader
        titleKey="resources.master-policies.title.create"
        crumbs={[{ label: translate("app.shell.titles.master_policies"), to: resourcePath.browse("master-policies") }]}
      />
      <Card>
        <CardContent>
          <Form defaultValues={NEW_MASTER_POLICY}>
            <MasterPolicyInputs />
            <Toolbar>
              <SaveButton />
            </Toolbar>
          </Form>
        </CardContent>
      </Card>
    </CreateBase>
  );
};
