import type { User } from "../../dataProvider/types";

const PROFILE_FIELDS = ["first_name", "middle_name", "last_name", "contact_email", "contact_phone", "birth_date"] as const;
const ADDRESS_FIELDS = ["street_number", "street_name", "street_two", "city", "state", "zip_code"] as const;

export interface UserUpdate {
  email?: string;
  profile_attributes: Partial<Record<(typeof PROFILE_FIELDS)[number], string | null>>;
  address_attributes?: Partial<Record<(typeof ADDRESS_FIELDS)[number], string | null>>;
}

const text = (value: unknown): string | null => {
  if (value === undefined || value === null) return null;
  const trimmed = String(value).trim();
  return trimmed === "" ? null : trimmed;
};

function pick<K extends string>(source: unknown, fields: readonly K[]): Record<K, string | null> {
  const record = (source && typeof source === "object" ? source : {}) as Record<string, unknown>;
  return Object.fromEntries(fields.map((field) => [field, text(record[field])])) as Record<K, string | null>;
}

/**
 * The form's record → PUT /users/{id}'s `user` (docs/API.md): only the editable fields (the server refuses unknown
 * profile/address keys). The address goes only when it holds something, so an empty form adds no empty address.
 */
export function userUpdatePayload(data: Partial<User>): UserUpdate {
  const payload: UserUpdate = { profile_attributes: pick(data.profile_attributes, PROFILE_FIELDS) };
  const email = text(data.email);
  if (email) payload.email = email;
  const address = pick(data.address_attributes, ADDRESS_FIELDS);
  if (Object.values(address).some((value) => value !== null)) payload.address_attributes = address;
  return payload;
}
