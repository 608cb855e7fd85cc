import type { RaRecord } from "react-admin";

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
  changeable: { id: number; number: string; status: string; policy_type_title: string; primary_user_name: string | null };
  requestable: { type: string; id: number; name: string | null };
  decided_by: { id: number; name: string } | null;
}
