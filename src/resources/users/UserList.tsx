import { DataTable, DateField, type Identifier } from "react-admin";
import type { User } from "../../dataProvider/types";
import { PageHeader } from "../../layout/PageHeader";
import { GridDataTable, GridList, ONE_LINE_CELL, YesNo } from "../common";
import { resourcePath } from "../paths";
import { UserFilters } from "./UserFilters";

/** users/browse (document 3 section 2): customers of the caller's scope; a row opens users/view/{id}. */
export const UserList = () => (
  <>
    <PageHeader titleKey="app.shell.titles.users" />
    <GridList<User> resource="users" title={false} sort={{ field: "created_at", order: "DESC" }}>
      <UserFilters />
      <GridDataTable<User> rowClick={(id: Identifier) => resourcePath.view("users", id)}>
        <DataTable.Col source="profile_attributes.full_name" />
        <DataTable.Col source="email" />
        <DataTable.Col source="profile_attributes.contact_email" disableSort />
        <DataTable.Col source="profile_attributes.contact_phone" disableSort cellSx={ONE_LINE_CELL} />
        <DataTable.Col source="t_code" disableSort />
        <DataTable.Col source="has_current_leases" disableSort render={(record) => <YesNo value={record.has_current_leases} />} />
        <DataTable.Col source="has_existing_policies" disableSort render={(record) => <YesNo value={record.has_existing_policies} />} />
        <DataTable.Col source="created_at" field={DateField} />
      </GridDataTable>
    </GridList>
  </>
);
