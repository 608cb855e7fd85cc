import { useCallback } from "react";
import { useCanAccess, useDataProvider, useListContext, type Identifier } from "react-admin";
import type { AppDataProvider, Account } from "../../dataProvider/types";
import { AutocompleteFilter, FilterBar, getPath, KeywordSearch, PICKER_PAGE_SIZE, YesNoFilter, type PickerOption } from "../common";
import { USER_FILTER_PATHS, USER_SEARCH_TYPES } from "./userSearch";

/** Community titles seen in this tab, so chips read right after a reload (the URL keeps only ids). */
const COMMUNITY_TITLES_KEY = "coverdesk.communityTitles";

function rememberCommunities(options: PickerOption[]) {
  try {
    const known = JSON.parse(sessionStorage.getItem(COMMUNITY_TITLES_KEY) ?? "{}") as Record<string, string>;
    for (const option of options) known[String(option.id)] = option.title;
    sessionStorage.setItem(COMMUNITY_TITLES_KEY, JSON.stringify(known));
  } catch {
    // Session storage full or unavailable: chips fall back to "#id".
  }
}

function knownCommunities(ids: Identifier[]): PickerOption[] {
  try {
    const known = JSON.parse(sessionStorage.getItem(COMMUNITY_TITLES_KEY) ?? "{}") as Record<string, string>;
    return ids.filter((id) => known[String(id)]).map((id) => ({ id, title: known[String(id)] }));
  } catch {
    return [];
  }
}

/**
 * Users grid filters (document 3 sections 2 and 6): keyword search, accounts (only for a caller who may list
 * accounts: the account filter needs property_management.accounts, and account staff only have their own),
 * communities, has current leases, has existing policies.
 */
export const UserFilters = () => {
  const dataProvider = useDataProvider<AppDataProvider>();
  const { filterValues } = useListContext();
  const { canAccess: canListAccounts } = useCanAccess({ resource: "accounts", action: "list" });
  const accountIds = getPath(filterValues, USER_FILTER_PATHS.accounts);
  const singleAccount = Array.isArray(accountIds) && accountIds.length === 1 ? (accountIds[0] as Identifier) : undefined;

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
  const searchCommunities = useCallback(
    async (text: string) => {
      const list = await dataProvider.searchCommunities({ search: text || undefined, account_id: singleAccount });
      const options = list.map((community) => ({ id: community.id, title: community.title }));
      rememberCommunities(options);
      return options;
    },
    [dataProvider, singleAccount],
  );
  const resolveCommunities = useCallback(async (ids: Identifier[]) => knownCommunities(ids), []);

  return (
    <FilterBar>
      <KeywordSearch types={USER_SEARCH_TYPES} />
      {canListAccounts ? (
        <AutocompleteFilter path={USER_FILTER_PATHS.accounts} label="resources.users.filters.accounts" search={searchAccounts} resolve={resolveAccounts} />
      ) : null}
      <AutocompleteFilter
        path={USER_FILTER_PATHS.communities}
        label="resources.users.filters.communities"
        search={searchCommunities}
        resolve={resolveCommunities}
      />
      <YesNoFilter path={USER_FILTER_PATHS.hasCurrentLeases} label="resources.users.filters.has_current_leases" />
      <YesNoFilter path={USER_FILTER_PATHS.hasExistingPolicies} label="resources.users.filters.has_existing_policies" />
    </FilterBar>
  );
};
