import type { SearchType } from "../common";

/**
 * The users grid's search types (document 3 section 2, readings C-55): six labels in the UI, each filling one wire
 * filter as a contains-search. The wire also accepts `tcode` and `login_email` aliases; the console sends these.
 */
export const USER_SEARCH_TYPES: SearchType[] = [
  { value: "full_name", label: "resources.users.search.full_name", path: "profile.full_name" },
  { value: "login_email", label: "resources.users.search.login_email", path: "email" },
  { value: "contact_email", label: "resources.users.search.contact_email", path: "profile.contact_email" },
  { value: "contact_phone", label: "resources.users.search.contact_phone", path: "profile.contact_phone" },
  { value: "t_code", label: "resources.users.search.t_code", path: "t_code" },
  { value: "number", label: "resources.users.search.number", path: "number" },
];

/** Wire filter paths of the users grid's other filters. */
export const USER_FILTER_PATHS = {
  accounts: "accounts.id",
  communities: "insurables.id",
  hasCurrentLeases: "has_current_leases",
  hasExistingPolicies: "has_existing_policies",
} as const;
