/**
 * resources.<name>.{name, fields, …} for react-admin, plus `common` for the shared grid conventions
 * (document 3 section 2 "Grids generally", readings C-55). Spec texts are kept verbatim.
 */
const profileFields = {
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
  },
  users: {
    name: "User |||| Users",
    fields: {
      id: "ID",
      email: "Login Email",
      t_code: "T Code",
      has_current_leases: "Current Leases",
      has_existing_policies: "Existing Policies",
      created_at: "Created At",
      updated_at: "Updated At",
      profile_attributes: profileFields,
      address_attributes: {
        street_number: "Street Number",
        street_name: "Street Name",
        street_two: "Street Two",
        city: "City",
        state: "State",
        zip_code: "Zip Code",
        full: "Address",
      },
    },
    search: {
      full_name: "Full Name",
      login_email: "Login Email",
      contact_email: "Contact Email",
      contact_phone: "Contact Phone",
      t_code: "T Code",
      number: "Policy Number",
    },
    filters: {
      accounts: "Accounts",
      communities: "Communities",
      has_current_leases: "Has Current Leases",
      has_existing_policies: "Has Existing Policies",
    },
    sections: {
      profile: "Profile",
      contact: "Contact",
      address: "Address",
      accounts: "Accounts",
      policies: "Policies",
      leases: "Leases",
    },
    policy: { number: "Policy Number", status: "Status", type: "Policy Type", in_system: "In System" },
    lease: { reference: "Reference", status: "Status", start_date: "Start Date", end_date: "End Date", insurable: "Unit" },
    none: "None",
    title: { browse: "Users", view: "User %{name}", edit: "Edit User %{name}" },
  },
  staff: {
    name: "Staff |||| Staff",
    fields: {
      id: "ID",
      role: "Role",
      email: "Email",
      enabled: "Enabled",
      organizable_type: "Organizable Type",
      organizable_id: "Organizable ID",
      organizable: { title: "Organization" },
      agency_id: "Agency ID",
      invitation_accepted_at: "Invitation Accepted At",
      created_at: "Created At",
      profile_attributes: profileFields,
    },
    search: {
      full_name: "Full Name",
      email: "Email",
    },
    filters: {
      organizable_type: "Organizable Type",
      enabled: "Enabled",
    },
    organizable_types: { Account: "Account", Agency: "Agency" },
    actions: {
      column: "Actions",
      enable: "Enable",
      disable: "Disable",
      re_invite: "Re-invite",
      confirm_enable_title: "Enable %{name}?",
      confirm_disable_title: "Disable %{name}?",
      confirm_toggle_content: "Are you sure you want to change the access of this account?",
      confirm_re_invite_title: "Re-invite %{name}?",
      confirm_re_invite_content: "A new invitation email will be sent.",
      confirm: "Confirm",
      cancel: "Cancel",
    },
    title: { browse: "Staff", view: "Staff %{name}" },
  },
};
