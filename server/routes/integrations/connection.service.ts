import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { type IntegrationProvider, integrations } from "../../db/schema";
import { NotFoundError } from "../../lib/errors";
import type { Caller } from "../../plugins/auth";
import { refreshIntegration } from "../../integrations/sync";
import { onboardingState } from "./entrata.service";
import { accountForRead } from "./integrations.service";

/**
 * The connection's status and the charge (AR) codes of an account's integration (document 3 section 7: entrata/status,
 * entrata/ar_codes; the Yardi tab reads the same). Both answer what the last refresh kept, with its time: create,
 * update, Refresh and every sync of the whole integration ask the provider and keep its answer; a plain read never
 * calls the provider, so an agent opening the tab costs the client's API nothing. `refresh: true` (for those who may
 * refresh: the account's staff, super admins) asks the provider now and keeps the answer.
 */
const iso = (v: Date | null) => (v === null ? null : v.toISOString());

async function integrationOf(db: Db, accountId: number, provider: IntegrationProvider) {
  const [integration] = await db.select().from(integrations).where(and(eq(integrations.account_id, accountId), eq(integrations.provider, provider)));
  return integration;
}

async function current(db: Db, secret: string, accountId: number, provider: IntegrationProvider, refresh: boolean) {
  const integration = await integrationOf(db, accountId, provider);
  if (!integration || !refresh) return integration;
  return refreshIntegration(db, secret, integration.id);
}

/** POST /integrations/{provider}/status {account_id?, refresh?}: the onboarding's state and `connection {ok, message, checked_at}`. */
export async function integrationStatus(db: Db, secret: string, caller: Caller, provider: IntegrationProvider, accountId: number | undefined, refresh: boolean) {
  const account = await accountForRead(db, caller, accountId);
  const integration = await current(db, secret, account, provider, refresh);
  if (!integration) return { exists: false, account_id: account, connection: null };
  const connection = integration.refreshed_at ? { ok: integration.active, message: integration.active ? null : (integration.problems[0] ?? null), checked_at: iso(integration.refreshed_at) } : null;
  return { ...(await onboardingState(db, integration)), connection };
}

/**
 * POST /integrations/{provider}/ar_codes {account_id?, refresh?}: the codes the provider last listed (`as_of`), with the
 * one chosen for the master-policy charge; when the last refresh failed, the provider's message in `problem`.
 */
export async function chargeCodes(db: Db, secret: string, caller: Caller, provider: IntegrationProvider, accountId: number | undefined, refresh: boolean) {
  const integration = await current(db, secret, await accountForRead(db, caller, accountId), provider, refresh);
  if (!integration) throw new NotFoundError("Integration");
  return {
    data: integration.charge_codes,
    meta: { total: integration.charge_codes.length },
    selected: integration.settings.billing_and_payments.master_policy_charge_code,
    as_of: iso(integration.charge_codes_at),
    problem: integration.active ? null : (integration.problems[0] ?? null),
  };
}
