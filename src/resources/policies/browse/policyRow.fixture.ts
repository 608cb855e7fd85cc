import type { PolicyRow } from "./types";

/** A policies grid row as the list call answers it, for the grid's component tests. */
export const policyRow = (id: number, overrides: Partial<PolicyRow> = {}): PolicyRow => ({
  id,
  number: `POL-${id}`,
  status: "BOUND_WITH_WARNING",
  tcode: `T${id}`,
  policy_in_system: true,
  policy_type_id: 1,
  policy_type_title: "Residential",
  billing_strategy: "monthly",
  effective_date: "2026-01-05",
  expiration_date: "2027-01-05",
  updated_at: "2026-11-01T10:00:00.000Z",
  account: { id: 5, title: "Sunrise Apartments" },
  agency: { id: 2, title: "Get Covered" },
  carrier: { id: 1, title: "QBE" },
  primary_insurable: { id: 9, title: "Unit 4", parent_building: { id: 8, title: "Building A" }, parent_community: { id: 7, title: "Oak Park" } },
  primary_user: { id: 3, full_name: "Ann Lee", email: "ann@example.com" },
  ...overrides,
});
