import type { User } from "../../dataProvider/types";

/** How a customer is named on screen: full name, else email. */
export const userName = (record: Pick<User, "email"> & { profile_attributes?: { full_name?: string | null } | null }) =>
  record.profile_attributes?.full_name || record.email;
