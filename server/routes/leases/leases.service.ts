import { randomBytes } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import { type ImportLease, leaseStatus, parseLeaseFile } from "../../../src/domain/leases";
import type { Db } from "../../db/client";
import { accountUsers, leaseUsers, leases, users } from "../../db/schema";
import { AppError, NotFoundError, ValidationError } from "../../lib/errors";
import { type Author, diffChanges, recordHistory } from "../../lib/history";
import { type ListInput, parseListParams, queryRows, runList } from "../../lib/list";
import { findProfile, saveProfile } from "../../lib/profiles";
import type { Scope } from "../../lib/scope";
import { MESSAGES } from "../../lib/validators";
import type { Mailer } from "../../mail/mailer";
import { insurableListQuery } from "../insurables/insurables.list";
import { leaseListQuery, leaseListSpec } from "./leases.list";

type Tx = Db;
const inTransaction = <T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> => db.transaction((tx) => work(tx as unknown as Tx));

/** Today in the reports' time zone (DESIGN.md section 3: America/Los_Angeles), yyyy-MM-dd. */
export const todayLA = (now = new Date()) => new Intl.DateTimeFormat("en-CA", { timeZone: "America/Los_Angeles" }).format(now);

export async function listLeases(db: Db, scope: Scope, input: ListInput) {
  return runList(db, leaseListQuery(scope), parseListParams(input, leaseListSpec));
}

export async function showLease(db: Db, scope: Scope, id: number) {
  const query = leaseListQuery(scope, [sql`l.id = ${id}`]);
  const [row] = await queryRows<Record<string, unknown>>(db, sql`SELECT ${query.select} FROM ${query.from} WHERE ${sql.join(query.where, sql` AND `)}`);
  if (!row) throw new NotFoundError("Lease");
  return row;
}

export interface TenantInput {
  primary?: boolean;
  lessee?: boolean;
  moved_in_at?: string | null;
  moved_out_at?: string | null;
  user: { id?: number; email?: string; profile_attributes?: { first_name?: string; last_name?: string; birth_date?: string | null } };
}

export interface LeaseInput {
  insurable_id?: number;
  start_date?: string;
  end_date?: string | null;
  sign_date?: string | null;
  month_to_month?: boolean;
  lease_type_id?: number;
  excluded_from_compliance?: boolean;
}

/** A unit in the caller's scope, for a lease: its id and account (404-like field error outside the scope). */
async function unitInScope(db: Db, scope: Scope, unitId: number) {
  const query = insurableListQuery(scope, [sql`i.id = ${unitId}`, sql`i.insurable_type_id IN (4, 5)`]);
  const [unit] = await queryRows<{ id: number; account_id: number | null }>(db, sql`SELECT i.id, i.account_id FROM ${query.from} WHERE ${sql.join(query.where, sql` AND `)}`);
  return unit;
}

/**
 * The customer a tenant row names (reference section 4.12): by id or by email among the lease account's customers;
 * an unknown email becomes a new customer of the account (with the profile given). An email of another account's
 * customer is refused without saying more (issue 9: lookups by natural key stay within the tenant).
 */
