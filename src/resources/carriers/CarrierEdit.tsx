import { Card, CardContent } from "@mui/material";
import { EditBase, Form, SaveButton, Toolbar, useRecordContext, useTranslate, type Identifier } from "react-admin";
import { PageHeader } from "../../layout/PageHeader";
import { useRelativePath } from "../common";
import { resourcePath } from "../paths";
import { CarrierInputs, carrierPayload } from "./CarrierInputs";
import type { Carrier } from "./types";

const EditHeader = () => {
  const translate = useTranslate();
  const record = useRecordContext<Carrier>();
  if (!record) return null;
  return (
    <PageHeader
      titleKey="app.shell.titles.carriers"
      title={translate("resources.carriers.title.edit", { title: record.title })}
      crumbs={[
        { label: translate("app.shell.titles.carriers"), to: resourcePath.browse("carriers") },
        { label: record.title, to: resourcePath.view("carriers", record.id) },
      ]}
    />
  );
};

/** carriers/view/{id}/edit (super admin); pessimistic, so a 422 shows next to its field and nothing typed is lost. */
export const CarrierEdit = () => {
  const relative = useRelativePath();
  return (
    <EditBase<Carrier>
      resource="carriers"
      mutationMode="pessimistic"
      transform={(data) => carrierPayload(data) as unknown as Carrier}
      redirect={(_r?: string, id?: Identifier) => relative(id === undefined ? resourcePath.browse("carriers") : resourcePath.view("carriers", id))}
    >
      <EditHeader />
      <Card>
        <CardContent>
          <Form>
            <CarrierInputs />
            <Toolbar>
              <SaveButton />
            </Toolbar>
          </Form>
        </CardContent>
      </Card>
    </EditBase>
  );
};
