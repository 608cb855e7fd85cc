/**
 * What a grid's saved view holds (issue 17 section 5): react-admin's list parameters and the columns shown, in order.
 * Plain data shared by the API (which stores it) and the console (which applies it).
 */
export interface SavedViewParams {
  filter?: Record<string, unknown>;
  sort?: string;
  order?: "ASC" | "DESC";
  perPage?: number;
  /** Column order: DataTable's ranks (the position each declared column is shown at). */
  ranks?: number[];
  /** Hidden columns, by source (or label for a column without one), as DataTable's column chooser stores them. */
  hidden?: string[];
  density?: "small" | "medium";
}

export interface SavedView {
  id: number;
  resource: string;
  name: string;
  params: SavedViewParams;
  shared: boolean;
  /** True for the caller's own views (only those can be deleted). */
  own: boolean;
  owner_name: string;
}

export const SAVED_VIEW_NAME_MAX = 80;
