import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { accounts, type IntegrationProvider, type IntegrationSettings, integrationProperties, integrationSyncErrors, integrationSyncRuns, integrations } from "../../db/schema";
import { ForbiddenError, NotFoundError, ValidationError } from "../../lib/errors";
import { type Author, recordHistory } from "../../lib/history";
import { type ListInput, parseListParams, queryRows, runList } from "../../lib/list";
import { type Scope, scopeConditions } from "../../lib/scope";
import type { Caller } from "../../plugins/auth";
import { decryptCredentials, encryptCredentials, maskedCredentials } from "../../integrations/credentials";
import type { ProviderCredentials } from "../../integrations/provider";
import { refreshIntegration, startRun } from "../../integrations/sync";
import { integrationListQuery, integrationListSpec, integrationScope } from "./integrations.list";

export const PROVIDER_NAMES: Record<IntegrationProvider, string> = { yardi: "Yardi", entrata: "Entrata" };

export async function listIntegrations(db: Db, scope: Scope, input: ListInput) {
  return runList<Record<string, unknown>>(db, integrationListQuery(scope), parseListParams(input, integrationListSpec, { defaultPer: 20 }));
}

/** The integration if the caller's scope holds it (404 otherwise: never reveal that it exists). */
export async function findIntegration(db: Db, scope: Scope, id: number) {
  const [row] = await queryRows<{ id: number }>(db, sql`SELECT ig.id FROM integrations ig WHERE ig.id = ${id} ${sql.join(integrationScope(scope).map((c) => sql` AND ${c}`), sql``)}`);
  if (!row) throw new NotFoundError("Integration");
  const [integration] = await db.select().from(integrations).where(eq(integrations.id, id));
  return integration;
}

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

function runJson(run: typeof integrationSyncRuns.$inferSelect) {
  return {
    id: run.id,
    property_id: run.property_id,
    trigger: run.trigger,
    status: run.status,
    started_at: iso(run.started_at),
    finished_at: iso(run.finished_at),
    duration_ms: run.duration_ms,
    created: run.created_count,
    updated: run.updated_count,
    skipped: run.skipped_count,
    errors: run.error_count,
    pushed: run.pushed_count,
    error: run.error,
    started_by: run.started_by,
  };
}

/** GET /integrations/{id}: the integration, its credentials masked, settings, properties and its last runs. */
export async function showIntegration(db: Db, secret: string, scope: Scope, id: number) {
  const integration = await findIntegration(db, scope, id);
  const [account] = await db.select({ id: accounts.id, title: accounts.title }).from(accounts).where(eq(accounts.id, integration.account_id));
  const properties = await db.select().from(integrationProperties).where(eq(integrationProperties.integration_id, id)).orderBy(integrationProperties.id);
  const runs = await db.select().from(integrationSyncRuns).where(eq(integrationSyncRuns.integration_id, id)).orderBy(desc(integrationSyncRuns.started_at), desc(integrationSyncRuns.id)).limit(10);
  // Push policies: how many the provider holds (a version it accepted) and how many the next run sends again.
  const [pushes] = await queryRows<{ held: number; waiting: number; last_at: string | null }>(
    db,
    sql`SELECT count(*) FILTER (WHERE accepted_hash IS NOT NULL)::int AS held, count(*) FILTER (WHERE status <> 'accepted')::int AS waiting, max(attempted_at) AS last_at
      FROM integration_policy_pushes WHERE integration_id = ${id}`,
  );
  return {
    id: integration.id,
    provider: integration.provider,
    account,
    external_id: integration.external_id,
    enabled: integration.enabled,
    active: integration.active,
    problems: integration.problems,
    credentials: maskedCredentials(decryptCredentials(integration.credentials_encrypted, secret)),
    settings: integration.settings,
    available_charge_settings: integration.charge_codes,
    refreshed_at: iso(integration.refreshed_at),
    next_sync_at: iso(integration.next_sync_at),
    properties: properties.map((p) => ({
      id: p.id,
      external_id: p.external_id,
      title: p.title,
      units_count: p.units_count,
      enabled: p.enabled,
      insurable_id: p.insurable_id,
      sync_status: p.sync_status,
      progress: p.progress,
      last_synced_at: iso(p.last_synced_at),
      last_error: p.last_error,
    })),
    runs: runs.map(runJson),
    pushed_policies: { held: pushes.held, waiting: pushes.waiting, last_pushed_at: iso(pushes.last_at) },
  };
}

