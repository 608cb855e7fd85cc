import { createHash, randomBytes } from "node:crypto";
import { type SQL, and, eq, sql } from "drizzle-orm";
import { leaseStatus } from "../../src/domain/leases";
import { ACTIVE_POLICY_STATUSES } from "../../src/domain/policies";
import type { Db } from "../db/client";
import { accountUsers, accounts, integrationProfiles, integrationProperties, integrationPolicyPushes, integrationSyncErrors, integrationSyncRuns, integrations, insurables, leaseUsers, leases, policies, profiles as profilesTable, users } from "../db/schema";
import type { HistoryChanges } from "../db/schema";
import { ConflictError, NotFoundError } from "../lib/errors";
import { type Author, recordHistories } from "../lib/history";
import { queryRows } from "../lib/list";
import { fullName } from "../lib/profiles";
import { refreshDerived, todayLA } from "../routes/leases/leases.service";
import { decryptCredentials } from "./credentials";
import { type PropertyManagementProvider, type ProviderPortfolio, ProviderError, type PushResult, type PushedPolicy } from "./provider";
import { providerFor } from "./registry";

/** The sync job (one run) and the nightly job that starts a run for every enabled integration. */
export const SYNC_JOB = "integration-sync";
export const NIGHTLY_SYNC_JOB = "integration-nightly-sync";
/** 01:30 in Los Angeles (09:30 UTC), after the lease statuses were recomputed. */
export const NIGHTLY_SYNC_CRON = "30 9 * * *";
/** A running run whose heartbeat is older than this belongs to a process that stopped. */
export const STALE_RUN_MS = 10 * 60 * 1000;

type Tx = Db;
type RecordType = "property" | "unit" | "lease" | "resident" | "policy";
interface RecordError {
  record_type: RecordType;
  external_id: string;
  message: string;
}
interface Counts {
  created: number;
  updated: number;
  skipped: number;
  errors: RecordError[];
}

const SYNC_AUTHOR = (provider: string): Author => ({ name: `${provider === "yardi" ? "Yardi" : "Entrata"} sync` });
const isUniqueViolation = (error: unknown) => {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === "23505" || e?.cause?.code === "23505";
};

export async function loadIntegration(db: Db, id: number) {
  const [row] = await db.select().from(integrations).where(eq(integrations.id, id));
  if (!row) throw new NotFoundError("Integration");
  return row;
}

/**
 * Create/update/refresh (reference section 4.13): check the credentials with the provider, load its properties
 * (syncable communities, new ones enabled) and charge codes, and set `active` and `problems` from what it said.
 * Its answer is kept with its time: the status and charge-code reads answer from it and never call the provider.
 */
export async function refreshIntegration(db: Db, secret: string, id: number) {
  const integration = await loadIntegration(db, id);
  const provider = providerFor(integration.provider, decryptCredentials(integration.credentials_encrypted, secret));
  try {
    await provider.checkCredentials();
    const [properties, chargeCodes] = await Promise.all([provider.listProperties(), provider.chargeCodes()]);
    for (const property of properties) {
      await db
        .insert(integrationProperties)
        .values({ integration_id: id, external_id: property.code, title: property.title, units_count: property.units_count })
        .onConflictDoUpdate({
          target: [integrationProperties.integration_id, integrationProperties.external_id],
          set: { title: property.title, units_count: property.units_count, updated_at: new Date() },
        });
    }
    const now = new Date();
    await db.update(integrations).set({ active: true, problems: [], charge_codes: chargeCodes, charge_codes_at: now, refreshed_at: now, updated_at: now }).where(eq(integrations.id, id));
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    await db.update(integrations).set({ active: false, problems: [error.message], refreshed_at: new Date(), updated_at: new Date() }).where(eq(integrations.id, id));
  }
  return loadIntegration(db, id);
}

/**
 * Starts a run, or refuses (409) while another of the same integration runs: the partial unique index admits one
 * running row per integration, so two requests at the same moment cannot both start. A run whose process stopped
 * long ago (no heartbeat) no longer blocks: it is closed as interrupted.
 */
export async function startRun(db: Db, integrationId: number, trigger: "nightly" | "manual" | "resync" | "retry", opts: { propertyId?: number; startedBy?: string } = {}) {
  await db.execute(sql`UPDATE integration_sync_runs SET status = 'failed', finished_at = now(), error = 'Interrupted: the process running it stopped'
    WHERE integration_id = ${integrationId} AND status = 'running' AND heartbeat_at < now() - make_interval(secs => ${STALE_RUN_MS / 1000})`);
  try {
    const [run] = await db
      .insert(integrationSyncRuns)
      .values({ integration_id: integrationId, trigger, property_id: opts.propertyId ?? null, started_by: opts.startedBy ?? null })
      .returning();
    if (opts.propertyId) await db.update(integrationProperties).set({ sync_status: "running", progress: { processed: 0, total: 0 }, updated_at: new Date() }).where(eq(integrationProperties.id, opts.propertyId));
    return run;
  } catch (error) {
    if (isUniqueViolation(error)) throw new ConflictError("A sync of this integration is already running");
    throw error;
  }
}

type ProfileKey = `${string}|${string}`;
const keyOf = (context: string, externalId: string): ProfileKey => `${context}|${externalId}`;

