/**
 * Merge Users (issue 13 section 4): the fields of a customer record that two records of one person may disagree on,
 * each settled by choosing whose value the surviving record keeps, and how many records one merge may name.
 * Shared by the console (a radio group per conflicting field) and the API (the choices it accepts).
 */
export const MERGE_FIELDS = [
  "email",
  "first_name",
  "last_name",
  "middle_name",
  "contact_email",
  "contact_phone",
  "birth_date",
  "gender",
  "salutation",
  "address",
] as const;

export type MergeField = (typeof MERGE_FIELDS)[number];

/** The survivor and the records merged into it, together. */
export const MERGE_MAX_RECORDS = 20;
