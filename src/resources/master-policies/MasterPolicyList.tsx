import { Button } from "@mui/material";
import { CanAccess, DataTable, useTranslate, type Identifier } from "react-admin";
import { Link as RouterLink } from "react-router-dom";
import { formatCents } from "../../domain/money";
import { formatLongDate, humanizeEnum } from "../../domain/format";
import { PageHeader } from "../../layout/PageHeader";
import { FilterBar, GridDataTable, GridList, KeywordSearch, SelectFilter } from "../common";
import { resourcePath } from "../paths";
import type { MasterPolicy } from "./types";

const k = (key: string) => `resources.master-policies.${key}`;

const SEARCH_TYPES = [
  { value: "number", label: k("fields.number"), path: "number" },
  { value: "account", label: k("fields.account"), path: "account.title" },
  { value: "carrier", label: k("fields.carrier"), path: "carrier.title" },
];
const STATUSES = ["BOUND", "CANCELLED", "EXPIRED"].map((id) => ({ id, name: humanizeEnum(id) }));

const CreateAction = () => {
  const translate = useTranslate();
  return (
    <CanAccess resource="master-policies" action="create">
      <Button variant="contained" component={RouterLink} to={resourcePath.create("master-policies")}>
        {translate(k("actions.create"))}
      </Button>
    </CanAccess>
  );
};

/**
 * master-policies/browse (document 3 section 2): number, account, carrier, status, dates and covered units of the
 * caller's master policies, 20 a page, search and status filter kept in the address; a row opens its page.
 */
export const MasterPolicyList = () => (
  <>
    <PageHeader titleKey="app.shell.titles.master_policies" actions={<CreateAction />} />
    <GridList<MasterPolicy> resource="master-policies" title={false} sort={{ field: "created_at", order: "DESC" }}>
      <FilterBar>
        <KeywordSearch types={SEARCH_TYPES} />
        <SelectFilter path="status" label={k("fields.status")} choices={STATUSES} />
      </FilterBar>
      <GridDataTable<MasterPolicy> rowClick={(id: Identifier) => resourcePath.view("master-policies", id)}>
        <DataTable.Col source="number" label={k("fields.number")} />
        <DataTable.Col source="account.title" label={k("fields.account")} />
        <DataTable.Col source="carrier.title" label={k("fields.carrier")} />
        <DataTable.Col source="status" label={k("fields.status")} render={(record) => humanizeEnum(record.status)} />
        <DataTable.Col source="effective_date" label={k("fields.effective_date")} render={(record) => formatLongDate(record.effective_date)} />
        <DataTable.Col source="expiration_date" label={k("fields.expiration_date")} render={(record) => formatLongDate(record.expiration_date)} />
        <DataTable.Col source="total" label={k("fields.total")} disableSort render={(record) => formatCents(record.total)} />
        <DataTable.Col source="covered_units" label={k("fields.covered_units")} />
      </GridDataTable>
    </GridList>
  </>
);