async function resolveTenant(tx: Tx, accountId: number, tenant: TenantInput["user"], key: string, errors: Record<string, string>, created: number[]): Promise<number | null> {
  if (tenant.id) {
    const [own] = await tx.select({ id: accountUsers.user_id }).from(accountUsers).where(and(eq(accountUsers.account_id, accountId), eq(accountUsers.user_id, tenant.id)));
    if (!own) errors[`${key}.id`] = "Select user from the drop-down list";
    return own?.id ?? null;
  }
  const email = tenant.email?.trim().toLowerCase();
  if (!email) {
    errors[`${key}.email`] = MESSAGES.required("email");
    return null;
  }
  const [found] = await queryRows<{ id: number; in_account: boolean }>(
    tx,
    sql`SELECT u.id, EXISTS (SELECT 1 FROM account_users au WHERE au.user_id = u.id AND au.account_id = ${accountId}) AS in_account FROM users u WHERE lower(u.email) = ${email}`,
  );
  if (found && !found.in_account) {
    errors[`${key}.email`] = MESSAGES.emailTaken;
    return null;
  }
  const profile = tenant.profile_attributes ?? {};
  if (found) {
    if (Object.keys(profile).length) await saveProfile(tx, "User", found.id, await findProfile(tx, "User", found.id), profile);
    return found.id;
  }
  if (!profile.first_name?.trim()) errors[`${key}.profile_attributes.first_name`] = MESSAGES.required("first name");
  if (!profile.last_name?.trim()) errors[`${key}.profile_attributes.last_name`] = MESSAGES.required("last name");
  if (errors[`${key}.profile_attributes.first_name`] || errors[`${key}.profile_attributes.last_name`]) return null;
  const [user] = await tx.insert(users).values({ email, has_leases: true }).returning({ id: users.id });
  await tx.insert(accountUsers).values({ account_id: accountId, user_id: user.id, status: "pending" });
  await saveProfile(tx, "User", user.id, undefined, profile);
  created.push(user.id);
  return user.id;
}

/** A unit is occupied while it has a current lease; a current lease is covered when its unit is (reference section 3.4). */
export async function refreshDerived(tx: Tx, unitIds: number[], userIds: number[]) {
  if (unitIds.length) {
    const ids = sql.join(unitIds.map((id) => sql`${id}`), sql`, `);
    await tx.execute(sql`UPDATE insurables i SET occupied = EXISTS (SELECT 1 FROM leases l WHERE l.insurable_id = i.id AND l.status = 'current') WHERE i.id IN (${ids})`);
    await tx.execute(sql`UPDATE leases l SET covered = (l.status = 'current' AND i.covered) FROM insurables i WHERE i.id = l.insurable_id AND l.insurable_id IN (${ids})`);
  }
  if (userIds.length) {
    const ids = sql.join(userIds.map((id) => sql`${id}`), sql`, `);
    await tx.execute(sql`UPDATE users u SET has_leases = EXISTS (SELECT 1 FROM lease_users lu WHERE lu.user_id = u.id),
      has_current_leases = EXISTS (SELECT 1 FROM lease_users lu JOIN leases l ON l.id = lu.lease_id WHERE lu.user_id = u.id AND l.status = 'current') WHERE u.id IN (${ids})`);
  }
}

const newReference = () => `L-${randomBytes(5).toString("hex").toUpperCase()}`;

function datesErrors(start: string | undefined, end: string | null | undefined): Record<string, string> {
  if (start && end && end <= start) return { end_date: "End date must be later than Start date" };
  return {};
}

async function writeTenants(tx: Tx, leaseId: number, accountId: number, tenants: TenantInput[], errors: Record<string, string>, invited: Invite[] = []) {
  const rows: Array<typeof leaseUsers.$inferInsert> = [];
  const created: number[] = [];
  for (const [i, tenant] of tenants.entries()) {
    const userId = await resolveTenant(tx, accountId, tenant.user, `users.${i}.user`, errors, created);
    if (userId === null) continue;
    if (rows.some((r) => r.user_id === userId)) errors[`users.${i}.user.email`] = "is listed twice";
    rows.push({
      lease_id: leaseId,
      user_id: userId,
      primary: tenant.primary ?? i === 0,
      lessee: tenant.lessee ?? true,
      moved_in_at: tenant.moved_in_at ? new Date(tenant.moved_in_at) : null,
      moved_out_at: tenant.moved_out_at ? new Date(tenant.moved_out_at) : null,
    });
  }
  if (Object.keys(errors).length) throw new ValidationError(errors);
  const before = await tx.select({ user_id: leaseUsers.user_id }).from(leaseUsers).where(eq(leaseUsers.lease_id, leaseId));
  await tx.delete(leaseUsers).where(eq(leaseUsers.lease_id, leaseId));
  if (rows.length) await tx.insert(leaseUsers).values(rows);
  invited.push(...created.map((userId) => ({ userId, leaseId })));
  return [...new Set([...before.map((b) => b.user_id), ...rows.map((r) => r.user_id as number)])];
}

