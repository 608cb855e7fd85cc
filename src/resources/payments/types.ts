/** One movement through the payment gateway (GET /payments): a charge of an invoice or the refund of a charge. */
export interface PaymentRecord {
  /** `charge-<id>` or `refund-<id>`. */
  id: string;
  kind: "charge" | "refund";
  record_id: number;
  created_at: string;
  /** Cents. */
  amount: number;
  status: "processing" | "succeeded" | "failed";
  gateway: string;
  gateway_id: string | null;
  error: string | null;
  invoice: { id: number; number: string };
  policy: { id: number; number: string };
}
