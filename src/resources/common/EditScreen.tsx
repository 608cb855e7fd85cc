import type { ReactNode } from "react";
import { Card, CardContent } from "@mui/material";
import { Form, SaveButton, Toolbar, useTranslate, type Identifier, type RaRecord } from "react-admin";
import { PageHeader } from "../../layout/PageHeader";
import { resourcePath } from "../paths";

export interface EditScreenProps {
  resource: string;
  /** The page header's title key (the tab title), and the heading as shown. */
  titleKey: string;
  title: string;
  /** The list's crumb, a title key. */
  listTitleKey: string;
  /** The record's crumb: its id and how it is named (title, number). */
  record: { id: Identifier; label: string };
  /** The form's starting values. */
  values: Partial<RaRecord>;
  children: ReactNode;
}

/**
 * An edit screen's page inside its EditBase: the header with the crumbs back to the list and to the record, then the
 * form with its inputs and Save. The EditBase around it decides saving (pessimistic, transform, where to go after).
 */
export function EditScreen({ resource, titleKey, title, listTitleKey, record, values, children }: EditScreenProps) {
  const translate = useTranslate();
  return (
    <>
      <PageHeader
        titleKey={titleKey}
        title={title}
        crumbs={[
          { label: translate(listTitleKey), to: resourcePath.browse(resource) },
          { label: record.label, to: resourcePath.view(resource, record.id) },
        ]}
      />
      <Card>
        <CardContent>
          <Form record={values}>
            {children}
            <Toolbar>
              <SaveButton />
            </Toolbar>
          </Form>
        </CardContent>
      </Card>
    </>
  );
}
