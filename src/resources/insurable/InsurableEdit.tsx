import { Box, Card, CardContent } from "@mui/material";
import { BooleanInput, EditBase, Form, SaveButton, TextInput, Toolbar, required, useRecordContext, useTranslate, type Identifier } from "react-admin";
import { PageHeader } from "../../layout/PageHeader";
import { useRelativePath } from "../common";
import { resourcePath } from "../paths";
import { AddressInputs } from "./AddressInputs";
import type { Insurable } from "./types";

const EditHeader = () => {
  const translate = useTranslate();
  const record = useRecordContext<Insurable>();
  if (!record) return null;
  return (
    <PageHeader
      titleKey="app.shell.titles.insurable"
      title={translate("resources.insurable.title.edit", { title: record.title })}
      crumbs={[{ label: record.title, to: resourcePath.view("insurable", record.id) }]}
    />
  );
};

/** What the edit form sends: title, flags and the property's own address (type, parent and account never change here). */
export function insurableUpdatePayload(data: Insurable & { address_input?: Record<string, string | null> }) {
  const address = data.address_input;
  return {
    title: data.title,
    enabled: data.enabled,
    ...(address && Object.values(address).some((v) => v) ? { addresses_attributes: [address] } : {}),
  };
}

/** insurable/view/{id}/edit: title, enabled and address; a 422 shows next to its field. */
export const InsurableEdit = () => {
  const relative = useRelativePath();
  return (
    <EditBase<Insurable>
      resource="insurable"
      mutationMode="pessimistic"
      queryOptions={{ select: (record: Insurable) => ({ ...record, address_input: record.addresses?.[0] ?? {} }) as Insurable }}
      transform={(data) => insurableUpdatePayload(data) as unknown as Insurable}
      redirect={(_r?: string, id?: Identifier) => relative(resourcePath.view("insurable", id ?? ""))}
    >
      <EditHeader />
      <Card>
        <CardContent>
          <Form>
            <Box sx={{ display: "grid", gap: 1, maxWidth: 720 }}>
              <TextInput source="title" validate={required()} />
              <BooleanInput source="enabled" />
              <AddressInputs prefix="address_input" mandatory={false} />
            </Box>
            <Toolbar>
              <SaveButton />
            </Toolbar>
          </Form>
        </CardContent>
      </Card>
    </EditBase>
  );
};
