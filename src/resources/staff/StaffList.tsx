import { CreateButton, DataTable, type Identifier } from "react-admin";
import type { Staff } from "../../dataProvider/types";
import { underscoresToSpaces } from "../../domain/format";
import { PageHeader } from "../../layout/PageHeader";
import { GridDataTable, GridList } from "../common";
import { StaffEnabled } from "./StaffEnabled";
import { resourcePath } from "../paths";
import { StaffRowActions } from "./StaffActions";
import { STAFF_DEFAULT_FILTER, StaffFilters } from "./StaffFilters";
import { useStaffBulkActions } from "./useStaffBulkActions";

/**
 * staff/browse (document 3 section 2): role with underscores as spaces, name, email, enabled (toggle), re-invite
 * until accepted, organizable type and id, agency id. A row opens staff/view/{id}.
 */
export const StaffList = () => {
  const bulkActions = useStaffBulkActions("staff");
  return (
    <>
      <PageHeader titleKey="app.shell.titles.staff" actions={<CreateButton resource="staff" to={resourcePath.create("staff")} label="resources.staff.actions.create" />} />
      <GridList<Staff> resource="staff" title={false} sort={{ field: "created_at", order: "DESC" }} filterDefaultValues={STAFF_DEFAULT_FILTER}>
        <StaffFilters />
        <GridDataTable<Staff> rowClick={(id: Identifier) => resourcePath.view("staff", id)} bulkActions={bulkActions}>
          <DataTable.Col source="role" render={(record) => underscoresToSpaces(record.role)} />
          <DataTable.Col source="profile_attributes.full_name" />
          <DataTable.Col source="email" />
          <DataTable.Col source="enabled" render={(record) => <StaffEnabled record={record as Staff} />} />
          <DataTable.Col source="organizable_type" disableSort />
          <DataTable.Col source="organizable_id" disableSort />
          <DataTable.Col source="agency_id" disableSort />
          <DataTable.Col label="resources.staff.actions.column" disableSort>
            <StaffRowActions />
          </DataTable.Col>
        </GridDataTable>
      </GridList>
    </>
  );
};
