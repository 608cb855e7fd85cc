import { Navigate } from "react-router-dom";
import { useCallback } from "react";
import { DataTable, useCanAccess, useDataProvider, useTranslate, type Identifier } from "react-admin";
import type { Account, AppDataProvider } from "../../dataProvider/types";
import { US_STATES } from "../../domain/usStates";
import { PageHeader } from "../../layout/PageHeader";
import { useCurrentUser } from "../../layout/useCurrentUser";
import {
  AutocompleteFilter,
  FilterBar,
  GridDataTable,
  GridList,
  KeywordSearch,
  PICKER_PAGE_SIZE,
  SelectFilter,
  TextFilter,
  useAgencyOptions,
  useCommunityOptions,
  YesNo,
  YesNoFilter,
} from "../common";
import { resourcePath } from "../paths";
import { KIND_TYPES, type Insurable, type Kind } from "./types";

/**
 * The properties grids' filters (issue 14 section 2): title or address search, account, agency (agents and super
 * admins: an agent's tree holds several), community (buildings and units, directly under it or through a building),
 * state and city, and covered and occupied for units.
 */
const InsurableFilters = ({ kind }: { kind: Kind }) => {
  const dataProvider = useDataProvider<AppDataProvider>();
  const { user } = useCurrentUser();
  const agencies = useAgencyOptions();
  const communities = useCommunityOptions();
  const { canAccess: canListAccounts } = useCanAccess({ resource: "accounts", action: "list" });
  const searchAccounts = useCallback(
    async (text: string) =>
      (
        await dataProvider.getList<Account>("accounts", { filter: text ? { title: { like: text } } : {}, pagination: { page: 1, perPage: PICKER_PAGE_SIZE.accounts }, sort: { field: "title", order: "ASC" } })
      ).data.map((a) => ({ id: a.id, title: a.title })),
    [dataProvider],
  );
  const resolveAccounts = useCallback(
    async (ids: Identifier[]) => (await dataProvider.getMany<Account>("accounts", { ids: ids as Account["id"][] })).data.map((a) => ({ id: a.id, title: a.title })),
    [dataProvider],
  );
  return (
    <FilterBar>
      <KeywordSearch
        types={[
          { value: "title", label: "resources.insurable.fields.title", path: "title" },
          { value: "address", label: "resources.insurable.fields.address", path: "address.full" },
        ]}
      />
      {canListAccounts && <AutocompleteFilter path="account_id" label="resources.insurable.fields.account_title" search={searchAccounts} resolve={resolveAccounts} />}
      {(user?.role === "agent" || user?.role === "super_admin") && (
        <AutocompleteFilter path="agency_id" label="resources.insurable.filters.agency" search={agencies.search} resolve={agencies.resolve} />
      )}
      {kind !== "communities" && <AutocompleteFilter path="community_id" label="resources.insurable.filters.community" search={communities.search} resolve={communities.resolve} />}
      <SelectFilter path="address.state" label="resources.insurable.fields.state" choices={US_STATES.map((s) => ({ id: s, name: s }))} />
      <TextFilter path="address.city" label="resources.insurable.fields.city" />
      {kind === "units" && <YesNoFilter path="covered" label="resources.insurable.fields.covered" />}
      {kind === "units" && <YesNoFilter path="occupied" label="resources.insurable.fields.occupied" />}
    </FilterBar>
  );
};

/** insurable/communities, buildings, units (document 3): the caller's properties of one kind, 20 a page by title. */
export const InsurableList = ({ kind }: { kind: Kind }) => {
  const translate = useTranslate();
  return (
    <>
      <PageHeader titleKey={`app.shell.titles.${kind}`} />
      <GridList<Insurable> resource="insurable" storeKey={`insurable.${kind}`} title={false} filter={{ insurable_type_id: KIND_TYPES[kind] }} sort={{ field: "title", order: "ASC" }}>
        <InsurableFilters kind={kind} />
        <GridDataTable<Insurable> rowClick={(id: Identifier) => resourcePath.view("insurable", id)}>
          <DataTable.Col source="title" />
          {kind !== "communities" && <DataTable.Col source="parent_title" />}
          <DataTable.Col source="account_title" />
          <DataTable.Col source="address.full" label="resources.insurable.fields.address" disableSort />
          <DataTable.Col source="address.city" label="resources.insurable.fields.city" />
          <DataTable.Col source="address.state" label="resources.insurable.fields.state" />
          {kind === "communities" && <DataTable.Col source="buildings_count" disableSort />}
          {kind !== "units" && <DataTable.Col source="units_count" disableSort />}
          {kind === "units" && <DataTable.Col source="covered" render={(r) => <YesNo value={r.covered} />} />}
          {kind === "units" && <DataTable.Col source="occupied" render={(r) => <YesNo value={r.occupied} />} />}
          {kind === "communities" && (
            <DataTable.Col source="insurable_type_id" render={(r) => translate(`resources.insurable.types.${r.insurable_type_id}`)} />
          )}
        </GridDataTable>
      </GridList>
    </>
  );
};

export const CommunityList = () => <InsurableList kind="communities" />;
export const BuildingList = () => <InsurableList kind="buildings" />;
export const UnitList = () => <InsurableList kind="units" />;

/** /dashboard/insurable opens the communities (document 1 section 2.2). */
export const ToCommunities = () => <Navigate to="/dashboard/insurable/communities" replace />;
