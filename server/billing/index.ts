import type { PaymentGateway } from "./gateway";
import { testGateway } from "./test-gateway";

/** The gateway invoices are charged through; the built-in test gateway until a provider is configured. */
export function defaultGateway(): PaymentGateway {
  return testGateway;
}

export type { PaymentGateway } from "./gateway";