export const DEFAULT_SETTINGS: IntegrationSettings = {
  renters_insurance: { enabled: true },
  billing_and_payments: { enabled: false, master_policy_charge_code: null, master_policy_gla: null },
  sync: { pull_policies: true, push_policies: false, push_master_policy_invoices: false, master_policy_charge_description: null },
};

export interface IntegrationInput {
  account_id?: number;
  enabled?: boolean;
  credentials?: Partial<ProviderCredentials>;
  renters_insurance?: Partial<IntegrationSettings["renters_insurance"]>;
  billing_and_payments?: Partial<IntegrationSettings["billing_and_payments"]>;
  sync?: Partial<IntegrationSettings["sync"]> & { syncable_communities?: Record<string, { enabled: boolean }> };
}

/** The account an integration call is about: staff their own; super admins the one named; agents never write. */
export async function accountFor(db: Db, caller: Caller, accountId: number | undefined) {
  if (caller.user.role === "staff") {
    const own = caller.scope.kind === "account" ? caller.scope.accountId : 0;
    // Another account named by its staff is not theirs to see (404, never a write to their own instead).
    if (accountId !== undefined && accountId !== own) throw new NotFoundError("Account");
    return own;
  }
  if (caller.user.role !== "super_admin") throw new ForbiddenError();
  if (!accountId) throw new ValidationError({ account_id: "The account field is required." });
  const [account] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId));
  if (!account) throw new ValidationError({ account_id: "Select account from the drop-down list" });
  return account.id;
}

const mergeSettings = (base: IntegrationSettings, input: IntegrationInput): IntegrationSettings => {
  const { syncable_communities: _ignored, ...sync } = input.sync ?? {};
  return {
    renters_insurance: { ...base.renters_insurance, ...input.renters_insurance },
    billing_and_payments: { ...base.billing_and_payments, ...input.billing_and_payments },
    sync: { ...base.sync, ...sync },
  };
};

/** Property toggles sent as `sync.syncable_communities{<property id>: {enabled}}` (reference section 4.13). */
async function applySyncableCommunities(db: Db, integrationId: number, input: IntegrationInput) {
  for (const [propertyId, { enabled }] of Object.entries(input.sync?.syncable_communities ?? {})) {
    await db.update(integrationProperties).set({ enabled, updated_at: new Date() }).where(and(eq(integrationProperties.integration_id, integrationId), eq(integrationProperties.id, Number(propertyId))));
  }
}

/** The account whose settings are read: staff their own (another is a 404), others one in their scope. */
export async function accountForRead(db: Db, caller: Caller, accountId: number | undefined) {
  if (caller.user.role === "staff") return accountFor(db, caller, accountId);
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`SELECT a.id FROM accounts a WHERE a.id = ${accountId ?? 0} ${sql.join(
      scopeConditions(caller.scope, { account: (id) => sql`a.id = ${id}`, agencies: (ids) => sql`a.agency_id IN (${ids})` }).map((c) => sql` AND ${c}`),
      sql``,
    )}`,
  );
  if (!row) throw new NotFoundError("Account");
  return row.id;
}

/** POST /integrations/{provider}: connect the account, then refresh (check credentials, properties, charge codes). */
export async function createIntegration(db: Db, secret: string, caller: Caller, provider: IntegrationProvider, input: IntegrationInput, author: Author) {
  const accountId = await accountFor(db, caller, input.account_id);
  const credentials = input.credentials ?? {};
  const errors: Record<string, string> = {};
  for (const field of ["url", "username", "password", "database"] as const) if (!credentials[field]) errors[`credentials.${field}`] = "This field is required";
  if (Object.keys(errors).length) throw new ValidationError(errors);
  const [exists] = await db.select({ id: integrations.id }).from(integrations).where(and(eq(integrations.account_id, accountId), eq(integrations.provider, provider)));
  if (exists) throw new ValidationError({ account_id: `This account already has a ${PROVIDER_NAMES[provider]} integration` });
  const [created] = await db
    .insert(integrations)
    .values({
      account_id: accountId,
      provider,
      external_id: credentials.database!,
      credentials_encrypted: encryptCredentials(credentials as ProviderCredentials, secret),
      enabled: input.enabled ?? true,
      settings: mergeSettings(DEFAULT_SETTINGS, input),
    })
    .returning({ id: integrations.id });
  await recordHistory(db, { type: "Integration", id: created.id, action: "create", author, process: "console", changes: { provider: { previous_value: null, new_value: provider } } });
  await refreshIntegration(db, secret, created.id);
  await applySyncableCommunities(db, created.id, input);
  return showIntegration(db, secret, caller.scope, created.id);
}

