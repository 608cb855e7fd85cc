import type { GroupErrorKind, GroupStatus } from "../../../domain/rentGuarantee";

/** A policy application group as GET /policy-application-groups lists it (docs/API.md "Rent-guarantee mass import"). */
export interface Group {
  id: number;
  status: GroupStatus;
  effective_date: string;
  expiration_date: string;
  auto_pay: boolean;
  auto_renew: boolean;
  created_at: string;
  policy_applications_count: number;
  created_policy_applications_count: number;
  errors_count: number;
  created_policies_count: number;
}

export interface GroupDetail extends Group {
  errors: Array<{ id: number; kind: GroupErrorKind; information: { errors?: string[]; policy_users_params?: Array<{ user_attributes?: { email?: string } }> } }>;
  policy_group_quote: { total_premium: number; invoices: Array<{ id: number; number: string; status: string; due_date: string; subtotal: number; total: number }> } | null;
}

/** A 422 of the upload or edit: `content` (each with a message), or a single error text, or field errors. */
export interface GroupFailure {
  error?: string;
  message?: string;
  content?: Array<{ message: string; column?: string | null }>;
  errors?: Record<string, string>;
}
