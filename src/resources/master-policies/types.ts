type Ref = { id: number; title: string } | null;

export interface MasterPolicyCoverage {
  id?: number;
  title?: string | null;
  designation: string;
  limit: number | null;
  occurrence_limit: number | null;
  deductible: number | null;
  enabled?: boolean;
}

export interface MasterPolicyConfiguration {
  id?: number;
  program_type: "auto" | "opt_in" | "opt_out";
  program_start_date: string | null;
  program_delay: number;
  grace_period: number;
  placement_cost: number;
  force_placement_cost: number | null;
  prorate_charges: boolean;
  admin_fee: number;
  force_admin_fee: number | null;
  prorate_admin_fee: boolean;
  charge_date: number | null;
}

/** A master policy as GET /master-policies and /master-policies/{id} answer it (money in cents). */
export interface MasterPolicy {
  id: number;
  number: string;
  status: string;
  policy_type_id: number;
  effective_date: string | null;
  expiration_date: string | null;
  cancellation_date: string | null;
  account: Ref;
  agency: Ref;
  carrier: Ref;
  base: number | null;
  total: number | null;
  calculation_base: number | null;
  covered_units: number;
  communities_count: number;
  updated_at?: string;
  system_data?: { landlord_sumplimental: boolean };
  policy_coverages?: MasterPolicyCoverage[];
  master_policy_configurations?: MasterPolicyConfiguration[];
}

export interface CommunityRow {
  id: number;
  title: string;
  insurable_type_id: number;
  auto_assign: boolean;
  units_count: number;
  covered_units_count: number;
}

export interface UnitRow {
  id: number;
  title: string;
  building: Ref;
  community: Ref;
  lease: { id: number; start_date: string; end_date: string | null; resident: string | null } | null;
}

export interface CoverageRow {
  id: number;
  number: string;
  status: string;
  effective_date: string | null;
  expiration_date: string | null;
  cancellation_date: string | null;
  insurable: { id: number; title: string };
  building: Ref;
  community: Ref;
}
