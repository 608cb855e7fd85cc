import type { Refund } from "../../change-requests/types";
import type { PolicyRow } from "../browse/types";

/** A customer of a policy (document 2 section 3 "Policy user"). */
export interface PolicyUser {
  id: number;
  email: string;
  primary: boolean;
  spouse: boolean;
  resident_type: string | null;
  profile_attributes: {
    first_name: string | null;
    middle_name: string | null;
    last_name: string | null;
    full_name: string | null;
    contact_phone: string | null;
    contact_email: string | null;
    birth_date: string | null;
    gender: string | null;
    salutation: string | null;
  };
  address_attributes: {
    street_number: string | null;
    street_name: string | null;
    street_two: string | null;
    city: string | null;
    state: string | null;
    zip_code: string | null;
    country: string | null;
  } | null;
}

export interface Invoice {
  id: number;
  number: string;
  status: string;
  due_date: string | null;
  available_date: string | null;
  subtotal: number;
  total: number;
  total_due: number;
  total_received: number;
  line_items: Array<{ id: number; title: string; total_due: number; total_received: number; analytics_category: string }>;
}

export interface PolicyDocument {
  id: number;
  filename: string;
  content_type: string;
  byte_size: number;
  url: string;
}

export type Address = NonNullable<PolicyUser["address_attributes"]>;
export type Fields = Record<string, unknown>;

/** GET /policies/{id} (docs/API.md "PolicyDetail"). */
export interface PolicyDetail extends PolicyRow {
  billing_status: string | null;
  renewal_status: string;
  auto_renew: boolean;
  auto_pay: boolean;
  last_renewed_on: string | null;
  cancellation_date: string | null;
  cancellation_reason: string | null;
  system_purchased: boolean;
  out_of_system_carrier_title: string | null;
  branding_profile_url: string | null;
  created_at: string;
  premium: { total_premium: number; total_fee: number; total_tax: number; total: number } | null;
  users: PolicyUser[];
  invoices: Invoice[];
  documents: PolicyDocument[];
  policy_coverages: {
    coverage_limits: Array<{ id: number; designation: string; title: string; limit: number; enabled: boolean }>;
    deductibles: Array<{ id: number; designation: string; title: string; deductible: number }>;
    optional_coverages: Array<{ id: number; designation: string; title: string; enabled: boolean }>;
  };
  master_policy_configuration: Record<string, string | number | boolean | null> | null;
  policy_application: { fields: Fields; extra_settings: Fields } | null;
  system_data: { acord_history?: AcordEntry[]; rejection_reasons?: string[] };
  change_requests: Array<{ id: number; status: string; customized_action: string; cancellation_date: string; created_at: string }>;
  refund_available: boolean;
  /** The policy's latest refund (docs/API.md "Refund"). */
  refund: Refund | null;
  /** The card the invoices are charged to (never its token). */
  payment_method: { source_type: string; card_brand: string | null; last4: string | null } | null;
  latest_submitted_revision: { id: number } | null;
}

export interface AcordEntry {
  file_date: string;
  transaction: string;
  premium: number | null;
  updated_status: string;
}
