import { AppError } from "../lib/errors";

/**
 * Connecting an account to the card-payment provider (document 3 section 7: GET /stripe/button_link, GET
 * /stripe/connect/?code=): the console opens the provider's authorisation page, the provider sends the user back with a
 * one-time code, and the code is exchanged for the id of the account's connected account. Like the payment gateway
 * (gateway.ts) it is an interface; without credentials nothing pretends to work: every call answers 503
 * `provider_not_configured`.
 */
export interface CardConnectProvider {
  name: string;
  configured: boolean;
  /** The provider's authorisation page; `state` comes back with the code and says which account asked. */
  authorizeUrl(state: string, redirectUri: string): string;
  /** Exchanges the one-time code; throws ConnectRefusedError when the provider refuses it. */
  exchangeCode(code: string): Promise<{ accountId: string }>;
}

export const NOT_CONFIGURED_MESSAGE = "The card payment provider is not configured";

export class ProviderNotConfiguredError extends AppError {
  constructor() {
    super(503, { error: "provider_not_configured", message: NOT_CONFIGURED_MESSAGE });
  }
}

/** 422: the provider refused the code (used, expired, or for another platform), in its words. */
export class ConnectRefusedError extends AppError {
  constructor(reason: string) {
    super(422, { message: `The card payment provider refused the connection: ${reason}`, errors: { code: reason } });
  }
}

export const notConfiguredProvider: CardConnectProvider = {
  name: "none",
  configured: false,
  authorizeUrl() {
    throw new ProviderNotConfiguredError();
  },
  async exchangeCode() {
    throw new ProviderNotConfiguredError();
  },
};

/** Stripe Connect (OAuth): the client id names the platform, the secret key exchanges codes. */
export function stripeConnectProvider(clientId: string, secretKey: string, fetchImpl: typeof fetch = fetch): CardConnectProvider {
  return {
    name: "stripe",
    configured: true,
    authorizeUrl(state, redirectUri) {
      const params = new URLSearchParams({ response_type: "code", client_id: clientId, scope: "read_write", state, redirect_uri: redirectUri });
      return `https://connect.stripe.com/oauth/authorize?${params}`;
    },
    async exchangeCode(code) {
      const res = await fetchImpl("https://connect.stripe.com/oauth/token", {
        method: "POST",
        headers: { authorization: `Bearer ${secretKey}`, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ grant_type: "authorization_code", code }).toString(),
        signal: AbortSignal.timeout(15_000),
      });
      const body = (await res.json().catch(() => ({}))) as { stripe_user_id?: string; error_description?: string; error?: string };
      if (!res.ok || !body.stripe_user_id) throw new ConnectRefusedError(body.error_description ?? body.error ?? `answered ${res.status}`);
      return { accountId: body.stripe_user_id };
    },
  };
}

/** The provider the environment configures: Stripe with both credentials, otherwise none. */
export function cardConnectFromEnv(env: { STRIPE_CLIENT_ID?: string; STRIPE_SECRET_KEY?: string }): CardConnectProvider {
  return env.STRIPE_CLIENT_ID && env.STRIPE_SECRET_KEY ? stripeConnectProvider(env.STRIPE_CLIENT_ID, env.STRIPE_SECRET_KEY) : notConfiguredProvider;
}
