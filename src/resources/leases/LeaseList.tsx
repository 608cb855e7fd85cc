import { Button } from "@mui/material";
import { CreateButton, DataTable, useCanAccess, useTranslate, type Identifier } from "react-admin";
import { Link as RouterLink } from "react-router-dom";
import { LEASE_STATUSES } from "../../domain/leases";
import { PageHeader } from "../../layout/PageHeader";
import { AutocompleteFilter, FilterBar, GridDataTable, GridList, KeywordSearch, SelectFilter, useCommunityOptions, YesNo } from "../common";
import { resourcePath } from "../paths";
import type { Lease } from "./types";

const LeaseFilters = () => {
  const communities = useCommunityOptions();
  return (
    <FilterBar>
      <KeywordSearch
        types={[
          { value: "tenant_email", label: "resources.leases.search.tenant_email", path: "tenant.email" },
          { value: "tenant_name", label: "resources.leases.search.tenant_name", path: "tenant.full_name" },
          { value: "unit", label: "resources.leases.search.unit", path: "unit.title" },
        ]}
      />
      <AutocompleteFilter path="community_id" label="resources.leases.filters.community" search={communities.search} resolve={communities.resolve} />
      <SelectFilter path="status" label="resources.leases.filters.status" choices={LEASE_STATUSES.map((s) => ({ id: s, name: `resources.leases.statuses.${s}` }))} />
    </FilterBar>
  );
};

const Actions = () => {
  const translate = useTranslate();
  const { canAccess } = useCanAccess({ resource: "leases", action: "create" });
  if (!canAccess) return null;
  return (
    <>
      <Button variant="outlined" component={RouterLink} to="/dashboard/leases/import">
        {translate("resources.leases.actions.import")}
      </Button>
      <CreateButton resource="leases" to={resourcePath.create("leases")} label="resources.leases.actions.create" />
    </>
  );
};

/** leases (document 3): unit, community, status, dates and tenants, 20 a page, newest start first. */
export const LeaseList = () => {
  const translate = useTranslate();
  return (
    <>
      <PageHeader titleKey="app.shell.titles.leases" actions={<Actions />} />
      <GridList<Lease> resource="leases" title={false} sort={{ field: "start_date", order: "DESC" }}>
        <LeaseFilters />
        <GridDataTable<Lease> rowClick={(id: Identifier) => resourcePath.view("leases", id)}>
          <DataTable.Col source="unit.title" />
          <DataTable.Col source="community.title" />
          <DataTable.Col source="status" render={(r) => translate(`resources.leases.statuses.${r.status}`)} />
          <DataTable.Col source="start_date" />
          <DataTable.Col source="end_date" />
          <DataTable.Col source="tenants" disableSort render={(r: Lease) => r.lease_users.map((u) => u.full_name ?? u.email).join(", ")} />
          <DataTable.Col source="covered" disableSort render={(r) => <YesNo value={r.covered} />} />
        </GridDataTable>
      </GridList>
    </>
  );
};
