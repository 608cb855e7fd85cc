import { EditBase, useRecordContext, useTranslate, type Identifier } from "react-admin";
import { useCurrentUser } from "../../layout/useCurrentUser";
import { EditScreen, useRelativePath } from "../common";
import { resourcePath } from "../paths";
import { AccountInputs, accountFormValues, accountPayload, editsAccountPermissions } from "./AccountInputs";
import type { Account } from "./types";

const EditForm = () => {
  const translate = useTranslate();
  const record = useRecordContext<Account>();
  const { user } = useCurrentUser();
  if (!record) return null;
  return (
    <EditScreen
      resource="accounts"
      titleKey="app.shell.titles.account"
      title={translate("resources.accounts.title.edit", { name: record.title })}
      listTitleKey="app.shell.titles.accounts"
      record={{ id: record.id, label: record.title }}
      values={accountFormValues(record)}
    >
      <AccountInputs role={user?.role} permissionsAbove={record.agency_permission} />
    </EditScreen>
  );
};

/** accounts/view/{id}/edit: pessimistic, so a 422's field errors show next to their fields; back to the account. */
export const AccountEdit = () => {
  const relative = useRelativePath();
  const { user } = useCurrentUser();
  return (
    <EditBase<Account>
      resource="accounts"
      mutationMode="pessimistic"
      transform={(data) => accountPayload(data, editsAccountPermissions(user?.role)) as unknown as Account}
      redirect={(_resource?: string, id?: Identifier) => relative(id === undefined ? resourcePath.browse("accounts") : resourcePath.view("accounts", id))}
    >
      <EditForm />
    </EditBase>
  );
};
