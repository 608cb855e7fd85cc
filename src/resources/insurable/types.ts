/** Properties as the API answers them (server/routes/insurables). */
export interface Address {
  street_number: string | null;
  street_name: string | null;
  street_two: string | null;
  city: string | null;
  state: string | null;
  county?: string | null;
  zip_code: string | null;
  full: string | null;
}

export interface Insurable {
  id: number;
  title: string;
  insurable_type_id: number;
  insurable_id: number | null;
  account_id: number | null;
  account_title: string | null;
  parent_title: string | null;
  parent_type_id: number | null;
  enabled: boolean;
  covered: boolean;
  occupied: boolean;
  address: Address | null;
  buildings_count: number;
  units_count: number;
  type_title?: string | null;
  addresses?: Array<Address & { id: number }>;
  community?: { id: number; title: string } | null;
  has_rates?: boolean;
}

export interface Rate {
  id: number;
  title: string;
  interval: "month" | "quarter" | "bi_annual" | "annual";
  premium: number;
  coverage_limits: Record<string, number>;
  deductibles: Record<string, number>;
  enabled: boolean;
  mandatory: boolean;
}

export type Kind = "communities" | "buildings" | "units";
export const KIND_TYPES: Record<Kind, number[]> = { communities: [1, 2, 3], buildings: [7], units: [4, 5] };