/** Create a lease on a unit of the caller's with its tenants (found by email in the account, or created). */
export async function createLease(db: Db, scope: Scope, input: LeaseInput & { insurable_id: number; start_date: string }, tenants: TenantInput[], author: Author, mailer?: Mailer) {
  const unit = await unitInScope(db, scope, input.insurable_id);
  const errors: Record<string, string> = { ...datesErrors(input.start_date, input.end_date) };
  if (!unit) errors.insurable_id = "Select Building Or Unit";
  if (!tenants.length) errors.users = MESSAGES.tooFew(1);
  if (Object.keys(errors).length) throw new ValidationError(errors);
  const invited: Invite[] = [];
  const id = await inTransaction(db, async (tx) => {
    const status = leaseStatus(input.start_date, input.end_date, todayLA());
    const [lease] = await tx.insert(leases).values({ ...input, reference: newReference(), status, account_id: unit.account_id }).returning();
    const userIds = await writeTenants(tx, lease.id, unit.account_id!, tenants, {}, invited);
    await refreshDerived(tx, [unit.id], userIds);
    await recordHistory(tx, { type: "Lease", id: lease.id, action: "create", author, process: "console", changes: diffChanges({}, { ...input, status }) });
    return lease.id;
  });
  await inviteTenants(db, mailer, invited);
  return showLease(db, scope, id);
}

/** Update dates, unit and tenants (the users sent replace the lease's; reference section 4.12); status follows the dates. */
export async function updateLease(db: Db, scope: Scope, id: number, input: LeaseInput, tenants: TenantInput[] | undefined, author: Author, mailer?: Mailer) {
  const invited: Invite[] = [];
  await showLease(db, scope, id);
  const [before] = await db.select().from(leases).where(eq(leases.id, id));
  const errors: Record<string, string> = { ...datesErrors(input.start_date ?? before.start_date, input.end_date === undefined ? before.end_date : input.end_date) };
  let accountId = before.account_id!;
  if (input.insurable_id && input.insurable_id !== before.insurable_id) {
    const unit = await unitInScope(db, scope, input.insurable_id);
    if (!unit) errors.insurable_id = "Select Building Or Unit";
    else accountId = unit.account_id!;
  }
  if (tenants && !tenants.length) errors.users = MESSAGES.tooFew(1);
  if (Object.keys(errors).length) throw new ValidationError(errors);
  await inTransaction(db, async (tx) => {
    const start = input.start_date ?? before.start_date;
    const end = input.end_date === undefined ? before.end_date : input.end_date;
    const values = { ...input, account_id: accountId, status: leaseStatus(start, end, todayLA()) };
    await tx.update(leases).set({ ...values, updated_at: new Date() }).where(eq(leases.id, id));
    const userIds = tenants ? await writeTenants(tx, id, accountId, tenants, {}, invited) : [];
    await refreshDerived(tx, [...new Set([before.insurable_id, values.insurable_id ?? before.insurable_id])], userIds);
    await recordHistory(tx, { type: "Lease", id, action: "update", author, process: "console", changes: diffChanges(before, values) });
  });
  await inviteTenants(db, mailer, invited);
  return showLease(db, scope, id);
}

export async function deleteLease(db: Db, scope: Scope, id: number, author: Author) {
  const lease = (await showLease(db, scope, id)) as { insurable_id: number; reference: string; lease_users: Array<{ user_id: number }> };
  await inTransaction(db, async (tx) => {
    // Its residents' upload links end with it (issue 17): the lease they were tied to is gone, so nothing could check it later.
    await tx.execute(sql`UPDATE upload_links SET expires_at = now(), updated_at = now() WHERE lease_id = ${id} AND used_at IS NULL AND revoked_at IS NULL AND expires_at > now()`);
    await tx.delete(leases).where(eq(leases.id, id));
    await refreshDerived(tx, [lease.insurable_id], lease.lease_users.map((u) => u.user_id));
    await recordHistory(tx, { type: "Lease", id, action: "remove", author, process: "console", changes: { reference: { previous_value: lease.reference, new_value: null } } });
  });
  return lease;
}

