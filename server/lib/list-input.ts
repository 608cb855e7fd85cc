import { z } from "zod";
import { MAX_PER } from "../../src/domain/constants";
import { SHORT_TEXT, id, jsonValue, text } from "./input";
import { BULK_MAX } from "../../src/domain/bulk";
import type { FilterType, ListSpec } from "./list";

/**
 * The list contract (DESIGN.md section 3, Lists) as a route schema: `sort`, `pagination` and a `filter` whose keys are
 * the list's own, each value one of the contract's shapes (a value, `[]` any of, `{like|start|end|after|before}`),
 * every string bounded. The list helper (list.ts) gives each filter its type and meaning; this bounds the input and
 * names the filters, so the OpenAPI document lists them and the generated tests (route matrix, fuzzing) find a list's
 * id filters (`x-filter-type: "int"`) without a hand list.
 */
export const LIST_TEXT_MAX = 1000;

const scalar = z.union([text(LIST_TEXT_MAX), z.number(), z.boolean(), z.null()]);
const RANGE_KEYS = ["like", "start", "end", "after", "before"] as const;
const operators = z.object(Object.fromEntries(RANGE_KEYS.map((k) => [k, scalar.optional()]))).strict();

/** One filter's value; `x-filter-type` says how the list reads it. */
export const filterValue = (type: FilterType) => z.union([scalar, z.array(scalar).max(MAX_PER), operators]).optional().meta({ "x-filter-type": type });

type FilterTree = { [key: string]: FilterType | FilterTree };

/** `{"profile.full_name": "text"}` → `filter: {profile: {full_name: …}}`, unknown keys refused. */
function filterObject(filters: Record<string, FilterType>) {
  const tree: FilterTree = {};
  for (const [path, type] of Object.entries(filters)) {
    const keys = path.split(".");
    let node = tree;
    for (const key of keys.slice(0, -1)) node = (node[key] ??= {}) as FilterTree;
    node[keys.at(-1)!] = type;
  }
  const build = (node: FilterTree): z.ZodType =>
    z
      .object(Object.fromEntries(Object.entries(node).map(([key, child]) => [key, typeof child === "string" ? filterValue(child) : build(child).optional()])))
      .strict();
  return build(tree);
}

/** The filter types of a ListSpec, for `listInput`. */
export const filterTypes = (spec: Pick<ListSpec, "filters">): Record<string, FilterType> =>
  Object.fromEntries(Object.entries(spec.filters).map(([key, def]) => [key, def.type]));

const pageNumber = z.union([z.number(), text(20)]);

/**
 * A list's query or body. `filters` are its filter keys (usually `filterTypes(spec)`), `extra` its other parameters;
 * anything else is kept (bounded) for the handler to ignore, as the console may send more than a list reads.
 */
export function listInput<T extends z.ZodRawShape>(filters: Record<string, FilterType>, extra?: T) {
  return z
    .object({
      sort: z
        .object({ column: z.union([text(SHORT_TEXT), z.array(text(SHORT_TEXT)).max(5)]).optional(), direction: text(10).optional(), field: text(SHORT_TEXT).optional() })
        .strict()
        .optional(),
      pagination: z.object({ page: pageNumber.optional(), per: pageNumber.optional(), cursor: text(2000).optional() }).strict().optional(),
      filter: z.union([filterObject(filters), z.literal("")]).optional(),
      agency_id: z.union([z.number(), text(20)]).optional(),
      ...extra,
    })
    .catchall(jsonValue);
}

/**
 * A grid's bulk call (issue 17 section 5): the picked `ids`, or `all_matching: true` with the grid's `filter`
 * (server/lib/bulk.ts bulkTargets reads them through the list's scope). A filter without `all_matching` selects
 * nothing, so no call acts on rows it did not name or ask for explicitly.
 */
export function bulkInput(filters: Record<string, FilterType>) {
  return z
    .object({
      ids: z.array(id).min(1).max(BULK_MAX).optional(),
      all_matching: z.literal(true).optional(),
      filter: z.union([filterObject(filters), z.literal("")]).optional(),
    })
    .strict();
}