/** PUT /integrations/{provider}(/{account id}): settings and credentials (a blank password keeps the old one), then refresh. */
export async function updateIntegration(db: Db, secret: string, caller: Caller, provider: IntegrationProvider, accountId: number | undefined, input: IntegrationInput, author: Author) {
  const account = await accountFor(db, caller, accountId ?? input.account_id);
  const [integration] = await db.select().from(integrations).where(and(eq(integrations.account_id, account), eq(integrations.provider, provider)));
  if (!integration) throw new NotFoundError("Integration");
  const before = decryptCredentials(integration.credentials_encrypted, secret);
  const credentials = { ...before, ...Object.fromEntries(Object.entries(input.credentials ?? {}).filter(([, v]) => v)) } as ProviderCredentials;
  const settings = mergeSettings(integration.settings, input);
  await db
    .update(integrations)
    .set({ credentials_encrypted: encryptCredentials(credentials, secret), external_id: credentials.database, settings, enabled: input.enabled ?? integration.enabled, updated_at: new Date() })
    .where(eq(integrations.id, integration.id));
  const changed = Object.keys(input).filter((k) => k !== "account_id" && k !== "credentials");
  await recordHistory(db, {
    type: "Integration",
    id: integration.id,
    action: "update",
    author,
    process: "console",
    // What changed, but never a credential's value.
    changes: Object.fromEntries([...changed.map((k) => [k, { previous_value: null, new_value: "changed" }]), ...(input.credentials ? [["credentials", { previous_value: null, new_value: "changed" }]] : [])]),
  });
  await refreshIntegration(db, secret, integration.id);
  await applySyncableCommunities(db, integration.id, input);
  return showIntegration(db, secret, caller.scope, integration.id);
}

/**
 * GET /integrations/{provider}(/{account id}) in the reference's shape (section 4.13): `exists`, renters insurance
 * (credentials masked), billing and payments with the charge codes, sync with the syncable communities.
 */
export async function providerSettings(db: Db, secret: string, caller: Caller, provider: IntegrationProvider, accountId: number | undefined) {
  const account = caller.user.role === "staff" || accountId !== undefined ? await accountForRead(db, caller, accountId) : undefined;
  const [integration] = account ? await db.select({ id: integrations.id }).from(integrations).where(and(eq(integrations.account_id, account), eq(integrations.provider, provider))) : [];
  if (!integration) {
    return { exists: false, renters_insurance: { enabled: false, active: false, problems: [] }, billing_and_payments: { ...DEFAULT_SETTINGS.billing_and_payments, available_charge_settings: [] }, sync: { ...DEFAULT_SETTINGS.sync, syncable_communities: {}, next_sync: null } };
  }
  const shown = await showIntegration(db, secret, caller.scope, integration.id);
  return {
    exists: true,
    id: shown.id,
    renters_insurance: { credentials: shown.credentials, enabled: shown.settings.renters_insurance.enabled, active: shown.active, problems: shown.problems },
    billing_and_payments: { ...shown.settings.billing_and_payments, available_charge_settings: shown.available_charge_settings },
    sync: {
      ...shown.settings.sync,
      syncable_communities: Object.fromEntries(shown.properties.map((p) => [p.id, { enabled: p.enabled, title: p.title }])),
      next_sync: shown.next_sync_at,
    },
  };
}

/** POST /integrations/{id}/toggle_property {enable, property_id}: whether the property is synced. */
export async function toggleProperty(db: Db, scope: Scope, id: number, input: { property_id: number; enable: boolean }, author: Author) {
  await findIntegration(db, scope, id);
  const [property] = await db
    .update(integrationProperties)
    .set({ enabled: input.enable, updated_at: new Date() })
    .where(and(eq(integrationProperties.integration_id, id), eq(integrationProperties.id, input.property_id)))
    .returning();
  if (!property) throw new NotFoundError("Community");
  await recordHistory(db, { type: "Integration", id, action: "update_related", author, process: "console", changes: { [`properties.${property.external_id}.enabled`]: { previous_value: !input.enable, new_value: input.enable } } });
  return { id: property.id, enabled: property.enabled };
}

