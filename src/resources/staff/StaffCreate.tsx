import { Card, CardContent } from "@mui/material";
import { CreateBase, Form, SaveButton, Toolbar, useTranslate } from "react-admin";
import type { Staff } from "../../dataProvider/types";
import { PageHeader } from "../../layout/PageHeader";
import { useCurrentUser } from "../../layout/useCurrentUser";
import { useRelativePath } from "../common";
import { resourcePath } from "../paths";
import { StaffInputs } from "./StaffInputs";

/** Account staff add colleagues to their own account; the others start on a property manager (Account). */
function defaultsFor(user: Pick<Staff, "role" | "organizable_type" | "organizable_id"> | null) {
  if (user?.role === "staff") return { organizable_type: "Account", organizable_id: user.organizable_id };
  return { organizable_type: "Account" };
}

/**
 * staff/create: a new property manager or agent, invited by mail (the invitee sets a password from the link and is
 * pending until then). Pessimistic, so the server's field errors show next to their fields.
 */
export const StaffCreate = () => {
  const translate = useTranslate();
  const relative = useRelativePath();
  const { user } = useCurrentUser();
  if (!user) return null;
  return (
    <CreateBase<Staff> resource="staff" redirect={(_resource, id) => relative(id === undefined ? resourcePath.browse("staff") : resourcePath.view("staff", id))}>
      <PageHeader titleKey="resources.staff.title.create" crumbs={[{ label: translate("app.shell.titles.staff"), to: resourcePath.browse("staff") }]} />
      <Card>
        <CardContent>
          <Form defaultValues={defaultsFor(user)}>
            <StaffInputs role={user.role} />
            <Toolbar>
              <SaveButton label="resources.staff.actions.invite" />
            </Toolbar>
          </Form>
        </CardContent>
      </Card>
    </CreateBase>
  );
};