/** The nightly recomputation (and any day's): statuses from dates, then occupancy and coverage that follow them. */
export async function recomputeLeaseStatuses(db: Db, today = todayLA()): Promise<number> {
  return inTransaction(db, async (tx) => {
    const changed = await queryRows<{ id: number; insurable_id: number }>(
      tx,
      sql`UPDATE leases SET status = CASE WHEN start_date > ${today}::date THEN 'pending' WHEN end_date < ${today}::date THEN 'expired' ELSE 'current' END, updated_at = now()
          WHERE status <> CASE WHEN start_date > ${today}::date THEN 'pending' WHEN end_date < ${today}::date THEN 'expired' ELSE 'current' END
          RETURNING id, insurable_id`,
    );
    if (changed.length) {
      const users = await tx.select({ id: leaseUsers.user_id }).from(leaseUsers).where(inArray(leaseUsers.lease_id, changed.map((c) => c.id)));
      await refreshDerived(tx, [...new Set(changed.map((c) => c.insurable_id))], [...new Set(users.map((u) => u.id))]);
    }
    return changed.length;
  });
}

// ---------- bulk create from a file ----------

export class BadFileError extends AppError {
  constructor(content: Array<{ message: string; row: number }>) {
    super(422, { error: "Bad file", message: "Bad file", content });
  }
}

/**
 * Leases from a CSV (reference section 4.12): every row checked (dates, tenants over 18, the unit's title under the
 * chosen community, tenants' emails not another account's); any bad row → 422 `{error: "Bad file", content: [{message,
 * row}]}` and nothing written; else every lease and tenant in one transaction.
 */
export async function bulkCreateLeases(db: Db, scope: Scope, communityId: number, text: string, author: Author, mailer?: Mailer, onProgress?: (processed: number, total: number) => unknown) {
  const invited: Invite[] = [];
  const communityQuery = insurableListQuery(scope, [sql`i.id = ${communityId}`, sql`i.insurable_type_id IN (1, 2, 3)`]);
  const [community] = await queryRows<{ id: number; account_id: number }>(db, sql`SELECT i.id, i.account_id FROM ${communityQuery.from} WHERE ${sql.join(communityQuery.where, sql` AND `)}`);
  if (!community) throw new ValidationError({ "leases.community_insurable_id": "Select community from the drop-down list" });
  const { leases: rows, errors } = parseLeaseFile(text, todayLA());
  const units = await queryRows<{ id: number; title: string }>(
    db,
    sql`SELECT u.id, u.title FROM insurables u LEFT JOIN insurables b ON b.id = u.insurable_id AND b.insurable_type_id = 7
        WHERE u.insurable_type_id IN (4, 5) AND (u.insurable_id = ${community.id} OR b.insurable_id = ${community.id})`,
  );
  const unitByTitle = new Map<string, number[]>();
  for (const u of units) unitByTitle.set(u.title.trim().toLowerCase(), [...(unitByTitle.get(u.title.trim().toLowerCase()) ?? []), u.id]);
  const emails = [...new Set(rows.flatMap((r) => r.tenants.map((t) => t.email)))];
  const foreign = new Set(
    emails.length
      ? (
          await queryRows<{ email: string }>(
            db,
            sql`SELECT lower(u.email) AS email FROM users u WHERE lower(u.email) IN (${sql.join(emails.map((e) => sql`${e}`), sql`, `)})
                AND NOT EXISTS (SELECT 1 FROM account_users au WHERE au.user_id = u.id AND au.account_id = ${community.account_id})`,
          )
        ).map((r) => r.email)
      : [],
  );
  const placed: Array<ImportLease & { unitId: number }> = [];
  for (const row of rows) {
    const problems: string[] = [];
    const matches = unitByTitle.get(row.unit.toLowerCase()) ?? [];
    if (matches.length === 0) problems.push(`unit ${row.unit} does not exist in this community`);
    if (matches.length > 1) problems.push(`unit ${row.unit} is in more than one building of this community`);
    for (const tenant of row.tenants) if (foreign.has(tenant.email)) problems.push(`${tenant.email} has already been taken`);
    if (problems.length) errors.push({ row: row.row, message: problems.join("; ") });
    else placed.push({ ...row, unitId: matches[0] });
  }
  if (errors.length) throw new BadFileError(errors.sort((a, b) => a.row - b.row));
  const count = await inTransaction(db, async (tx) => {
    const today = todayLA();
    const userIds: number[] = [];
    for (const [i, row] of placed.entries()) {
      const [lease] = await tx
        .insert(leases)
        .values({ reference: newReference(), start_date: row.start_date, end_date: row.end_date, status: leaseStatus(row.start_date, row.end_date, today), lease_type_id: row.lease_type_id, insurable_id: row.unitId, account_id: community.account_id })
        .returning({ id: leases.id });
      const tenants: TenantInput[] = row.tenants.map((t, i) => ({ primary: i === 0, user: { email: t.email, profile_attributes: { first_name: t.first_name, last_name: t.last_name, birth_date: t.birth_date } } }));
      userIds.push(...(await writeTenants(tx, lease.id, community.account_id, tenants, {}, invited)));
      await recordHistory(tx, { type: "Lease", id: lease.id, action: "create", author, process: "import", changes: diffChanges({}, { insurable_id: row.unitId, start_date: row.start_date, end_date: row.end_date }) });
      await onProgress?.(i + 1, placed.length);
    }
    await refreshDerived(tx, [...new Set(placed.map((p) => p.unitId))], [...new Set(userIds)]);
    return placed.length;
  });
  await inviteTenants(db, mailer, invited);
  return count;
}

