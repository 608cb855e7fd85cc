/**
 * The payment gateway behind invoice charging (docs/API.md "Invoices"). The built-in test gateway
 * (test-gateway.ts) is the default; a real provider implements the same interface.
 */
export interface ChargeRequest {
  amount: number;
  currency: "usd";
  /** The payment profile's token at the provider. */
  source_id: string;
  description: string;
  /** The same key twice is one charge at the provider (a retried request never charges twice). */
  idempotencyKey: string;
}

export interface ChargeOutcome {
  success: boolean;
  status: "succeeded" | "failed";
  /** The provider's id of the charge, when one was made. */
  charge_id?: string | null;
  /** Why it failed, as the provider says it ("Your card was declined."). */
  error?: string | null;
}

export interface PaymentGateway {
  name: string;
  charge(request: ChargeRequest): Promise<ChargeOutcome>;
}
