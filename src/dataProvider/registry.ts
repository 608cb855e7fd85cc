import { RESOURCES } from "../resources";

/**
 * The resources the dataProvider knows (docs/API.md): each resource definition's `api` entry
 * (src/resources/<name>/index.ts), plus the areas below that pickers already call before their screens exist.
 * An entry is one short declaration:
 *
 *   api: { path: "carriers", list: "get", one: "bare", body: "carrier" },
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

export type Registry = Record<string, ResourceConfig>;

/** Areas without a resource folder yet that the console already calls (none left: each area has its folder). */
export const NOT_YET_DEFINED = {} satisfies Record<string, ResourceConfig>;

export const registry: Registry = {
  ...NOT_YET_DEFINED,
  ...Object.fromEntries(RESOURCES.map((resource) => [resource.name, resource.api])),
};
