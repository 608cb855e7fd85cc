import { Card, CardContent } from "@mui/material";
import { EditBase, Form, SaveButton, Toolbar, useRecordContext, useTranslate, type Identifier } from "react-admin";
import type { User } from "../../dataProvider/types";
import { PageHeader } from "../../layout/PageHeader";
import { useRelativePath } from "../common";
import { resourcePath } from "../paths";
import { userUpdatePayload } from "./userPayload";
import { UserInputs } from "./UserInputs";
import { userName } from "./userName";

const EditHeader = () => {
  const translate = useTranslate();
  const record = useRecordContext<User>();
  if (!record) return null;
  const name = userName(record);
  return (
    <PageHeader
      titleKey="app.shell.titles.user"
      title={translate("resources.users.title.edit", { name })}
      crumbs={[
        { label: translate("app.shell.titles.users"), to: resourcePath.browse("users") },
        { label: name, to: resourcePath.view("users", record.id) },
      ]}
    />
  );
};

/**
 * users/view/{id}/edit, for callers who may edit users (react-admin checks canAccess users/edit). Pessimistic, so
 * a 422's `errors` show next to their fields and nothing typed is lost; success returns to the detail page.
 */
export const UserEdit = () => {
  const relative = useRelativePath();
  return (
    <EditBase<User>
      resource="users"
      mutationMode="pessimistic"
      transform={(data) => userUpdatePayload(data) as unknown as User}
      redirect={(_resource?: string, id?: Identifier) => relative(id === undefined ? resourcePath.browse("users") : resourcePath.view("users", id))}
    >
      <EditHeader />
      <Card>
        <CardContent>
          <Form>
            <UserInputs />
            <Toolbar>
              <SaveButton />
            </Toolbar>
          </Form>
        </CardContent>
      </Card>
    </EditBase>
  );
};
