/**
 * The resources the dataProvider knows, one short declaration each (docs/API.md). Adding a resource is a few lines:
 *
 *   carriers: { path: "carriers", list: "get", one: "bare", body: "carrier" },
 */
export type ListStyle =
  /** GET `{path}` with bracket-encoded sort/pagination/filter; bare array, total in `total-entries`. */
  | "get"
  /** POST `{path}_index` with the same as a JSON body; bare array, total in `total-entries`. */
  | "post_index"
  /** POST `{path}/list` with the same as a JSON body; answers `{data, meta: {total}}`. */
  | "post_list";

export interface ResourceConfig {
  /** API path under the role prefix, without a leading slash (`staffs`). */
  path: string;
  list: ListStyle;
  /** How getOne, create and update answer: the bare record, or `{data: record}`. */
  one: "bare" | "data";
  /** Create/update body wrapper: `{[body]: data}`; the data is sent as is when absent. */
  body?: string;
  /** Update verb (PUT unless said otherwise). */
  update?: "PUT" | "PATCH";
  /** false: never role-prefixed. */
  prefixed?: boolean;
  /** react-admin sort field (a record path) → the wire's sort column, where they differ. */
  sorts?: Record<string, string>;
}

const profileSorts = { "profile_attributes.full_name": "profile.full_name" };

export const registry = {
  users: { path: "users", list: "get", one: "data", body: "user", sorts: profileSorts },
  staff: { path: "staffs", list: "get", one: "bare", body: "staff", sorts: profileSorts },
  accounts: { path: "accounts", list: "post_index", one: "bare", body: "account" },
  agencies: { path: "agencies", list: "get", one: "bare", body: "agency" },
  policies: { path: "policies", list: "post_list", one: "bare", body: "policy" },
  "change-requests": { path: "change_requests", list: "post_list", one: "bare", body: "change_request" },
} satisfies Record<string, ResourceConfig>;

export type Registry = Record<string, ResourceConfig>;
export type RegisteredResource = keyof typeof registry;
