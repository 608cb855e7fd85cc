import { Button } from "@mui/material";
import { CanAccess, DataTable, useTranslate, type Identifier } from "react-admin";
import { Link as RouterLink } from "react-router-dom";
import { when } from "./format";
import { PageHeader } from "../../layout/PageHeader";
import { FilterBar, GridDataTable, GridList, KeywordSearch, SelectFilter, YesNo } from "../common";
import { resourcePath } from "../paths";
import type { IntegrationRow } from "./types";

const k = (key: string) => `resources.integrations.${key}`;
const SEARCH_TYPES = [{ value: "account", label: k("fields.account"), path: "account.title" }];

const Actions = () => {
  const translate = useTranslate();
  return (
    <>
      <Button component={RouterLink} to="/dashboard/integration-health">
        {translate(k("actions.health"))}
      </Button>
      <CanAccess resource="integrations" action="create">
        <Button variant="contained" component={RouterLink} to={resourcePath.create("integrations")}>
          {translate(k("actions.create"))}
        </Button>
      </CanAccess>
    </>
  );
};

/**
 * integrations/browse (document 3 sections 2, 7, 9): every connected account with its provider, whether the
 * provider accepts the credentials, its properties, last sync and records in error; 20 a page, filters in the address.
 */
export const IntegrationList = () => {
  const translate = useTranslate();
  const providers = (["yardi", "entrata"] as const).map((id) => ({ id, name: translate(k(`providers.${id}`)) }));
  return (
    <>
      <PageHeader titleKey="app.shell.titles.integrations" actions={<Actions />} />
      <GridList<IntegrationRow> resource="integrations" title={false} sort={{ field: "id", order: "ASC" }}>
        <FilterBar>
          <KeywordSearch types={SEARCH_TYPES} />
          <SelectFilter path="provider" label={k("fields.provider")} choices={providers} />
        </FilterBar>
        <GridDataTable<IntegrationRow> rowClick={(id: Identifier) => resourcePath.view("integrations", id)}>
          <DataTable.Col source="id" label={k("fields.id")} />
          <DataTable.Col source="account.title" label={k("fields.account")} />
          <DataTable.Col source="provider" label={k("fields.provider")} render={(r) => translate(k(`providers.${r.provider}`))} />
          <DataTable.Col source="active" label={k("fields.active")} disableSort render={(r) => <YesNo value={r.active} />} />
          <DataTable.Col source="properties_count" label={k("fields.properties")} disableSort render={(r) => `${r.enabled_properties_count} / ${r.properties_count}`} />
          <DataTable.Col source="last_synced_at" label={k("fields.last_synced_at")} render={(r) => when(r.last_synced_at)} />
          <DataTable.Col source="last_run_status" label={k("fields.last_run_status")} disableSort render={(r) => (r.last_run_status ? translate(k(`statuses.${r.last_run_status}`)) : "")} />
          <DataTable.Col source="open_errors" label={k("fields.open_errors")} disableSort />
        </GridDataTable>
      </GridList>
    </>
  );
};