/** A tenant created for a lease, to be invited once the lease is saved. */
interface Invite {
  userId: number;
  leaseId: number;
}

/**
 * Invitation mail to each tenant a lease created (reference section 4.12: unknown users are created and invited; a
 * bulk import invites per lease), sent after the lease is saved so a refused lease invites nobody. Tenants who were
 * already customers of the account are not mailed again. Without a mailer (a script), nobody is.
 */
export async function inviteTenants(db: Db, mailer: Mailer | undefined, invited: Invite[]) {
  if (!mailer || !invited.length) return;
  const rows = await queryRows<{ user_id: number; email: string; first_name: string | null; account: string | null; unit: string; community: string | null; reference: string; start_date: string }>(
    db,
    sql`SELECT u.id AS user_id, u.email, pr.first_name, ac.title AS account, unit.title AS unit,
          CASE WHEN parent.insurable_type_id = 7 THEN (SELECT c.title FROM insurables c WHERE c.id = parent.insurable_id) || ', ' || parent.title ELSE parent.title END AS community,
          l.reference, to_char(l.start_date, 'MM/DD/YYYY') AS start_date
        FROM (SELECT * FROM unnest(${`{${invited.map((i) => i.userId).join(",")}}`}::int[], ${`{${invited.map((i) => i.leaseId).join(",")}}`}::int[]) AS x(user_id, lease_id)) x
        JOIN users u ON u.id = x.user_id JOIN leases l ON l.id = x.lease_id JOIN insurables unit ON unit.id = l.insurable_id
        LEFT JOIN insurables parent ON parent.id = unit.insurable_id LEFT JOIN accounts ac ON ac.id = l.account_id
        LEFT JOIN profiles pr ON pr.profileable_type = 'User' AND pr.profileable_id = u.id
        ORDER BY l.id, u.id`,
  );
  for (const row of rows) {
    const home = [row.unit, row.community].filter(Boolean).join(", ");
    const manager = row.account ?? "Your property manager";
    await mailer.send({
      to: row.email,
      subject: `You have been added to the lease of ${home}`,
      text: [
        `Hello ${row.first_name ?? ""},`.replace(" ,", ","),
        "",
        `${manager} has added you as a tenant of ${home} (lease ${row.reference}, starting ${row.start_date}).`,
        "Notices about the renters insurance this home requires will be sent to this address.",
        "",
        `If you did not expect this, please contact ${manager}.`,
      ].join("\n"),
      template: "tenant_invitation",
      related: { type: "User", id: row.user_id },
    });
  }
}


