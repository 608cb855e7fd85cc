import { Alert } from "@mui/material";
import { CreateButton, DataTable, useCanAccess, useListContext, useTranslate, type Identifier } from "react-admin";
import { useLocation } from "react-router-dom";
import { useNotifyHttpError } from "../../authProvider/AppNotification";
import { PageHeader } from "../../layout/PageHeader";
import { useCurrentUser } from "../../layout/useCurrentUser";
import { GridDataTable, GridList, ONE_LINE_CELL, PICKER_PAGE_SIZE, YesNo, getPath } from "../common";
import { useOrganisationBulkActions } from "../common/OrganisationActions";
import { resourcePath } from "../paths";
import { ACCOUNT_FILTER_PATHS, AccountFilters } from "./AccountFilters";
import type { Account } from "./types";

const chosenAgency = (filterValues: unknown) => {
  const value = getPath(filterValues as Record<string, unknown>, ACCOUNT_FILTER_PATHS.agency);
  return Array.isArray(value) ? value.length > 0 : value !== undefined && value !== null && value !== "";
};

/** The agency chosen in the address's filter (the grid keeps its filters there). */
function useAgencyInUrl(): boolean {
  const { search } = useLocation();
  try {
    return chosenAgency(JSON.parse(new URLSearchParams(search).get("filter") ?? "{}"));
  } catch {
    return false;
  }
}

/** A super admin sees the hint until an agency is chosen; the grid's rows wait for it (document 3 section 2). */
const AccountGrid = ({ needsAgency }: { needsAgency: boolean }) => {
  const translate = useTranslate();
  const { filterValues } = useListContext();
  const bulkActions = useOrganisationBulkActions("accounts");
  if (needsAgency && !chosenAgency(filterValues)) return <Alert severity="info" sx={{ m: 2 }}>{translate("app.shell.agency_picker.hint")}</Alert>;
  return (
    <GridDataTable<Account> rowClick={(id: Identifier) => resourcePath.view("accounts", id)} bulkActions={bulkActions}>
      <DataTable.Col source="title" />
      <DataTable.Col source="enabled" render={(record) => <YesNo value={record.enabled} />} />
      <DataTable.Col source="agency.title" />
      <DataTable.Col source="contact_info.contact_phone" disableSort cellSx={ONE_LINE_CELL} />
      <DataTable.Col source="contact_info.contact_email" disableSort />
      <DataTable.Col source="primary_address.full" disableSort />
    </GridDataTable>
  );
};

/**
 * accounts/browse (document 3 sections 2 and 9): title, enabled, agency, contact phone and email, primary address;
 * 10 to a page (a searchable list). Agents see their agency tree, staff their own account.
 */
export const AccountList = () => {
  const { user } = useCurrentUser();
  const { canAccess: canCreate } = useCanAccess({ resource: "accounts", action: "create" });
  const needsAgency = user?.role === "super_admin";
  const agencyChosen = useAgencyInUrl();
  const notifyHttpError = useNotifyHttpError();
  return (
    <>
      <PageHeader
        titleKey="app.shell.titles.accounts"
        actions={canCreate ? <CreateButton resource="accounts" to={resourcePath.create("accounts")} label="resources.accounts.actions.create" /> : null}
      />
      <GridList<Account>
        resource="accounts"
        title={false}
        perPage={PICKER_PAGE_SIZE.accounts}
        sort={{ field: "title", order: "ASC" }}
        queryOptions={{ enabled: Boolean(user) && (!needsAgency || agencyChosen), onError: notifyHttpError }}
      >
        <AccountFilters showAgency={user?.role === "super_admin" || user?.role === "agent"} />
        <AccountGrid needsAgency={needsAgency} />
      </GridList>
    </>
  );
};
