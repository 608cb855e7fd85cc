import { EditBase, useRecordContext, useTranslate, type Identifier } from "react-admin";
import { useCurrentUser } from "../../layout/useCurrentUser";
import { EditScreen, useRelativePath } from "../common";
import { resourcePath } from "../paths";
import { AgencyInputs, agencyFormValues, agencyPayload } from "./AgencyInputs";
import type { Agency } from "./types";

const EditForm = () => {
  const translate = useTranslate();
  const record = useRecordContext<Agency>();
  const { user } = useCurrentUser();
  if (!record) return null;
  // Agents never change their own agency's keys; they do their sub-agencies' (reference 3.2).
  const withPermissions = user?.role === "super_admin" || (user?.role === "agent" && record.id !== user.organizable_id);
  return (
    <EditScreen
      resource="agencies"
      titleKey="app.shell.titles.agency"
      title={translate("resources.agencies.title.edit", { name: record.title })}
      listTitleKey="app.shell.titles.agencies"
      record={{ id: record.id, label: record.title }}
      values={agencyFormValues(record)}
    >
      <AgencyInputs withPermissions={withPermissions} above={record.parent_permission} />
    </EditScreen>
  );
};

/** agencies/view/{id}/edit ("Agency Details" for an agent's own agency): pessimistic, field errors in place. */
export const AgencyEdit = () => {
  const relative = useRelativePath();
  const { user } = useCurrentUser();
  return (
    <EditBase<Agency>
      resource="agencies"
      mutationMode="pessimistic"
      transform={(data) => agencyPayload(data, user?.role === "super_admin" || (user?.role === "agent" && data.id !== user.organizable_id)) as unknown as Agency}
      redirect={(_resource?: string, id?: Identifier) => relative(id === undefined ? resourcePath.browse("agencies") : resourcePath.view("agencies", id))}
    >
      <EditForm />
    </EditBase>
  );
};
