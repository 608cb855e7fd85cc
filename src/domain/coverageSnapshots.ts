import { US_STATES } from "./usStates";

/**
 * Coverage snapshots (document 3 sections 3 and 7; readings C-42), shared by the API, the nightly job and the
 * reporting screens. A reportable is the System (id 0), an Account, an Insurable community, a state
 * (InsurableGeographicalCategory, id = its position in the list of states, 1-based) or an IntegrationProfile.
 */
export const REPORTABLE_TYPES = ["System", "Account", "Insurable", "InsurableGeographicalCategory", "IntegrationProfile"] as const;
export type ReportableType = (typeof REPORTABLE_TYPES)[number];

/** The unit variants of document 3 section 3, each with total_units_<v> and percent_units_<v>. */
export const UNIT_VARIANTS = [
  "excluded",
  "ho4",
  "ho4_both",
  "ho4_broad_external",
  "ho4_broad_internal",
  "ho4_either",
  "ho4_external",
  "ho4_internal",
  "master",
  "none",
  "unknown",
  "unoccupied",
] as const;
export type UnitVariant = (typeof UNIT_VARIANTS)[number];

export const POLICY_FIELDS = ["ho4_policies_bound", "ho4_policies_rejected", "ho4_policies_unverified", "ho4_policies_verified"] as const;

/** Every field a snapshot stores, in the order of document 3 section 3. */
export const SNAPSHOT_FIELDS: readonly string[] = [
  ...POLICY_FIELDS,
  "total_units",
  "percent_units",
  ...UNIT_VARIANTS.flatMap((v) => [`total_units_${v}`, `percent_units_${v}`]),
];

/** The state of a state reportable id, and back. */
export const stateOfReportableId = (id: number): string | undefined => US_STATES[id - 1];
export const reportableIdOfState = (state: string): number => US_STATES.indexOf(state as (typeof US_STATES)[number]) + 1;

/** Percent with two decimals; 0 of 0 is 0. */
export const percentOf = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 10_000) / 100);
