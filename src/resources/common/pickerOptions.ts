import { useCallback } from "react";
import { useDataProvider, type Identifier } from "react-admin";
import type { AppDataProvider } from "../../dataProvider/types";
import type { PickerOption } from "./filters";

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
 * The caller's communities (GET /communities) for a community filter; ids that came from the address are named by
 * the batched lookups by id (getMany of properties: one POST /insurables/list_by_fields, document 3 section 7).
 */
export function useCommunityOptions() {
  const dataProvider = useDataProvider<AppDataProvider>();
  const search = useCallback(async (text: string) => (await dataProvider.searchCommunities({ search: text || undefined })).map((c) => ({ id: c.id, title: c.title })), [dataProvider]);
  const resolve = useCallback(
    async (ids: Identifier[]) => (await dataProvider.getMany<{ id: Identifier; title: string }>("insurable", { ids })).data.map((c) => ({ id: c.id, title: c.title })),
    [dataProvider],
  );
  return { search, resolve };
}
