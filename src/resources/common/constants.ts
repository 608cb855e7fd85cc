/**
 * Picker page sizes of document 3 section 9 ("Searchable lists"). They belong with domain/constants.ts; kept here
 * until the lead moves them.
 */
export const PICKER_PAGE_SIZE = {
  accounts: 10,
  agencies: 10,
  nestedAgencies: 20,
  carriers: 20,
  insurables: 20,
} as const;

/** Filter fields are 25 % wide (document 3 section 9). */
export const FILTER_FIELD_WIDTH = "25%";

/** A grid cell kept on one line (phone numbers): the table scrolls sideways inside its card rather than wrap them. */
export const ONE_LINE_CELL = () => ({ whiteSpace: "nowrap" }) as const;
