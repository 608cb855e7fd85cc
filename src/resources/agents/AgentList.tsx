import { CreateButton, DataTable, type Identifier } from "react-admin";
import type { Staff } from "../../dataProvider/types";
import { underscoresToSpaces } from "../../domain/format";
import { PageHeader } from "../../layout/PageHeader";
import { FilterBar, GridDataTable, GridList, KeywordSearch, SelectFilter, YesNoFilter } from "../common";
import { resourcePath } from "../paths";
import { StaffRowActions } from "../staff/StaffActions";
import { StaffEnabled } from "../staff/StaffEnabled";
import { STAFF_SEARCH_TYPES } from "../staff/StaffFilters";
import { useAgencyChoices } from "../staff/StaffInputs";
import { useStaffBulkActions } from "../staff/useStaffBulkActions";

/** Agents are the staff of agencies: the list is always narrowed to them (the server scopes to the caller's tree). */
export const AGENTS_FILTER = { organizable_type: "Agency" };

const AgentFilters = () => {
  const agencies = useAgencyChoices(true).map((agency) => ({ id: String(agency.id), name: agency.name }));
  return (
    <FilterBar>
      <KeywordSearch types={STAFF_SEARCH_TYPES} />
      <SelectFilter path="agency_id" label="resources.agents.filters.agency" choices={agencies} />
      <YesNoFilter path="enabled" label="resources.agents.filters.enabled" />
    </FilterBar>
  );
};

/**
 * /dashboard/agents (document 3 section 2): role with underscores as spaces, name, email, enabled with the pending
 * invitation, agency; toggle enabled and re-invite after confirmation. A row opens agents/view/{id}.
 */
export const AgentList = () => {
  const bulkActions = useStaffBulkActions("agents", AGENTS_FILTER);
  return (
    <>
      <PageHeader titleKey="app.shell.titles.agents" actions={<CreateButton resource="agents" to={resourcePath.create("agents")} label="resources.agents.actions.create" />} />
      <GridList<Staff> resource="agents" title={false} sort={{ field: "created_at", order: "DESC" }} filter={AGENTS_FILTER}>
        <AgentFilters />
        <GridDataTable<Staff> rowClick={(id: Identifier) => resourcePath.view("agents", id)} bulkActions={bulkActions}>
          <DataTable.Col source="role" render={(record) => underscoresToSpaces(record.role)} />
          <DataTable.Col source="profile_attributes.full_name" />
          <DataTable.Col source="email" />
          <DataTable.Col source="enabled" render={(record) => <StaffEnabled record={record as Staff} />} />
          <DataTable.Col source="organizable.title" disableSort />
          <DataTable.Col label="resources.agents.actions.column" disableSort>
            <StaffRowActions />
          </DataTable.Col>
        </GridDataTable>
      </GridList>
    </>
  );
};
