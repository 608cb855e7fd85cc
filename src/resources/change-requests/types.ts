import type { RaRecord } from "react-admin";
import type { RefundStatus as RefundStatusName } from "../../domain/policies";

/** What a cancellation gives back by kind (src/domain/refunds.ts). */
export interface RefundBreakdown {
  premium: number;
  tax: number;
  fee: number;
  total: number;
}

/** docs/API.md "Refund". */
export interface Refund {
  id: number;
  amount: number;
  premium: number;
  tax: number;
  fee: number;
  status: RefundStatusName;
  error: string | null;
  change_request_id: number | null;
  created_at: string;
  parts?: Array<{
    id: number;
    amount: number;
    attempt: number;
    status: "processing" | "succeeded" | "failed";
    gateway_refund_id: string | null;
    error: string | null;
    charge: { id: number; gateway_charge_id: string; amount: number; invoice_number: string };
  }>;
}

/** docs/API.md "ChangeRequest". */
export interface ChangeRequest extends RaRecord {
  id: number;
  status: string;
  customized_action: "cancel_prorate" | "cancel_full_refund";
  cancellation_date: string;
  decline_reason: string | null;
  refund_amount: number | null;
  created_at: string;
  decided_at: string | null;
  changeable: {
    id: number;
    number: string;
    status: string;
    policy_type_title: string;
    primary_user_name: string | null;
    effective_date: string | null;
    expiration_date: string | null;
    agency: { id: number; title: string } | null;
    account: { id: number; title: string } | null;
  };
  requestable: { type: string; id: number; name: string | null };
  decided_by: { id: number; name: string } | null;
  refund: Refund | null;
  /** One request only: what approval would refund, while it is pending. */
  refund_preview?: RefundBreakdown | null;
}
