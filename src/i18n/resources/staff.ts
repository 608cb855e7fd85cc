import { profileFields } from "../messages/resources";

/** resources.staff: staff and agents (document 3, Staff). */
export default {
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
    account: "Account",
    agency: "Agency",
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
  invitation_pending: "Invitation pending",
  admin: {
    section: "Admin or policy support",
    roles: { super_admin: "Super Admin", policy_support: "Policy Support" },
  },
  sections: { profile: "Staff member", organisation: "Organization" },
  organizable_types: { Account: "Account", Agency: "Agency" },
  actions: {
    column: "Actions",
    enable: "Enable",
    disable: "Disable",
    re_invite: "Re-invite",
    create: "Add Staff",
    invite: "Invite",
    confirm_enable_title: "Enable %{name}?",
    confirm_disable_title: "Disable %{name}?",
    confirm_toggle_content: "Are you sure you want to change the access of this account?",
    confirm_re_invite_title: "Re-invite %{name}?",
    confirm_re_invite_content: "A new invitation email will be sent.",
    confirm: "Confirm",
    cancel: "Cancel",
  },
  title: { browse: "Staff", view: "Staff %{name}", create: "Add Staff" },
};
