import { useEffect, useState } from "react";
import { Card, CardContent, Stack } from "@mui/material";
import { AutocompleteInput, BooleanInput, Form, FormDataConsumer, PasswordInput, SaveButton, SelectInput, TextInput, Toolbar, required, useDataProvider, useTranslate } from "react-admin";
import { useNavigate, useSearchParams } from "react-router-dom";
import { PageHeader } from "../../layout/PageHeader";
import { FormGroup } from "../common";
import { failureText, useRequest } from "../common/useRequest";
import { resourcePath } from "../paths";
import type { Integration, Provider } from "./types";

const k = (key: string) => `resources.integrations.${key}`;

interface ConnectForm {
  account_id: number | null;
  provider: Provider;
  url: string;
  username: string;
  password: string;
  database: string;
  /** Yardi's interface login: the database server and the licence Yardi issued (server/integrations/yardi). */
  server_name?: string;
  interface_license?: string;
  pull_policies: boolean;
  push_policies: boolean;
  push_master_policy_invoices: boolean;
}

const NEW: ConnectForm = { account_id: null, provider: "yardi", url: "", username: "", password: "", database: "", pull_policies: true, push_policies: false, push_master_policy_invoices: false };

/** The server's field errors (`credentials.url`) on the form's fields (`url`). */
const formErrors = (errors: Record<string, string>) => Object.fromEntries(Object.entries(errors).map(([field, text]) => [field.replace(/^credentials\./, "").replace(/^sync\./, ""), text]));

/**
 * integrations/create: connect an account to Yardi or Entrata (reference section 4.13). Saving checks the
 * credentials with the provider and loads its properties and charge codes; the integration's page then opens,
 * with what the provider said (active, or the problem) on it.
 */
export const IntegrationCreate = () => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const dataProvider = useDataProvider();
  const { request, say } = useRequest();
  const [accounts, setAccounts] = useState<Array<{ id: number; title: string }>>([]);
  useEffect(() => {
    dataProvider.getList("accounts", { filter: {}, pagination: { page: 1, perPage: 1000 }, sort: { field: "title", order: "ASC" } }).then(
      ({ data }) => setAccounts(data as Array<{ id: number; title: string }>),
      () => setAccounts([]),
    );
  }, [dataProvider]);
  const providers = (["yardi", "entrata"] as const).map((id) => ({ id, name: translate(k(`providers.${id}`)) }));
  // Opened from an account's Yardi tab: that account and provider are chosen already.
  const [search] = useSearchParams();
  const preset: ConnectForm = {
    ...NEW,
    account_id: Number(search.get("account_id")) || null,
    provider: providers.find((p) => p.id === search.get("provider"))?.id ?? NEW.provider,
  };

  const submit = async (values: Record<string, unknown>) => {
    const form = values as unknown as ConnectForm;
    try {
      const { json } = await request<Integration>(`/integrations/${form.provider}`, {
        method: "POST",
        body: {
          account_id: form.account_id,
          credentials: {
            url: form.url,
            username: form.username,
            password: form.password,
            database: form.database,
            ...(form.provider === "yardi" && form.server_name ? { server_name: form.server_name } : {}),
            ...(form.provider === "yardi" && form.interface_license ? { interface_license: form.interface_license } : {}),
          },
          sync: { pull_policies: form.pull_policies, push_policies: form.push_policies, push_master_policy_invoices: form.push_master_policy_invoices },
        },
      });
      say("success", k("messages.created"));
      navigate(resourcePath.view("integrations", json.id));
      return undefined;
    } catch (error) {
      const errors = (error as { body?: { errors?: Record<string, string> } }).body?.errors;
      if (errors && typeof errors === "object") return formErrors(errors);
      say("error", k("messages.failed"), failureText(error));
      return undefined;
    }
  };

  return (
    <Stack spacing={2}>
      <PageHeader
        titleKey={k("actions.create")}
        title={translate(k("actions.create"))}
        crumbs={[{ label: translate("app.shell.titles.integrations"), to: resourcePath.browse("integrations") }]}
      />
      <Card>
        <Form defaultValues={preset} onSubmit={submit}>
          <CardContent>
            <FormGroup title={k("fields.account")}>
              <AutocompleteInput source="account_id" label={k("fields.account")} choices={accounts} optionText="title" validate={required()} helperText={k("hints.account")} />
              <SelectInput source="provider" label={k("fields.provider")} choices={providers} validate={required()} />
            </FormGroup>
            <FormGroup title={k("sections.credentials")}>
              <TextInput source="url" label={k("fields.url")} validate={required()} helperText={k("hints.url")} />
              <TextInput source="database" label={k("fields.database")} validate={required()} />
              <TextInput source="username" label={k("fields.username")} validate={required()} autoComplete="off" />
              <PasswordInput source="password" label={k("fields.password")} validate={required()} autoComplete="new-password" />
              <FormDataConsumer<ConnectForm>>
                {({ formData }) =>
                  formData.provider === "yardi" ? (
                    <>
                      <TextInput source="server_name" label={k("fields.server_name")} autoComplete="off" />
                      <PasswordInput source="interface_license" label={k("fields.interface_license")} autoComplete="off" />
                    </>
                  ) : null
                }
              </FormDataConsumer>
            </FormGroup>
            <FormGroup title={k("sections.settings")}>
              <BooleanInput source="pull_policies" label={k("fields.pull_policies")} />
              <BooleanInput source="push_policies" label={k("fields.push_policies")} />
              <BooleanInput source="push_master_policy_invoices" label={k("fields.push_master_policy_invoices")} />
            </FormGroup>
          </CardContent>
          <Toolbar>
            <SaveButton label={k("actions.save")} alwaysEnable />
          </Toolbar>
        </Form>
      </Card>
    </Stack>
  );
};
