import { US_STATES } from "../../domain/usStates";
import { AutocompleteFilter, FilterBar, KeywordSearch, SelectFilter, TextFilter, useAgencyOptions, YesNoFilter } from "../common";

export const ACCOUNT_FILTER_PATHS = {
  title: "title",
  enabled: "enabled",
  agency: "agency_id",
  state: "addresses.state",
  city: "addresses.city",
  zip: "addresses.zip_code",
} as const;

const STATE_CHOICES = US_STATES.map((state) => ({ id: state, name: state }));

/**
 * Accounts grid filters (document 3 sections 2 and 7; reference 4.1): title search, enabled, agency (a super admin
 * must choose one before accounts load), state, city, zip.
 */
export const AccountFilters = ({ showAgency }: { showAgency: boolean }) => {
  const agencies = useAgencyOptions();
  return (
    <FilterBar>
      <KeywordSearch types={[{ value: "title", label: "resources.accounts.search.title", path: ACCOUNT_FILTER_PATHS.title }]} />
      {showAgency && <AutocompleteFilter path={ACCOUNT_FILTER_PATHS.agency} label="resources.accounts.filters.agency" search={agencies.search} resolve={agencies.resolve} />}
      <YesNoFilter path={ACCOUNT_FILTER_PATHS.enabled} label="resources.accounts.filters.enabled" />
      <SelectFilter path={ACCOUNT_FILTER_PATHS.state} label="resources.accounts.filters.state" choices={STATE_CHOICES} />
      <TextFilter path={ACCOUNT_FILTER_PATHS.city} label="resources.accounts.filters.city" />
      <TextFilter path={ACCOUNT_FILTER_PATHS.zip} label="resources.accounts.filters.zip_code" />
    </FilterBar>
  );
};
