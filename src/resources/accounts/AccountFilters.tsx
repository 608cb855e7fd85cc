import { useCallback } from "react";
import { useDataProvider, type Identifier } from "react-admin";
import type { AppDataProvider } from "../../dataProvider/types";
import { US_STATES } from "../../domain/usStates";
import { AutocompleteFilter, FilterBar, KeywordSearch, SelectFilter, YesNoFilter, type PickerOption } from "../common";
import { TextFilter } from "./TextFilter";

export const ACCOUNT_FILTER_PATHS = {
  title: "title",
  enabled: "enabled",
  agency: "agency_id",
  state: "addresses.state",
  city: "addresses.city",
  zip: "addresses.zip_code",
} as const;

const STATE_CHOICES = US_STATES.map((state) => ({ id: state, name: state }));

/** The agencies the caller may browse, top-level ones with their sub-agencies (GET /agencies/sub_agencies). */
export function useAgencyOptions() {
  const dataProvider = useDataProvider<AppDataProvider>();
  const all = useCallback(async (): Promise<PickerOption[]> => {
    const tree = await dataProvider.getSubAgencies();
    return tree.flatMap((agency) => [{ id: agency.id, title: agency.title }, ...(agency.agencies ?? []).map((sub) => ({ id: sub.id, title: sub.title }))]);
  }, [dataProvider]);
  const search = useCallback(async (text: string) => {
    const options = await all();
    const wanted = text.trim().toLowerCase();
    return wanted ? options.filter((option) => option.title.toLowerCase().includes(wanted)) : options;
  }, [all]);
  const resolve = useCallback(async (ids: Identifier[]) => (await all()).filter((option) => ids.map(String).includes(String(option.id))), [all]);
  return { search, resolve };
}

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
