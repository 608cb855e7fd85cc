/**
 * The payment gateway behind invoice charging and refunds (docs/API.md "Invoices", "Cancel and refund"). The built-in
 * test gateway (test-gateway.ts) is the default; a real provider implements the same interface.
 *
 * Every call carries an idempotency key: the same key twice is one operation at the provider, and asking again with
 * the key is how an attempt whose answer was lost (a crash, a timeout) is settled without charging or refunding twice.
 * A call that throws has an unknown outcome; a call that answers `failed` did nothing.
 */
export interface ChargeRequest {
  amount: number;
  currency: "usd";
  /** The payment profile's token at the provider. */
  source_id: string;
  description: string;
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

/** A charge the gateway made, as refunds name it. */
export interface GatewayCharge {
  /** The provider's id of the charge. */
  charge_id: string;
  /** What was charged, in cents. */
  amount: number;
  /** The token the charge was made on. */
  source_id: string;
}

export interface RefundOutcome {
  success: boolean;
  status: "succeeded" | "failed";
  /** The provider's id of the refund, when one was made. */
  refund_id?: string | null;
  error?: string | null;
}

export interface PaymentGateway {
  name: string;
  charge(request: ChargeRequest): Promise<ChargeOutcome>;
  /** Returns `amountCents` of `charge` to the card it was made on. */
  refund(charge: GatewayCharge, amountCents: number, options: { idempotencyKey: string }): Promise<RefundOutcome>;
}