/** Our records the integration already links to its records, by context and external id. */
async function loadProfiles(db: Db, integrationId: number): Promise<Map<ProfileKey, number>> {
  const rows = await db
    .select({ context: integrationProfiles.external_context, external_id: integrationProfiles.external_id, id: integrationProfiles.profileable_id })
    .from(integrationProfiles)
    .where(eq(integrationProfiles.integration_id, integrationId));
  return new Map(rows.map((r) => [keyOf(r.context, r.external_id), r.id]));
}

const isDate = (v: string | null): v is string => v !== null && /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const addDays = (ymd: string, days: number) => {
  const d = new Date(`${ymd}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

interface PropertyContext {
  integration: typeof integrations.$inferSelect;
  agencyId: number | null;
  profiles: Map<ProfileKey, number>;
  author: Author;
  today: string;
}

/** Rows per multi-row statement: a few hundred keeps each statement's parameters and JSON small. */
const CHUNK = 500;

async function inChunks<T>(rows: T[], write: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += CHUNK) await write(rows.slice(i, i + CHUNK));
}

/** `= ANY(…)` of an id list as one array parameter (thousands of ids, no parameter per id). */
const anyOf = (ids: number[]) => sql`ANY(${`{${ids.join(",")}}`}::int[])`;

/** The next `n` ids of a table's serial, so rows inserted together are known by id before they are written. */
async function nextIds(tx: Tx, table: "insurables" | "users" | "leases", n: number): Promise<number[]> {
  if (n === 0) return [];
  const rows = await queryRows<{ id: number }>(tx, sql`SELECT nextval(pg_get_serial_sequence(${table}, 'id'))::int AS id FROM generate_series(1, ${n})`);
  return rows.map((r) => r.id);
}

/** UPDATE … FROM a JSON record set: one statement (and one parameter) per chunk of rows. */
async function updateFrom(tx: Tx, rows: object[], statement: (json: string) => SQL) {
  await inChunks(rows, (chunk) => tx.execute(statement(JSON.stringify(chunk))));
}

/**
 * Writes one property in one transaction (the caller's): its community, buildings, units, residents (customers of
 * the account, found by their link, else by email within the account, else created) and leases with their residents
 * (moved in; moved out when the provider says so or no longer lists them). Everything is matched through the
 * integration's links, so a second run with the same data creates nothing and updates nothing. A malformed record
 * (or one listed twice) is skipped with its error; the rest of the property is imported.
 *
 * The property is first compared with what we hold (read in a few queries), then written in set-based statements of
 * CHUNK rows: a 20,000-unit portfolio was 637 s of single-row round trips (issue 15 bench).
 */
async function writeProperty(tx: Tx, ctx: PropertyContext, data: ProviderPortfolio, links: Array<[ProfileKey, number]>): Promise<Counts & { communityId: number }> {
  const counts: Counts = { created: 0, updated: 0, skipped: 0, errors: [] };
  const { integration, profiles, author } = ctx;
  const accountId = integration.account_id;
  const newLinks = new Map<ProfileKey, { context: string; external_id: string; type: "Insurable" | "User" | "Lease"; id: number }>();
  const link = (context: string, externalId: string, type: "Insurable" | "User" | "Lease", id: number) => newLinks.set(keyOf(context, externalId), { context, external_id: externalId, type, id });
  const linked = (context: string, externalId: string) => newLinks.get(keyOf(context, externalId))?.id ?? profiles.get(keyOf(context, externalId));
  const history: Parameters<typeof recordHistories>[1] = [];
  const hist = (type: string, id: number, action: "create" | "update" | "update_related" | "remove", changes: HistoryChanges) => history.push({ type, id, action, author, process: "integration", changes });

  // Communities, buildings, units: one level at a time (a child names its parent's id).
  type InsurableInput = { context: string; externalId: string; title: string; insurable_type_id: number; insurable_id: number | null };
  const upsertInsurables = async (level: InsurableInput[]): Promise<number[]> => {
    const knownIds = level.map((r) => linked(r.context, r.externalId)).filter((id): id is number => id !== undefined);
    const current = new Map(
      (knownIds.length ? await tx.select({ id: insurables.id, title: insurables.title, parent: insurables.insurable_id }).from(insurables).where(sql`${insurables.id} = ${anyOf(knownIds)}`) : []).map((r) => [r.id, r]),
    );
    const fresh = level.filter((r) => !current.has(linked(r.context, r.externalId) ?? -1));
    const freshIds = await nextIds(tx, "insurables", fresh.length);
    const creates: Array<typeof insurables.$inferInsert> = [];
    const updates: Array<{ id: number; title: string; parent: number | null }> = [];
    const ids = level.map((r) => {
      const id = linked(r.context, r.externalId);
      const row = id === undefined ? undefined : current.get(id);
      if (id !== undefined && row) {
        if (row.title === r.title && row.parent === r.insurable_id) counts.skipped++;
        else {
          updates.push({ id, title: r.title, parent: r.insurable_id });
          hist("Insurable", id, "update", { title: { previous_value: row.title, new_value: r.title } });
          counts.updated++;
        }
        return id;
      }
      const created = freshIds[creates.length];
      creates.push({ id: created, title: r.title, insurable_type_id: r.insurable_type_id, insurable_id: r.insurable_id, account_id: accountId, agency_id: ctx.agencyId });
      link(r.context, r.externalId, "Insurable", created);
      hist("Insurable", created, "create", { title: { previous_value: null, new_value: r.title } });
      counts.created++;
      return created;
    });
    await inChunks(creates, (chunk) => tx.insert(insurables).values(chunk));
    await updateFrom(
      tx,
      updates,
      (json) => sql`UPDATE insurables i SET title = v.title, insurable_id = v.parent, updated_at = now() FROM jsonb_to_recordset(${json}::jsonb) AS v(id int, title text, parent int) WHERE i.id = v.id`,
    );
    return ids;
  };

  const [communityId] = await upsertInsurables([{ context: "community", externalId: data.property.code, title: data.property.title, insurable_type_id: 1, insurable_id: null }]);
  const buildingNames = [...new Set(data.units.map((u) => u.building).filter((b): b is string => b !== null))];
  const buildingIdList = await upsertInsurables(buildingNames.map((name) => ({ context: "building", externalId: `${data.property.code}/${name}`, title: name, insurable_type_id: 7, insurable_id: communityId })));
  const buildingIds = new Map(buildingNames.map((name, i) => [name, buildingIdList[i]]));
  const validUnits: ProviderPortfolio["units"] = [];
  const seenUnits = new Set<string>();
  for (const unit of data.units) {
    if (!unit.code || !unit.title) counts.errors.push({ record_type: "unit", external_id: unit.code || "(no code)", message: "Unit without a code or title" });
    else if (seenUnits.has(unit.code)) counts.errors.push({ record_type: "unit", external_id: unit.code, message: "The unit is listed twice" });
    else {
      seenUnits.add(unit.code);
      validUnits.push(unit);
    }
  }
  const unitIdList = await upsertInsurables(
    validUnits.map((unit) => ({ context: "unit", externalId: unit.code, title: unit.title, insurable_type_id: 4, insurable_id: unit.building ? buildingIds.get(unit.building)! : communityId })),
  );
  const unitIds = new Map(validUnits.map((unit, i) => [unit.code, unitIdList[i]]));

  // Residents: customers of the account.
  const userIds = new Map<string, number>();
  const validResidents: Array<{ code: string; email: string; first_name: string; last_name: string }> = [];
  const seenResidents = new Set<string>();
  for (const resident of data.residents) {
    const email = resident.email?.trim().toLowerCase() ?? "";
    if (!EMAIL.test(email) || !resident.first_name?.trim() || !resident.last_name?.trim()) {
      counts.errors.push({ record_type: "resident", external_id: resident.code, message: !EMAIL.test(email) ? "Resident without a valid email" : "Resident without a first and last name" });
    } else if (seenResidents.has(resident.code)) {
      counts.errors.push({ record_type: "resident", external_id: resident.code, message: "The resident is listed twice" });
    } else {
      seenResidents.add(resident.code);
      validResidents.push({ code: resident.code, email, first_name: resident.first_name.trim(), last_name: resident.last_name.trim() });
    }
  }
  // Linked residents: their names follow the provider's.
  const linkedResidents = validResidents.filter((r) => linked("resident", r.code) !== undefined);
  const linkedUserIds = linkedResidents.map((r) => linked("resident", r.code)!);
  const profileRows = new Map(
    (linkedUserIds.length ? await tx.select().from(profilesTable).where(and(eq(profilesTable.profileable_type, "User"), sql`${profilesTable.profileable_id} = ${anyOf(linkedUserIds)}`)) : []).map((p) => [
      p.profileable_id,
      p,
    ]),
  );
  const profileInserts: Array<typeof profilesTable.$inferInsert> = [];
  const profileUpdates: Array<{ id: number; first_name: string; last_name: string; full_name: string | null }> = [];
  for (const resident of linkedResidents) {
    const userId = linked("resident", resident.code)!;
    const before = profileRows.get(userId);
    const names = { first_name: resident.first_name, last_name: resident.last_name };
    if (before?.first_name === names.first_name && before?.last_name === names.last_name) counts.skipped++;
    else {
      if (before) profileUpdates.push({ id: before.id, ...names, full_name: fullName({ ...before, ...names }) });
      else profileInserts.push({ profileable_type: "User", profileable_id: userId, ...names, full_name: fullName(names) });
      counts.updated++;
    }
    userIds.set(resident.code, userId);
  }
  // Unlinked residents: the account's customer with that email, else a new customer.
  const unlinked = validResidents.filter((r) => linked("resident", r.code) === undefined);
  const emails = [...new Set(unlinked.map((r) => r.email))];
  const found = new Map<string, { id: number; in_account: boolean }>();
  await inChunks(emails, async (chunk) => {
    const rows = await queryRows<{ id: number; email: string; in_account: boolean }>(
      tx,
      sql`SELECT u.id, lower(u.email) AS email, EXISTS (SELECT 1 FROM account_users au WHERE au.user_id = u.id AND au.account_id = ${accountId}) AS in_account
          FROM jsonb_array_elements_text(${JSON.stringify(chunk)}::jsonb) AS wanted(email) JOIN users u ON lower(u.email) = wanted.email`,
    );
    for (const row of rows) found.set(row.email, row);
  });
  const newEmails = new Set<string>();
  const newUsers = unlinked.filter((r) => !found.has(r.email) && !newEmails.has(r.email) && newEmails.add(r.email));
  const newUserIds = await nextIds(tx, "users", newUsers.length);
  newUsers.forEach((r, i) => found.set(r.email, { id: newUserIds[i], in_account: true }));
  const createdUsers = new Set(newUserIds);
  for (const resident of unlinked) {
    const user = found.get(resident.email)!;
    if (!user.in_account) {
      // Lookups by natural key stay within the tenant (DESIGN.md section 3): never attach another account's customer.
      counts.errors.push({ record_type: "resident", external_id: resident.code, message: "The email belongs to a customer of another account" });
      continue;
    }
    if (createdUsers.delete(user.id)) {
      profileInserts.push({ profileable_type: "User", profileable_id: user.id, first_name: resident.first_name, last_name: resident.last_name, full_name: fullName(resident) });
      hist("User", user.id, "create", { email: { previous_value: null, new_value: resident.email } });
      counts.created++;
    } else counts.updated++;
    link("resident", resident.code, "User", user.id);
    userIds.set(resident.code, user.id);
  }
  await inChunks(newUsers, (chunk) => tx.insert(users).values(chunk.map((r) => ({ id: found.get(r.email)!.id, email: r.email, has_leases: true }))));
  await inChunks(newUsers, (chunk) => tx.insert(accountUsers).values(chunk.map((r) => ({ account_id: accountId, user_id: found.get(r.email)!.id, status: "enabled" as const }))));
  await inChunks(profileInserts, (chunk) => tx.insert(profilesTable).values(chunk));
  await updateFrom(
    tx,
    profileUpdates,
    (json) =>
      sql`UPDATE profiles p SET first_name = v.first_name, last_name = v.last_name, full_name = v.full_name, updated_at = now()
          FROM jsonb_to_recordset(${json}::jsonb) AS v(id int, first_name text, last_name text, full_name text) WHERE p.id = v.id`,
  );

  // Leases and who lives there.
  const touchedUsers = new Set<number>();
  const knownLeaseIds = data.leases.map((l) => linked("lease", l.code)).filter((id): id is number => id !== undefined);
  const leaseRows = new Map((knownLeaseIds.length ? await tx.select().from(leases).where(sql`${leases.id} = ${anyOf(knownLeaseIds)}`) : []).map((l) => [l.id, l]));
  const tenantRows = new Map<number, Array<typeof leaseUsers.$inferSelect>>();
  for (const row of knownLeaseIds.length ? await tx.select().from(leaseUsers).where(sql`${leaseUsers.lease_id} = ${anyOf(knownLeaseIds)}`).orderBy(leaseUsers.id) : []) {
    tenantRows.set(row.lease_id, [...(tenantRows.get(row.lease_id) ?? []), row]);
  }
  const seenLeases = new Set<string>();
  const valid = data.leases.filter((lease) => {
    const error = (message: string) => counts.errors.push({ record_type: "lease", external_id: lease.code, message });
    if (seenLeases.has(lease.code)) error("The lease is listed twice");
    else if (!unitIds.has(lease.unit_code)) error(`Unit ${lease.unit_code} is not in this property`);
    else if (!isDate(lease.start_date) || (lease.end_date !== null && !isDate(lease.end_date))) error("Lease dates are not valid dates");
    else if (lease.end_date && lease.end_date <= lease.start_date) error("End date must be later than Start date");
    else {
      seenLeases.add(lease.code);
      return true;
    }
    return false;
  });
  const freshLeases = valid.filter((lease) => !leaseRows.has(linked("lease", lease.code) ?? -1));
  const freshLeaseIds = await nextIds(tx, "leases", freshLeases.length);
  const leaseInserts: Array<typeof leases.$inferInsert> = [];
  const leaseUpdates: Array<{ id: number; insurable_id: number; start_date: string; end_date: string | null; status: string }> = [];
  const tenantInserts: Array<typeof leaseUsers.$inferInsert> = [];
  const tenantUpdates: Array<{ id: number; moved_out_at: string | null; primary: boolean }> = [];
  const now = new Date();
  for (const lease of valid) {
    const unitId = unitIds.get(lease.unit_code)!;
    const start = lease.start_date!;
    const values = { insurable_id: unitId, start_date: start, end_date: lease.end_date, status: leaseStatus(start, lease.end_date, ctx.today) };
    const before = leaseRows.get(linked("lease", lease.code) ?? -1);
    let leaseId: number;
    let changed = false;
    if (before) {
      leaseId = before.id;
      if (before.insurable_id !== unitId || before.start_date !== values.start_date || before.end_date !== values.end_date || before.status !== values.status) {
        leaseUpdates.push({ id: leaseId, ...values });
        hist(
          "Lease",
          leaseId,
          "update",
          Object.fromEntries((["start_date", "end_date", "status"] as const).filter((f) => before[f] !== values[f]).map((f) => [f, { previous_value: before[f], new_value: values[f] }])),
        );
        changed = true;
      }
    } else {
      leaseId = freshLeaseIds[leaseInserts.length];
      leaseInserts.push({ id: leaseId, ...values, reference: `L-${randomBytes(5).toString("hex").toUpperCase()}`, account_id: accountId });
      link("lease", lease.code, "Lease", leaseId);
      hist("Lease", leaseId, "create", { start_date: { previous_value: null, new_value: values.start_date } });
      counts.created++;
    }
    // Residents: moved in when first listed, moved out when the provider says so or lists them no more.
    const existing = before ? (tenantRows.get(leaseId) ?? []) : [];
    const listed = new Set<number>();
    for (const tenant of lease.residents) {
      const userId = userIds.get(tenant.code);
      if (userId === undefined || listed.has(userId)) continue;
      listed.add(userId);
      touchedUsers.add(userId);
      const movedOut = tenant.moved_out_on && isDate(tenant.moved_out_on) ? new Date(`${tenant.moved_out_on}T00:00:00Z`) : null;
      const row = existing.find((t) => t.user_id === userId);
      if (!row) {
        tenantInserts.push({ lease_id: leaseId, user_id: userId, primary: tenant.primary, moved_in_at: new Date(`${start}T00:00:00Z`), moved_out_at: movedOut });
        if (before) changed = true;
      } else if ((row.moved_out_at?.getTime() ?? null) !== (movedOut?.getTime() ?? null) || row.primary !== tenant.primary) {
        tenantUpdates.push({ id: row.id, moved_out_at: movedOut?.toISOString() ?? null, primary: tenant.primary });
        if (movedOut && !row.moved_out_at) hist("Lease", leaseId, "update_related", { moved_out: { previous_value: null, new_value: userId } });
        changed = true;
      }
    }
    for (const row of existing) {
      if (listed.has(row.user_id) || row.moved_out_at) continue;
      tenantUpdates.push({ id: row.id, moved_out_at: now.toISOString(), primary: row.primary });
      touchedUsers.add(row.user_id);
      changed = true;
    }
    if (before) {
      if (changed) counts.updated++;
      else counts.skipped++;
    }
  }
  await inChunks(leaseInserts, (chunk) => tx.insert(leases).values(chunk));
  await updateFrom(
    tx,
    leaseUpdates,
    (json) =>
      sql`UPDATE leases l SET insurable_id = v.insurable_id, start_date = v.start_date, end_date = v.end_date, status = v.status, updated_at = now()
          FROM jsonb_to_recordset(${json}::jsonb) AS v(id int, insurable_id int, start_date date, end_date date, status text) WHERE l.id = v.id`,
  );
  await inChunks(tenantInserts, (chunk) => tx.insert(leaseUsers).values(chunk));
  await updateFrom(
    tx,
    tenantUpdates,
    (json) =>
      sql`UPDATE lease_users lu SET moved_out_at = v.moved_out_at, "primary" = v."primary", updated_at = now()
          FROM jsonb_to_recordset(${json}::jsonb) AS v(id int, moved_out_at timestamptz, "primary" boolean) WHERE lu.id = v.id`,
  );

  // Leases the provider listed in an earlier sync and lists no more (the residents left, or a lease that never began
  // was cancelled): ended as of yesterday, so the unit is free today, and their residents moved out; one that has not
  // begun is removed. Leases made in Coverdesk (no link) are never touched.
  const listedLeases = new Set(data.leases.map((l) => l.code));
  const vanished = (
    await queryRows<{ link_id: number; external_id: string; id: number; insurable_id: number; start_date: string; end_date: string | null; status: string; reference: string }>(
      tx,
      sql`SELECT ip.id AS link_id, ip.external_id, l.id, l.insurable_id, l.start_date::text AS start_date, l.end_date::text AS end_date, l.status, l.reference
          FROM integration_profiles ip JOIN leases l ON l.id = ip.profileable_id JOIN insurables u ON u.id = l.insurable_id
          WHERE ip.integration_id = ${integration.id} AND ip.external_context = 'lease' AND ip.profileable_type = 'Lease'
            AND (u.insurable_id = ${communityId} OR u.insurable_id IN (SELECT b.id FROM insurables b WHERE b.insurable_id = ${communityId}))
            AND (l.end_date IS NULL OR l.end_date >= ${ctx.today}::date)
          ORDER BY l.id`,
    )
  ).filter((l) => !listedLeases.has(l.external_id));
  const derivedUnits = new Set(unitIds.values());
  if (vanished.length && data.leases.length === 0) {
    // A property whose every lease disappeared at once is more likely the provider's fault than a day's move-outs.
    counts.errors.push({ record_type: "property", external_id: data.property.code, message: `The provider listed no leases; the ${vanished.length} leases it listed before were kept` });
  } else if (vanished.length) {
    const yesterday = addDays(ctx.today, -1);
    const ending = vanished.filter((l) => l.start_date < ctx.today);
    const removing = vanished.filter((l) => l.start_date >= ctx.today);
    const ended = ending
      .map((l) => {
        // The day before today, or the day after the start for a lease that began yesterday (an end comes after the start).
        const end = yesterday > l.start_date ? yesterday : addDays(l.start_date, 1);
        return { ...l, new_end: end, new_status: leaseStatus(l.start_date, end, ctx.today) };
      })
      // Ended already by an earlier run today.
      .filter((l) => l.end_date !== l.new_end);
    await updateFrom(
      tx,
      ended.map((l) => ({ id: l.id, end_date: l.new_end, status: l.new_status })),
      (json) => sql`UPDATE leases l SET end_date = v.end_date, status = v.status, updated_at = now() FROM jsonb_to_recordset(${json}::jsonb) AS v(id int, end_date date, status text) WHERE l.id = v.id`,
    );
    for (const l of ended) {
      hist("Lease", l.id, "update", {
        end_date: { previous_value: l.end_date, new_value: l.new_end },
        ...(l.status !== l.new_status ? { status: { previous_value: l.status, new_value: l.new_status } } : {}),
        listed_by_provider: { previous_value: true, new_value: false },
      });
    }
    const movedOut = ending.length
      ? await queryRows<{ user_id: number }>(
          tx,
          sql`UPDATE lease_users SET moved_out_at = now(), updated_at = now() WHERE lease_id = ${anyOf(ending.map((l) => l.id))} AND moved_out_at IS NULL RETURNING user_id`,
        )
      : [];
    for (const row of movedOut) touchedUsers.add(row.user_id);
    if (removing.length) {
      const tenants = await tx.select({ user_id: leaseUsers.user_id }).from(leaseUsers).where(sql`${leaseUsers.lease_id} = ${anyOf(removing.map((l) => l.id))}`);
      for (const row of tenants) touchedUsers.add(row.user_id);
      await tx.delete(integrationProfiles).where(sql`${integrationProfiles.id} = ${anyOf(removing.map((l) => l.link_id))}`);
      await tx.delete(leases).where(sql`${leases.id} = ${anyOf(removing.map((l) => l.id))}`);
      for (const l of removing) hist("Lease", l.id, "remove", { reference: { previous_value: l.reference, new_value: null }, listed_by_provider: { previous_value: true, new_value: false } });
    }
    for (const l of vanished) derivedUnits.add(l.insurable_id);
    counts.updated += ended.length + removing.length;
  }

  // The links last: a re-created record (its linked row was deleted) takes its link over.
  await inChunks([...newLinks.values()], (chunk) =>
    tx
      .insert(integrationProfiles)
      .values(chunk.map((l) => ({ integration_id: integration.id, external_context: l.context, external_id: l.external_id, profileable_type: l.type, profileable_id: l.id })))
      .onConflictDoUpdate({
        target: [integrationProfiles.integration_id, integrationProfiles.external_context, integrationProfiles.external_id],
        targetWhere: sql`integration_id IS NOT NULL`,
        set: { profileable_type: sql`excluded.profileable_type`, profileable_id: sql`excluded.profileable_id`, updated_at: new Date() },
      }),
  );
  for (const [key, l] of newLinks) links.push([key, l.id]);
  await recordHistories(tx, history, CHUNK);
  await refreshDerived(tx, [...derivedUnits], [...touchedUsers]);
  return { ...counts, communityId };
}

/**
 * The property's verified policies, as the provider knows their residents and units (sync setting "push policies",
 * reference section 4.13): active policies (bound in Coverdesk, or proofs of coverage verified) of a unit the
 * integration imported, held by a resident it imported; one row per policy, its primary holder first.
 */
async function verifiedPolicies(db: Db, integrationId: number, communityId: number): Promise<Array<{ id: number; policy: PushedPolicy }>> {
  const statuses = `{${ACTIVE_POLICY_STATUSES.join(",")}}`;
  const rows = await queryRows<{ id: number; number: string; carrier: string | null; resident_code: string; unit_code: string; effective_date: string; expiration_date: string | null; liability: string | number | null; status: string }>(
    db,
    sql`SELECT DISTINCT ON (p.id) p.id, p.number, coalesce(c.title, p.out_of_system_carrier_title) AS carrier, rl.external_id AS resident_code, ul.external_id AS unit_code,
          p.effective_date::text AS effective_date, p.expiration_date::text AS expiration_date, p.status,
          (SELECT max(pc."limit") FROM policy_coverages pc WHERE pc.policy_id = p.id AND pc.designation = 'liability' AND pc.enabled) AS liability
        FROM policies p
        JOIN policy_insurables pi ON pi.policy_id = p.id AND pi.current
        JOIN insurables u ON u.id = pi.insurable_id
        JOIN integration_profiles ul ON ul.integration_id = ${integrationId} AND ul.external_context = 'unit' AND ul.profileable_type = 'Insurable' AND ul.profileable_id = u.id
        JOIN policy_users pu ON pu.policy_id = p.id AND pu.status <> 'removed'
        JOIN integration_profiles rl ON rl.integration_id = ${integrationId} AND rl.external_context = 'resident' AND rl.profileable_type = 'User' AND rl.profileable_id = pu.user_id
        LEFT JOIN carriers c ON c.id = p.carrier_id
        WHERE p.status = ANY(${statuses}::text[]) AND p.effective_date IS NOT NULL
          AND (u.insurable_id = ${communityId} OR u.insurable_id IN (SELECT b.id FROM insurables b WHERE b.insurable_id = ${communityId}))
        ORDER BY p.id, pu."primary" DESC, pu.id`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    policy: {
      number: r.number,
      carrier: r.carrier,
      resident_code: r.resident_code,
      unit_code: r.unit_code,
      effective_date: r.effective_date,
      expiration_date: r.expiration_date,
      liability_cents: r.liability === null ? null : Number(r.liability),
      status: r.status === "EXTERNAL_VERIFIED" ? "verified" : "active",
    },
  }));
}

/** The version of a pushed record: its fields in their fixed order (verifiedPolicies builds every record alike). */
const pushHash = (policy: PushedPolicy) => createHash("sha256").update(JSON.stringify(policy)).digest("hex");

/**
 * Policies the provider holds from an earlier push under this property that have since been cancelled or expired:
 * their last record again with the new status (and, for a cancellation, the day coverage ended), so the provider no
 * longer counts them as insurance. Both adapters send a policy's status (Yardi's <Status>, Entrata's status).
 */
async function endedPolicies(db: Db, held: Array<typeof integrationPolicyPushes.$inferSelect>): Promise<Array<{ id: number; policy: PushedPolicy }>> {
  if (!held.length) return [];
  const rows = await db
    .select({ id: policies.id, status: policies.status, cancellation_date: policies.cancellation_date })
    .from(policies)
    .where(sql`${policies.id} = ${anyOf(held.map((r) => r.policy_id))} AND ${policies.status} IN ('CANCELLED', 'EXPIRED')`);
  const byId = new Map(held.map((r) => [r.policy_id, r]));
  return rows.map((row) => {
    const last = byId.get(row.id)!.payload;
    const cancelled = row.status === "CANCELLED";
    return { id: row.id, policy: { ...last, expiration_date: cancelled ? (row.cancellation_date ?? last.expiration_date) : last.expiration_date, status: cancelled ? "cancelled" : "expired" } };
  });
}

/**
 * Pushes what the provider does not hold yet: the property's verified policies new or changed since the provider last
 * accepted them, the ones it refused before (retried on every run until accepted), and the ones cancelled or expired
 * since it accepted them. Each attempt is recorded per policy (integration_policy_pushes) with the provider's answer;
 * what the provider refused, or a failed push, becomes records in error. `pushed` counts what it accepted this run.
 */
async function pushPolicies(db: Db, provider: PropertyManagementProvider, integrationId: number, property: { id: number; external_id: string }, communityId: number): Promise<{ pushed: number; errors: RecordError[] }> {
  const current = await verifiedPolicies(db, integrationId, communityId);
  const currentIds = current.map((c) => c.id);
  const records = await db
    .select()
    .from(integrationPolicyPushes)
    .where(
      and(
        eq(integrationPolicyPushes.integration_id, integrationId),
        currentIds.length ? sql`(${integrationPolicyPushes.property_id} = ${property.id} OR ${integrationPolicyPushes.policy_id} = ${anyOf(currentIds)})` : eq(integrationPolicyPushes.property_id, property.id),
      ),
    );
  const recordOf = new Map(records.map((r) => [r.policy_id, r]));
  const listed = new Set(currentIds);
  const ended = await endedPolicies(
    db,
    records.filter((r) => r.property_id === property.id && r.accepted_hash !== null && !listed.has(r.policy_id)),
  );
  const outgoing = [...current, ...ended].map((c) => ({ ...c, hash: pushHash(c.policy) })).filter((c) => recordOf.get(c.id)?.accepted_hash !== c.hash);
  if (!outgoing.length) return { pushed: 0, errors: [] };

  const record = async (c: (typeof outgoing)[number], status: "accepted" | "refused" | "failed", message: string | null) => {
    const at = new Date();
    const attempt = { property_id: property.id, payload: c.policy, content_hash: c.hash, attempted_at: at, status, message, updated_at: at };
    const accepted = status === "accepted" ? { accepted_hash: c.hash, accepted_at: at } : {};
    await db
      .insert(integrationPolicyPushes)
      .values({ integration_id: integrationId, policy_id: c.id, ...attempt, ...accepted })
      .onConflictDoUpdate({ target: [integrationPolicyPushes.policy_id, integrationPolicyPushes.integration_id], set: { ...attempt, ...accepted } });
  };
  let result: PushResult;
  try {
    result = await provider.pushPolicies(
      property.external_id,
      outgoing.map((c) => c.policy),
    );
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    for (const c of outgoing) await record(c, "failed", error.message);
    return { pushed: 0, errors: [{ record_type: "policy", external_id: property.external_id, message: `The policies could not be pushed: ${error.message}` }] };
  }
  const refused = new Map(result.errors.map((e) => [e.number, e.message]));
  for (const c of outgoing) await record(c, refused.has(c.policy.number) ? "refused" : "accepted", refused.get(c.policy.number) ?? null);
  return {
    pushed: outgoing.filter((c) => !refused.has(c.policy.number)).length,
    errors: result.errors.map((e) => ({ record_type: "policy", external_id: e.number, message: e.message })),
  };
}

const todayOf = () => todayLA();

/**
 * Runs (or resumes) a sync run: every enabled property of the integration, or the run's one property. Each property
 * is read in full from the provider and then written in its own transaction, so a failure mid-way (the provider
 * times out, the process stops) leaves no half-imported property; the properties finished are remembered on the
 * run, so a run the queue retries after a restart goes on from there. Each record in error is recorded with the
 * provider's message; a property imported later resolves its earlier errors.
 */
export async function runSync(db: Db, secret: string, runId: number, today = todayOf()) {
  const [run] = await db.select().from(integrationSyncRuns).where(eq(integrationSyncRuns.id, runId));
  if (!run || run.status !== "running") return run;
  const integration = await loadIntegration(db, run.integration_id);
  const [account] = await db.select({ agency_id: accounts.agency_id }).from(accounts).where(eq(accounts.id, integration.account_id));
  const provider = providerFor(integration.provider, decryptCredentials(integration.credentials_encrypted, secret));
  const heartbeat = (extra: Partial<typeof integrationSyncRuns.$inferInsert> = {}) =>
    db.update(integrationSyncRuns).set({ heartbeat_at: new Date(), ...extra }).where(eq(integrationSyncRuns.id, runId));

  let failure: string | null = null;
  if (!run.property_id) {
    // The whole integration: the provider's current list of properties first (new ones enabled).
    const refreshed = await refreshIntegration(db, secret, integration.id);
    if (!refreshed.active) failure = refreshed.problems[0] ?? "The provider refused the credentials";
  }
  const properties = failure
    ? []
    : await db
        .select()
        .from(integrationProperties)
        .where(run.property_id ? eq(integrationProperties.id, run.property_id) : and(eq(integrationProperties.integration_id, integration.id), eq(integrationProperties.enabled, true)))
        .orderBy(integrationProperties.id);
  const done = new Set(run.done_property_ids);
  const totals = { created: run.created_count, updated: run.updated_count, skipped: run.skipped_count, errors: run.error_count, pushed: run.pushed_count };
  const profiles = await loadProfiles(db, integration.id);
  const ctx: PropertyContext = { integration, agencyId: account?.agency_id ?? null, profiles, author: SYNC_AUTHOR(integration.provider), today };
  let propertiesFailed = 0;

  for (const property of properties) {
    if (done.has(property.id)) continue;
    await db.update(integrationProperties).set({ sync_status: "running", progress: { processed: done.size, total: properties.length }, updated_at: new Date() }).where(eq(integrationProperties.id, property.id));
    let errors: RecordError[];
    let status: "synced" | "failed" = "synced";
    try {
      const data = await provider.fetchProperty(property.external_id);
      const links: Array<[ProfileKey, number]> = [];
      const written = await db.transaction((tx) => writeProperty(tx as unknown as Tx, ctx, data, links));
      for (const [key, id] of links) profiles.set(key, id);
      errors = written.errors;
      if (integration.settings.sync.push_policies) {
        const pushed = await pushPolicies(db, provider, integration.id, property, written.communityId);
        totals.pushed += pushed.pushed;
        errors = [...errors, ...pushed.errors];
      }
      totals.created += written.created;
      totals.updated += written.updated;
      totals.skipped += written.skipped;
      await db.update(integrationProperties).set({ insurable_id: written.communityId, last_synced_at: new Date(), last_error: errors[0]?.message ?? null }).where(eq(integrationProperties.id, property.id));
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      status = "failed";
      propertiesFailed++;
      errors = [{ record_type: "property", external_id: property.external_id, message: error.message }];
      await db.update(integrationProperties).set({ last_error: error.message }).where(eq(integrationProperties.id, property.id));
    }
    // The property's earlier errors are answered by this attempt; what is still wrong is recorded again.
    await db.update(integrationSyncErrors).set({ resolved_at: new Date(), updated_at: new Date() }).where(and(eq(integrationSyncErrors.property_id, property.id), sql`resolved_at IS NULL`));
    if (errors.length) await db.insert(integrationSyncErrors).values(errors.map((e) => ({ ...e, run_id: runId, integration_id: integration.id, property_id: property.id })));
    totals.errors += errors.length;
    done.add(property.id);
    await db.update(integrationProperties).set({ sync_status: status, progress: null, updated_at: new Date() }).where(eq(integrationProperties.id, property.id));
    await heartbeat({ done_property_ids: [...done], created_count: totals.created, updated_count: totals.updated, skipped_count: totals.skipped, error_count: totals.errors, pushed_count: totals.pushed });
  }

  if (failure) {
    await db.insert(integrationSyncErrors).values({ run_id: runId, integration_id: integration.id, record_type: "property", external_id: integration.external_id, message: failure });
    totals.errors++;
  }
  const status = failure || (properties.length > 0 && propertiesFailed === properties.length) ? "failed" : totals.errors > 0 ? "partial" : "succeeded";
  const finished = new Date();
  await db
    .update(integrationSyncRuns)
    .set({
      status,
      finished_at: finished,
      heartbeat_at: finished,
      duration_ms: finished.getTime() - run.started_at.getTime(),
      error: failure ?? (propertiesFailed ? `${propertiesFailed} of ${properties.length} properties could not be read` : null),
      created_count: totals.created,
      updated_count: totals.updated,
      skipped_count: totals.skipped,
      error_count: totals.errors,
      pushed_count: totals.pushed,
    })
    .where(eq(integrationSyncRuns.id, runId));
  if (!run.property_id) await db.update(integrations).set({ next_sync_at: nextNightly(finished) }).where(eq(integrations.id, integration.id));
  const [ended] = await db.select().from(integrationSyncRuns).where(eq(integrationSyncRuns.id, runId));
  return ended;
}

/** The next nightly run after `from` (NIGHTLY_SYNC_CRON, 09:30 UTC). */
export function nextNightly(from: Date): Date {
  const next = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate(), 9, 30));
  if (next <= from) next.setUTCDate(next.getUTCDate() + 1);
  return next;
}

/**
 * The nightly job: a run for every enabled integration that has not synced successfully today (the once-a-day
 * guard; a resync from the console skips it). An integration already running is left to finish.
 */
export async function startNightlyRuns(db: Db, send: (runId: number) => Promise<void>, today = todayOf()) {
  const due = await queryRows<{ id: number }>(
    db,
    sql`SELECT i.id FROM integrations i WHERE i.enabled AND NOT EXISTS (
      SELECT 1 FROM integration_sync_runs r WHERE r.integration_id = i.id AND r.property_id IS NULL AND r.status IN ('succeeded', 'partial')
        AND (r.started_at AT TIME ZONE 'America/Los_Angeles')::date = ${today}::date) ORDER BY i.id`,
  );
  const started: number[] = [];
  for (const { id } of due) {
    try {
      const run = await startRun(db, id, "nightly", { startedBy: "System" });
      await send(run.id);
      started.push(run.id);
    } catch (error) {
      if (!(error instanceof ConflictError)) throw error;
    }
  }
  return started;
}

/** Runs left `running` by a process that stopped: queued again, to go on from the properties they finished. */
export async function requeueInterruptedRuns(db: Db, send: (runId: number) => Promise<void>, opts: { anyAge: boolean }) {
  const rows = await queryRows<{ id: number }>(
    db,
    opts.anyAge
      ? sql`SELECT id FROM integration_sync_runs WHERE status = 'running' ORDER BY id`
      : sql`SELECT id FROM integration_sync_runs WHERE status = 'running' AND heartbeat_at < now() - make_interval(secs => ${STALE_RUN_MS / 1000}) ORDER BY id`,
  );
  for (const row of rows) {
    await db.update(integrationSyncRuns).set({ heartbeat_at: new Date() }).where(eq(integrationSyncRuns.id, row.id));
    await send(row.id);
  }
  return rows.map((r) => r.id);
}