/** A sync of the whole integration (Run sync) or of one property (resync): the run is started here, the job does it. */
export async function requestSync(db: Db, scope: Scope, id: number, opts: { propertyId?: number; trigger: "manual" | "resync" | "retry"; startedBy: string }, send: (runId: number) => Promise<void>) {
  const integration = await findIntegration(db, scope, id);
  if (opts.propertyId !== undefined) {
    const [property] = await db.select({ id: integrationProperties.id }).from(integrationProperties).where(and(eq(integrationProperties.integration_id, id), eq(integrationProperties.id, opts.propertyId)));
    if (!property) throw new NotFoundError("Community");
  }
  const run = await startRun(db, integration.id, opts.trigger, { propertyId: opts.propertyId, startedBy: opts.startedBy });
  await send(run.id);
  return runJson(run);
}

/** POST …/sync_errors/{id}/retry: the record's property synced again (a property-wide error: the whole integration). */
export async function retryError(db: Db, scope: Scope, errorId: number, startedBy: string, send: (runId: number) => Promise<void>) {
  const [error] = await db.select().from(integrationSyncErrors).where(eq(integrationSyncErrors.id, errorId));
  if (!error) throw new NotFoundError("Record");
  await findIntegration(db, scope, error.integration_id);
  return requestSync(db, scope, error.integration_id, { propertyId: error.property_id ?? undefined, trigger: "retry", startedBy }, send);
}

/**
 * POST /integrations/integration_health (super admin): every integration with its last successful sync, last error,
 * the records in error (the provider's message), the properties never synced and its recent sync durations.
 */
export async function integrationHealth(db: Db, scope: Scope) {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`SELECT ig.id, ig.provider, ig.enabled, ig.active, ig.problems, json_build_object('id', ac.id, 'title', ac.title) AS account,
      (SELECT max(r.finished_at) FROM integration_sync_runs r WHERE r.integration_id = ig.id AND r.status = 'succeeded') AS last_success_at,
      (SELECT json_build_object('run_id', r.id, 'at', r.finished_at, 'message', r.error, 'status', r.status) FROM integration_sync_runs r
        WHERE r.integration_id = ig.id AND r.status IN ('failed', 'partial') ORDER BY r.started_at DESC, r.id DESC LIMIT 1) AS last_error,
      (SELECT json_build_object('id', r.id, 'status', r.status, 'trigger', r.trigger, 'started_at', r.started_at, 'finished_at', r.finished_at, 'duration_ms', r.duration_ms,
          'created', r.created_count, 'updated', r.updated_count, 'skipped', r.skipped_count, 'errors', r.error_count, 'pushed', r.pushed_count)
        FROM integration_sync_runs r WHERE r.integration_id = ig.id ORDER BY r.started_at DESC, r.id DESC LIMIT 1) AS last_run,
      COALESCE((SELECT json_agg(d ORDER BY d.started_at) FROM (SELECT r.started_at, r.duration_ms FROM integration_sync_runs r
        WHERE r.integration_id = ig.id AND r.finished_at IS NOT NULL ORDER BY r.started_at DESC LIMIT 10) d), '[]') AS durations,
      COALESCE((SELECT json_agg(e ORDER BY e.id) FROM (SELECT e.id, e.record_type, e.external_id, e.message, e.created_at, p.title AS property
        FROM integration_sync_errors e LEFT JOIN integration_properties p ON p.id = e.property_id
        WHERE e.integration_id = ig.id AND e.resolved_at IS NULL ORDER BY e.id LIMIT 50) e), '[]') AS errors,
      (SELECT count(*)::int FROM integration_sync_errors e WHERE e.integration_id = ig.id AND e.resolved_at IS NULL) AS errors_count,
      COALESCE((SELECT json_agg(json_build_object('id', p.id, 'title', p.title) ORDER BY p.id) FROM integration_properties p
        WHERE p.integration_id = ig.id AND p.enabled AND p.last_synced_at IS NULL), '[]') AS never_synced
    FROM integrations ig JOIN accounts ac ON ac.id = ig.account_id
    WHERE true ${sql.join(integrationScope(scope).map((c) => sql` AND ${c}`), sql``)}
    ORDER BY ig.id`,
  );
  const json = (v: unknown) => (typeof v === "string" ? JSON.parse(v) : v);
  const data = rows.map((r) => ({
    ...r,
    account: json(r.account),
    last_error: json(r.last_error),
    last_run: json(r.last_run),
    durations: json(r.durations),
    errors: json(r.errors),
    never_synced: json(r.never_synced),
    last_success_at: r.last_success_at === null ? null : iso(r.last_success_at as string),
  }));
  return { data, meta: { total: data.length } };
}
