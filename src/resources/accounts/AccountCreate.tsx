import { Card, CardContent } from "@mui/material";
import { CreateBase, Form, SaveButton, Toolbar, useTranslate, type Identifier } from "react-admin";
import { PageHeader } from "../../layout/PageHeader";
import { useCurrentUser } from "../../layout/useCurrentUser";
import { useRelativePath } from "../common";
import { resourcePath } from "../paths";
import { AccountInputs, accountPayload } from "./AccountInputs";
import type { Account } from "./types";

/** accounts/create: agents start in their own agency; the new account's page opens after saving. */
export const AccountCreate = () => {
  const translate = useTranslate();
  const relative = useRelativePath();
  const { user } = useCurrentUser();
  if (!user) return null;
  return (
    <CreateBase<Account>
      resource="accounts"
      transform={(data) => accountPayload(data) as unknown as Account}
      redirect={(_resource?: string, id?: Identifier) => relative(id === undefined ? resourcePath.browse("accounts") : resourcePath.view("accounts", id))}
    >
      <PageHeader titleKey="resources.accounts.title.create" crumbs={[{ label: translate("app.shell.titles.accounts"), to: resourcePath.browse("accounts") }]} />
      <Card>
        <CardContent>
          <Form defaultValues={{ agency_id: user.role === "agent" ? user.organizable_id : undefined, additional_interest: true, addresses: [{}] }}>
            <AccountInputs role={user.role} />
            <Toolbar>
              <SaveButton />
            </Toolbar>
          </Form>
        </CardContent>
      </Card>
    </CreateBase>
  );
};
