/** Insurable type rules of document 1 section 3 / document 3 section 3. Type 2 is both residential and commercial (C-52). */
export const INSURABLE_TYPES = [
  { id: 1, title: "Residential Community", kind: "community" },
  { id: 2, title: "Mixed Use Community", kind: "community" },
  { id: 3, title: "Commercial Community", kind: "community" },
  { id: 4, title: "Residential Unit", kind: "unit" },
  { id: 5, title: "Commercial Unit", kind: "unit" },
  { id: 7, title: "Residential Building", kind: "building" },
] as const;

export const COMMUNITY_TYPE_IDS = [1, 2, 3];
export const UNIT_TYPE_IDS = [4, 5];
export const BUILDING_TYPE_IDS = [7];
export const CANONICAL_TYPE = { community: 1, unit: 4, building: 7 } as const;

export const isResidential = (typeId: number) => [1, 2, 4, 7].includes(typeId);
export const isCommercial = (typeId: number) => [2, 3, 5].includes(typeId);
export const needsParent = (typeId: number) => [4, 5, 7].includes(typeId);
export const hasRates = (typeId: number) => typeId === 1;

/**
 * The fields `POST /insurables/list_by_fields` may name (document 3 section 7): the grid row's columns. The console's
 * batched lookups by id ask for all of them, so a looked-up property has the fields of a grid row.
 */
export const INSURABLE_LOOKUP_FIELDS = [
  "id",
  "title",
  "insurable_type_id",
  "insurable_id",
  "account_id",
  "agency_id",
  "enabled",
  "covered",
  "occupied",
  "account_title",
  "parent_title",
  "address",
  "buildings_count",
  "units_count",
] as const;
export type InsurableLookupField = (typeof INSURABLE_LOOKUP_FIELDS)[number];
/** The most ids one `list_by_fields` call takes. */
export const INSURABLE_LOOKUP_MAX_IDS = 500;
