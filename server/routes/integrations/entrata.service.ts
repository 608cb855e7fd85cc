import { and, desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { integrationProperties, integrationSyncRuns, integrations } from "../../db/schema";
import { NotFoundError, ValidationError } from "../../lib/errors";
import { type Author, recordHistory } from "../../lib/history";
import type { Caller } from "../../plugins/auth";
import { accountFor, accountForRead, createIntegration, updateIntegration } from "./integrations.service";

/**
 * Entrata onboarding of a client (issue 15 section 2; document 3 section 7: onboard_client, status,
 * syncable_communities, ar_codes; readings C-32 for the paths). The account's Entrata integration is the one
 * `/integrations/entrata` manages; these calls are the steps of bringing a client in: connect it with the API user
 * Entrata issued, check the connection, choose the communities to sync, read its AR codes for billing (the last two
 * in connection.service.ts, shared with Yardi).
 */
const iso = (v: Date | null) => (v === null ? null : v.toISOString());

async function entrataOf(db: Db, accountId: number) {
  const [integration] = await db.select().from(integrations).where(and(eq(integrations.account_id, accountId), eq(integrations.provider, "entrata")));
  return integration;
}

async function requireEntrata(db: Db, accountId: number) {
  const integration = await entrataOf(db, accountId);
  if (!integration) throw new NotFoundError("Integration");
  return integration;
}

async function communities(db: Db, integrationId: number) {
  const rows = await db.select().from(integrationProperties).where(eq(integrationProperties.integration_id, integrationId)).orderBy(integrationProperties.id);
  return rows.map((p) => ({ id: p.id, external_id: p.external_id, title: p.title, units_count: p.units_count, enabled: p.enabled, sync_status: p.sync_status, last_synced_at: iso(p.last_synced_at), last_error: p.last_error }));
}

/** What the onboarding shows: the integration, what the last refresh found, the communities and the last run. */
export async function onboardingState(db: Db, integration: typeof integrations.$inferSelect) {
  const [run] = await db.select().from(integrationSyncRuns).where(eq(integrationSyncRuns.integration_id, integration.id)).orderBy(desc(integrationSyncRuns.started_at), desc(integrationSyncRuns.id)).limit(1);
  const list = await communities(db, integration.id);
  return {
    exists: true,
    id: integration.id,
    account_id: integration.account_id,
    subdomain: integration.external_id,
    active: integration.active,
    problems: integration.problems,
    refreshed_at: iso(integration.refreshed_at),
    communities_count: list.length,
    enabled_communities_count: list.filter((c) => c.enabled).length,
    last_run: run ? { id: run.id, status: run.status, started_at: iso(run.started_at), finished_at: iso(run.finished_at) } : null,
  };
}

export interface OnboardInput {
  account_id?: number;
  subdomain: string;
  username: string;
  password: string;
  url?: string;
}

/**
 * POST /integrations/entrata/onboard_client: connects the account to its Entrata client, or reconnects it with new
 * credentials (onboarding again never makes a second integration), then refreshes like every create and update:
 * checks the credentials, loads the communities (new ones enabled) and the AR codes, sets active and problems.
 */
export async function onboardClient(db: Db, secret: string, caller: Caller, input: OnboardInput, author: Author) {
  const accountId = await accountFor(db, caller, input.account_id);
  const subdomain = input.subdomain.toLowerCase();
  const credentials = { url: input.url || `https://${subdomain}.entrata.com`, username: input.username, password: input.password, database: subdomain };
  const existing = await entrataOf(db, accountId);
  if (existing) await updateIntegration(db, secret, caller, "entrata", accountId, { credentials }, author);
  else await createIntegration(db, secret, caller, "entrata", { account_id: accountId, credentials }, author);
  return onboardingState(db, await requireEntrata(db, accountId));
}

/** GET /integrations/entrata/syncable_communities: the client's communities and whether each is synced. */
export async function syncableCommunities(db: Db, caller: Caller, accountId: number | undefined) {
  const integration = await requireEntrata(db, await accountForRead(db, caller, accountId));
  const data = await communities(db, integration.id);
  return { data, meta: { total: data.length } };
}

/**
 * POST /integrations/entrata/syncable_communities {syncable_communities: {<id>: {enabled}}}: chooses the communities
 * the sync imports. A community that is not the client's is refused (422), none is changed then.
 */
export async function setSyncableCommunities(db: Db, caller: Caller, input: { account_id?: number; syncable_communities: Record<string, { enabled: boolean }> }, author: Author) {
  const integration = await requireEntrata(db, await accountFor(db, caller, input.account_id));
  const current = new Map((await communities(db, integration.id)).map((c) => [String(c.id), c]));
  const errors: Record<string, string> = {};
  for (const id of Object.keys(input.syncable_communities)) if (!current.has(id)) errors[`syncable_communities.${id}`] = "Select community from the drop-down list";
  if (Object.keys(errors).length) throw new ValidationError(errors);
  const changes: Record<string, { previous_value: boolean; new_value: boolean }> = {};
  for (const [id, { enabled }] of Object.entries(input.syncable_communities)) {
    const before = current.get(id)!;
    if (before.enabled === enabled) continue;
    await db.update(integrationProperties).set({ enabled, updated_at: new Date() }).where(and(eq(integrationProperties.integration_id, integration.id), eq(integrationProperties.id, Number(id))));
    changes[`properties.${before.external_id}.enabled`] = { previous_value: before.enabled, new_value: enabled };
  }
  if (Object.keys(changes).length) await recordHistory(db, { type: "Integration", id: integration.id, action: "update_related", author, process: "console", changes });
  const data = await communities(db, integration.id);
  return { data, meta: { total: data.length } };
}
