import { type SQL, sql } from "drizzle-orm";
import { type FilterDef, defaultCondition } from "./list";

/**
 * Contains-searches on a policy's number and customers through `policies.search`, and on a customer's values and
 * policy numbers through `users.search` (issue 11; migration 0013): one trigram-indexed column instead of joins per
 * search, so a common surname over a million policies is read in the page's order and stops at the page, and a rare
 * one comes straight from the index.
 *
 * The text holds one line per value, `<tag>:<value lower-cased>`; a search for `term` in the fields `tags` matches
 * `(^|\n)[tags]:[^\n]*term`, i.e. a line of one of those fields that contains the term: exactly what
 * `lower(field) LIKE '%term%'` over the policy's customers answered before. A term with a line break could span two
 * lines, so it answers null and the caller keeps the join (no one types one, but the answer must not change).
 */
export const SEARCH_FIELDS = {
  number: "p",
  full_name: "n",
  email: "e",
  contact_email: "c",
  contact_phone: "f",
  t_code: "t",
} as const;

export type SearchField = keyof typeof SEARCH_FIELDS;

/** The regular expression (PostgreSQL ARE) for `term` in `fields`, or null when the search text cannot answer. */
export function searchPattern(fields: SearchField[], term: string): string | null {
  const lower = term.toLowerCase();
  if (/[\n\r]/.test(lower)) return null;
  const escaped = lower.replace(/[\\^$.|?*+()[\]{}]/g, "\\$&");
  return `(^|\n)[${fields.map((f) => SEARCH_FIELDS[f]).join("")}]:[^\n]*${escaped}`;
}

/** `column ~ pattern` for `term` in `fields`, or null when the caller must search the old way (see searchPattern). */
export function searchCondition(column: SQL, fields: SearchField[], term: string): SQL | null {
  const pattern = searchPattern(fields, term);
  return pattern === null ? null : sql`${column} ~ ${pattern}`;
}

/** `def` whose contains-search reads `column` (a search text) for `field`; other comparisons, and terms it cannot answer, as before. */
export function searchedFilter(def: FilterDef, column: SQL, field: SearchField): FilterDef {
  return {
    ...def,
    build: (op, value) =>
      (op === "like" ? searchCondition(column, [field], String(value)) : null) ?? (def.build ? def.build(op, value) : defaultCondition(def, op, value)),
  };
}
