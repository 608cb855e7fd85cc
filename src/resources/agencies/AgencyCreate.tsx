import { Card, CardContent } from "@mui/material";
import { CreateBase, Form, SaveButton, SelectInput, Toolbar, useTranslate, type Identifier } from "react-admin";
import { PageHeader } from "../../layout/PageHeader";
import { useCurrentUser } from "../../layout/useCurrentUser";
import { FormGroup, useRelativePath } from "../common";
import { resourcePath } from "../paths";
import { useAgencyChoices } from "../staff/StaffInputs";
import { AgencyInputs, agencyPayload } from "./AgencyInputs";
import type { Agency } from "./types";

/** A super admin may name a top-level parent (two levels only); agents always create under their own agency. */
const ParentInput = () => {
  const choices = useAgencyChoices(true).filter((choice) => !choice.name.startsWith("— "));
  return (
    <FormGroup title="resources.agencies.fields.agency_id">
      <SelectInput source="agency_id" choices={choices} emptyText="" />
    </FormGroup>
  );
};

/** agencies/create: an agency, or a sub-agency (an agent's always sits under the agent's agency). */
export const AgencyCreate = () => {
  const translate = useTranslate();
  const relative = useRelativePath();
  const { user } = useCurrentUser();
  if (!user) return null;
  const superAdmin = user.role === "super_admin";
  return (
    <CreateBase<Agency>
      resource="agencies"
      transform={(data) => ({ ...agencyPayload(data, false), ...(superAdmin && data.agency_id ? { agency_id: data.agency_id } : {}) }) as unknown as Agency}
      redirect={(_resource?: string, id?: Identifier) => relative(id === undefined ? resourcePath.browse("agencies") : resourcePath.view("agencies", id))}
    >
      <PageHeader
        titleKey={superAdmin ? "resources.agencies.title.create" : "resources.agencies.actions.create_subagency"}
        crumbs={[{ label: translate("app.shell.titles.agencies"), to: resourcePath.browse("agencies") }]}
      />
      <Card>
        <CardContent>
          <Form defaultValues={{ addresses: [] }}>
            {superAdmin && <ParentInput />}
            <AgencyInputs withPermissions={false} />
            <Toolbar>
              <SaveButton />
            </Toolbar>
          </Form>
        </CardContent>
      </Card>
    </CreateBase>
  );
};
