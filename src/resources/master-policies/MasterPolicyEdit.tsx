import { EditBase, useRecordContext, useTranslate, type Identifier } from "react-admin";
import { EditScreen, useRelativePath } from "../common";
import { resourcePath } from "../paths";
import { MasterPolicyInputs } from "./MasterPolicyInputs";
import { formOf, payloadOf, type MasterPolicyForm } from "./masterPolicyForm";
import type { MasterPolicy } from "./types";

const EditForm = () => {
  const translate = useTranslate();
  const record = useRecordContext<MasterPolicy>();
  if (!record) return null;
  return (
    <EditScreen
      resource="master-policies"
      titleKey="resources.master-policies.title.edit"
      title={translate("resources.master-policies.title.edit", { number: record.number })}
      listTitleKey="app.shell.titles.master_policies"
      record={{ id: record.id, label: record.number }}
      values={formOf(record)}
    >
      <MasterPolicyInputs edit />
    </EditScreen>
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
