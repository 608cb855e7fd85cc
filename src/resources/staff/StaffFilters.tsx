import { useCanAccess } from "react-admin";
import { FilterBar, KeywordSearch, SelectFilter, YesNoFilter, type SearchType } from "../common";

export const STAFF_SEARCH_TYPES: SearchType[] = [
  { value: "full_name", label: "resources.staff.search.full_name", path: "profile.full_name" },
  { value: "email", label: "resources.staff.search.email", path: "email" },
];

const ORGANIZABLE_TYPES = [
  { id: "Account", name: "resources.staff.organizable_types.Account" },
  { id: "Agency", name: "resources.staff.organizable_types.Agency" },
];

/** Grids open on property managers (document 3: "The default filter organizable type is Account"). */
export const STAFF_DEFAULT_FILTER = { organizable_type: "Account" };

/**
 * Staff grid filters (document 3 section 7 GET /staffs): name or email search, organizable type (only for callers
 * who may also list agents), enabled.
 */
export const StaffFilters = () => {
  const { canAccess: canListAgents } = useCanAccess({ resource: "agents", action: "list" });
  return (
    <FilterBar>
      <KeywordSearch types={STAFF_SEARCH_TYPES} />
      {canListAgents ? <SelectFilter path="organizable_type" label="resources.staff.filters.organizable_type" choices={ORGANIZABLE_TYPES} /> : null}
      <YesNoFilter path="enabled" label="resources.staff.filters.enabled" />
    </FilterBar>
  );
};
