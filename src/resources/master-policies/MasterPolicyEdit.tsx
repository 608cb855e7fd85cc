import { Card, CardContent } from "@mui/material";
import { EditBase, Form, SaveButton, Toolbar, useRecordContext, useTranslate, type Identifier } from "react-admin";
import { PageHeader } from "../../layout/PageHeader";
import { useRelativePath } from "../common";
import { resourcePath } from "../paths";
import { MasterPolicyInputs } from "./MasterPolicyInputs";
import { formOf, payloadOf, type MasterPolicyForm } from "./masterPolicyForm";
import type { MasterPolicy } from "./types";

const EditForm = () => {
  const translate = useTranslate();
  const record = useRecordContext<MasterPolicy>();
  if (!record) return null;
  return (
    <>
      <PageHeader
        titleKey="resources.master-policies.title.edit"
        title={translate("resources.master-policies.title.edit", { number: record.number })}
        crumbs={[
          { label: translate("app.shell.titles.master_policies"), to: resourcePath.browse("master-policies") },
          { label: record.number, to: resourcePath.view("master-policies", record.id) },
        ]}
      />
      <Card>
        <CardContent>
          <Form record={formOf(record)}>
            <MasterPolicyInputs edit />
            <Toolbar>
              <SaveButton />
            </Toolbar>
          </Form>
        </CardContent>
      </Card>
    </>
  );
};

/** master-policies/view/{id}/edit (super admin): pessimistic, so a 422 keeps what was typed next to its errors. */
export const MasterPolicyEdit = () => {
  const relative = useRelativePath();
  return (
    <EditBase<MasterPolicy>
      resource="master-policies"
      mutationMode="pessimistic"
      transform={(data) => payloadOf(data as unknown as MasterPolicyForm) as unknown as MasterPolicy}
      redirect={(_resource?: string, id?: Identifier) => relative(id === undefined ? resourcePath.browse("master-policies") : resourcePath.view("master-policies", id))}
    >
      <EditForm />
    </EditBase>
  );
};
