/**
 * resources.common: the shared grid conventions (document 3 section 2 "Grids generally", readings C-55). Each
 * resource's own texts (resources.<name>.{name, fields, …} for react-admin) are in src/i18n/resources/<name>.ts.
 * Spec texts are kept verbatim.
 */
export const profileFields = {
  full_name: "Name",
  first_name: "First Name",
  last_name: "Last Name",
  middle_name: "Middle Name",
  contact_email: "Contact Email",
  contact_phone: "Phone",
  birth_date: "Birth Date",
  job_title: "Job Title",
};

export const resourceMessages = {
  common: {
    empty: {
      no_results: "No results found",
      with_filters: " with your filters",
      clear_filters: "Clear Filters",
    },
    search: {
      type: "Search by",
      keyword: "Keyword",
      submit: "Submit",
    },
    filter: {
      any: "Any",
      yes: "Yes",
      no: "No",
      no_options: "No Results Found",
      type_more: "Type at least 2 characters",
    },
    actions: {
      edit: "Edit",
      back: "Back",
    },
    // The location pickers' hints (document 3 section 2), verbatim.
    location: {
      community: "Community",
      building: "Building",
      unit: "Unit",
      skip_building: "You can skip selecting Building, select Unit of Community",
      select_building_or_unit: "Select Building Or Unit",
      no_buildings: "No building information available.",
      loading: "Loading...",
      no_results: "No Results Found",
    },
  },
};
