import { CreateButton, DataTable, useCanAccess, type Identifier } from "react-admin";
import { PageHeader } from "../../layout/PageHeader";
import { useCurrentUser } from "../../layout/useCurrentUser";
import { FilterBar, GridDataTable, GridList, KeywordSearch, PICKER_PAGE_SIZE, YesNo, YesNoFilter } from "../common";
import { useOrganisationBulkActions } from "../common/OrganisationActions";
import { resourcePath } from "../paths";
import type { Agency } from "./types";

const AgencyFilters = () => (
  <FilterBar>
    <KeywordSearch types={[{ value: "title", label: "resources.agencies.search.title", path: "title" }]} />
    <YesNoFilter path="enabled" label="resources.agencies.filters.enabled" />
  </FilterBar>
);

/**
 * agencies/browse and subagencies (document 3 sections 2 and 9): super admins see the top-level agencies with their
 * sub-agencies, or every agency with its parent on the Sub-Agencies screen; agents their own agency tree. 10 to a page.
 */
export const AgencyList = ({ withSubagencies = false }: { withSubagencies?: boolean }) => {
  const { user } = useCurrentUser();
  const { canAccess: canCreate } = useCanAccess({ resource: "agencies", action: "create" });
  const bulkActions = useOrganisationBulkActions("agencies", withSubagencies ? { with_subagencies: true } : undefined);
  const createLabel = user?.role === "agent" ? "resources.agencies.actions.create_subagency" : "resources.agencies.actions.create";
  return (
    <>
      <PageHeader
        titleKey={withSubagencies ? "app.shell.titles.subagencies" : "app.shell.titles.agencies"}
        actions={canCreate ? <CreateButton resource="agencies" to={resourcePath.create("agencies")} label={createLabel} /> : null}
      />
      <GridList<Agency>
        resource="agencies"
        title={false}
        perPage={PICKER_PAGE_SIZE.agencies}
        sort={{ field: "title", order: "ASC" }}
        filter={withSubagencies ? { with_subagencies: true } : undefined}
      >
        <AgencyFilters />
        <GridDataTable<Agency> rowClick={(id: Identifier) => resourcePath.view("agencies", id)} bulkActions={bulkActions}>
          <DataTable.Col source="title" />
          <DataTable.Col source="enabled" render={(record) => <YesNo value={record.enabled} />} />
          {withSubagencies || user?.role === "agent" ? (
            <DataTable.Col source="parent.title" disableSort />
          ) : (
            <DataTable.Col source="agencies" disableSort render={(record) => (record as Agency).agencies?.map((sub) => sub.title).join(", ") || "—"} />
          )}
          <DataTable.Col source="producer_code" disableSort />
          <DataTable.Col source="accounts_count" disableSort />
          <DataTable.Col source="contact_info.contact_email" disableSort />
        </GridDataTable>
      </GridList>
    </>
  );
};

/** /dashboard/subagencies: the same screen listing every agency with its parent (document 3 section 2). */
export const SubAgencyList = () => <AgencyList withSubagencies />;
