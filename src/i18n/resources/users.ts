import { profileFields } from "../messages/resources";

/** resources.users: customers (document 3, Users). */
export default {
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
};
