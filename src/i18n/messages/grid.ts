/** Grid conventions of document 3 section 2. */
export const gridMessages = {
  no_results: "No results found",
  with_your_filters: " with your filters",
  clear_filters: "Clear Filters",
  search_by: "Search by",
  keyword: "Keyword",
  submit: "Submit",
  yes: "Yes",
  no: "No",
  /** A total the server counted only up to its cap (server/lib/list.ts). */
  range_at_least: "%{from}-%{to} of %{total}+",
} as const;
