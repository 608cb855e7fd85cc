/**
 * The payment gateway behind invoice charging (docs/API.md "Invoices"). The built-in test gateway
 * (test-gateway.ts) is the default; a real provider implements the same interface.
 */
export interface ChargeRequest {
  amount: number;
  currency: "usd";
  sourceId: string;
  description: string;
  /** The same key twice is one charge at the provider (a retried request never charges twice). */
  idempotencyKey: string;
}

export interface ChargeOutcome {
  success: boolean;
  status: "succeeded" | "failed";
  chargeId: string | null;
  error: string | null;
}

export interface PaymentGateway {
  name: string;
  charge(request: ChargeRequest): Promise<ChargeOutcome>;
}
