/** Records of the carriers area as the API answers them (server/routes/carriers). */
export const CARRIER_DESIGNATIONS = ["qbe", "qbe_specialty", "crum", "pensio", "msi", "dc", "out_of_system"] as const;
export const CARRIER_FLAGS = ["syncable", "rateable", "quotable", "bindable", "verifiable", "enabled"] as const;
export const FEE_AMOUNT_TYPES = ["FLAT", "PERCENTAGE"] as const;
export const FEE_TYPES = ["ORIGINATION", "RENEWAL", "REINSTATEMENT", "MISC"] as const;

export interface Carrier {
  id: number;
  title: string;
  call_sign: string | null;
  integration_designation: (typeof CARRIER_DESIGNATIONS)[number] | null;
  synonyms: string | null;
  am_best_rating: string | null;
  syncable: boolean;
  rateable: boolean;
  quotable: boolean;
  bindable: boolean;
  verifiable: boolean;
  enabled: boolean;
  is_system: boolean;
  policy_type_ids?: number[];
  carrier_policy_types?: Array<{ id: number; policy_type_id: number; title: string | null }>;
}

export interface CarrierAgency {
  id: number;
  carrier_id: number;
  carrier_title: string;
  agency_id: number;
  agency_title: string;
  policy_types: Array<{ id: number; policy_type_id: number; title: string | null; commission_strategy_id: number | null; commission_strategy_title: string | null }>;
}

export interface BillingStrategy {
  id: number;
  title: string;
  enabled: boolean;
  agency_id: number;
  agency_title: string;
  policy_type_id: number;
  policy_type_title: string | null;
  new_business: { payments: number[]; payments_per_term: number };
}

export interface Fee {
  id: number;
  title: string;
  amount: number;
  amount_type: (typeof FEE_AMOUNT_TYPES)[number];
  type: (typeof FEE_TYPES)[number];
  enabled: boolean;
  agency_id: number | null;
  agency_title: string | null;
}

export interface Commission {
  id: number;
  title: string;
  percentage: number;
  recipient_type: "Agency" | "Carrier";
  recipient_id: number;
  recipient_title: string | null;
}

export interface Availability {
  id: number;
  state: string;
  available: boolean;
  policy_type_id: number;
  policy_type_title: string | null;
}
