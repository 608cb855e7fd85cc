import { useCallback, useMemo } from "react";
import { useCanAccess, useDataProvider, type Identifier } from "react-admin";
import type { Account, AppDataProvider } from "../../../dataProvider/types";
import { POLICY_STATUS_FILTER } from "../../../domain/policies";
import type { Role } from "../../../domain/roles";
import { AutocompleteFilter, FilterBar, KeywordSearch, PICKER_PAGE_SIZE, SelectFilter, type Choice, type PickerOption } from "../../common";
import { POLICY_FILTER_PATHS, POLICY_SEARCH_TYPES, POLICY_SOURCE_CHOICES, showsAgencyFilter } from "./policyGridRules";
import { usePolicyTypes } from "./usePolicyTypes";

const STATUS_CHOICES: Choice[] = POLICY_STATUS_FILTER.map((status) => ({ id: status, name: `app.policy_browse.statuses.${status}` }));

/**
 * The policies grid's filters (document 2 section 2): keyword search by type, policy source, policy type (no master
 * or master-coverage types), status (the eight of the spec), carrier, agency and PM account (needs
 * property_management.accounts through the accounts list permission; staff have one account and never see it).
 */
export const PolicyFilters = ({ role }: { role: Role | undefined }) => {
  const dataProvider = useDataProvider<AppDataProvider>();
  const policyTypes = usePolicyTypes();
  const { canAccess: canListAccounts } = useCanAccess({ resource: "accounts", action: "list" });
  const typeChoices = useMemo<Choice[]>(
    () => policyTypes.filter((type) => !type.master && !type.master_coverage).map((type) => ({ id: String(type.id), name: type.title })),
    [policyTypes],
  );

  const searchCarriers = useCallback(
    async (text: string) => (await dataProvider.request<PickerOption[]>("/lookups/carriers", { query: { search: text || undefined } })).json,
    [dataProvider],
  );
  const searchAgencies = useCallback(
    async (text: string) => {
      const tree = await dataProvider.getSubAgencies();
      const all = tree.flatMap((agency) => [{ id: agency.id, title: agency.title }, ...(agency.agencies ?? []).map((sub) => ({ id: sub.id, title: sub.title }))]);
      const needle = text.toLowerCase();
      return all.filter((agency) => agency.title.toLowerCase().includes(needle));
    },
    [dataProvider],
  );
  const searchAccounts = useCallback(
    async (text: string) => {
      const { data } = await dataProvider.getList<Account>("accounts", {
        filter: text ? { title: { like: text } } : {},
        pagination: { page: 1, perPage: PICKER_PAGE_SIZE.accounts },
        sort: { field: "title", order: "ASC" },
      });
      return data.map((account) => ({ id: account.id, title: account.title }));
    },
    [dataProvider],
  );
  const resolveAccounts = useCallback(
    async (ids: Identifier[]) => (await dataProvider.getMany<Account>("accounts", { ids: ids as Account["id"][] })).data.map((a) => ({ id: a.id, title: a.title })),
    [dataProvider],
  );

  return (
    <FilterBar>
      <KeywordSearch types={POLICY_SEARCH_TYPES} />
      <SelectFilter path={POLICY_FILTER_PATHS.source} label="app.policy_browse.filters.source" choices={POLICY_SOURCE_CHOICES} anyLabel="app.policy_browse.source.all" />
      <SelectFilter path={POLICY_FILTER_PATHS.type} label="app.policy_browse.filters.type" choices={typeChoices} />
      <SelectFilter path={POLICY_FILTER_PATHS.status} label="app.policy_browse.filters.status" choices={STATUS_CHOICES} />
      <AutocompleteFilter path={POLICY_FILTER_PATHS.carrier} label="app.policy_browse.filters.carrier" search={searchCarriers} />
      {showsAgencyFilter(role) ? <AutocompleteFilter path={POLICY_FILTER_PATHS.agency} label="app.policy_browse.filters.agency" search={searchAgencies} /> : null}
      {role !== "staff" && canListAccounts ? (
        <AutocompleteFilter path={POLICY_FILTER_PATHS.account} label="app.policy_browse.filters.account" search={searchAccounts} resolve={resolveAccounts} />
      ) : null}
    </FilterBar>
  );
};
