import { Card, CardContent } from "@mui/material";
import { CreateBase, Form, SaveButton, Toolbar, useTranslate, type Identifier } from "react-admin";
import { PageHeader } from "../../layout/PageHeader";
import { useRelativePath } from "../common";
import { resourcePath } from "../paths";
import { CarrierInputs, carrierPayload } from "./CarrierInputs";

/** carriers/create (super admin): a new carrier; a taken title is answered next to the field. */
export const CarrierCreate = () => {
  const translate = useTranslate();
  const relative = useRelativePath();
  return (
    <CreateBase
      resource="carriers"
      transform={carrierPayload}
      redirect={(_r?: string, id?: Identifier) => relative(id === undefined ? resourcePath.browse("carriers") : resourcePath.view("carriers", id))}
    >
      <PageHeader titleKey="resources.carriers.title.create" crumbs={[{ label: translate("app.shell.titles.carriers"), to: resourcePath.browse("carriers") }]} />
      <Card>
        <CardContent>
          <Form defaultValues={{ enabled: true, verifiable: false, syncable: false, rateable: false, quotable: false, bindable: false, policy_type_ids: [] }}>
            <CarrierInputs />
            <Toolbar>
              <SaveButton />
            </Toolbar>
          </Form>
        </CardContent>
      </Card>
    </CreateBase>
  );
};
