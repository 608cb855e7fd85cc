import { and, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import { ACCOUNT_PERMISSION_KEYS, AGENCY_ONLY_PERMISSION_KEYS, NEW_ACCOUNT_KEYS_OFF, PERMISSION_KEYS } from "../../src/domain/permissions";
import type { Db } from "../db/client";
import { accountPermissions, accounts, agencies, agencyPermissions, staff, staffPermissions } from "../db/schema";
import type { HistoryChanges } from "../db/schema";
import { type Author, recordHistory } from "./history";
import { queryRows } from "./list";

/**
 * Permission sets (reference section 3.2): an agency's, an account's and a staff member's own. What anyone holds is
 * their own set narrowed by every set above them (a sub-agency's parent, an account's agency and its parent), read
 * here and nowhere else. Writes follow the reference: a set never enables a key the set above lacks ("… can't be
 * enabled"); a key switched off on an agency goes off in the stored sets below it (sub-agencies, accounts, staff);
 * a key switched on comes back only for the owner, so what an account switched off stays off.
 */
export type Permission = { key: string; value: boolean };
export type Organisation = { type: "Account" | "Agency"; id: number };

/** Document 1 section 5: no list allows every key; in a list, a key that is missing is off. */
export const holds = (list: Permission[], key: string) => list.length === 0 || list.some((p) => p.key === key && p.value);

/** Every key with its value, so that a stored list never switches off a key nobody touched ("missing means off"). */
export const fullList = (list: Permission[]): Permission[] => PERMISSION_KEYS.map((key) => ({ key, value: holds(list, key) }));

/**
 * An account's set holds only the keys that apply to account staff (src/domain/permissions.ts): the agency-only keys
 * are never stored on an account, so its staff never hold them.
 */
export const accountList = (list: Permission[]): Permission[] => fullList(list).filter((p) => ACCOUNT_PERMISSION_KEYS.includes(p.key as (typeof PERMISSION_KEYS)[number]));

/** "… doesn't apply to an account" for every agency-only key asked for on an account, whatever its value. */
export const agencyOnlyKeys = (wanted: Permission[]) =>
  wanted.filter((p) => (AGENCY_ONLY_PERMISSION_KEYS as readonly string[]).includes(p.key)).map((p) => `${p.key} doesn't apply to an account`);

/** A new account's own set (reference 3.2): every account key on but the ones a new account starts without. */
export const newAccountList = (): Permission[] => ACCOUNT_PERMISSION_KEYS.map((key) => ({ key, value: !NEW_ACCOUNT_KEYS_OFF.includes(key) }));

const narrowsSomething = (list: Permission[]) => PERMISSION_KEYS.some((key) => !holds(list, key));

/**
 * The one rule: `own` narrowed by the sets above it. When none of them switches anything off, `own` is answered as
 * stored (an empty list stays "everything on"); otherwise every key, on only where all of them hold it.
 */
export function narrow(own: Permission[], above: Permission[][]): Permission[] {
  const narrowing = above.filter(narrowsSomething);
  if (!narrowing.length) return own;
  return PERMISSION_KEYS.map((key) => ({ key, value: holds(own, key) && narrowing.every((list) => holds(list, key)) }));
}

const orgKey = (o: Organisation) => `${o.type}:${o.id}`;

/**
 * The stored sets of each organisation `orgs` names (a FROM item aliased `o` with columns org_type and org_id) and of
 * those above it, one row per key: an agency's own (depth 0) and its parent's (1); an account's own (0), its agency's
 * (1) and that agency's parent's (2). The one description of the chain, read by chainSets and, correlated to the
 * signed-in staff member's row, by the session query (server/routes/auth/auth.service.ts).
 */
export const chainRowsSql = (orgs: SQL): SQL => sql`
  SELECT o.org_type, o.org_id, 0 AS depth, p.key, p.value FROM ${orgs}
    JOIN account_permissions p ON o.org_type = 'Account' AND p.account_id = o.org_id
  UNION ALL
  SELECT o.org_type, o.org_id, 1, p.key, p.value FROM ${orgs}
    JOIN accounts a ON o.org_type = 'Account' AND a.id = o.org_id JOIN agency_permissions p ON p.agency_id = a.agency_id
  UNION ALL
  SELECT o.org_type, o.org_id, 2, p.key, p.value FROM ${orgs}
    JOIN accounts a ON o.org_type = 'Account' AND a.id = o.org_id JOIN agencies g ON g.id = a.agency_id
    JOIN agency_permissions p ON p.agency_id = g.agency_id
  UNION ALL
  SELECT o.org_type, o.org_id, 0, p.key, p.value FROM ${orgs}
    JOIN agency_permissions p ON o.org_type = 'Agency' AND p.agency_id = o.org_id
  UNION ALL
  SELECT o.org_type, o.org_id, 1, p.key, p.value FROM ${orgs}
    JOIN agencies g ON o.org_type = 'Agency' AND g.id = o.org_id JOIN agency_permissions p ON p.agency_id = g.agency_id`;

export interface ChainRow {
  depth: number;
  key: string | null;
  value: boolean | null;
}

/** One organisation's chain rows as its sets, its own first (index = depth). */
export function chainOf(rows: ChainRow[], chain: Permission[][] = [[]]): Permission[][] {
  for (const row of rows) {
    while (chain.length <= Number(row.depth)) chain.push([]);
    if (row.key !== null) chain[Number(row.depth)].push({ key: row.key, value: row.value === true });
  }
  return chain;
}

/** The stored sets of each organisation and of those above it, in one query (chainRowsSql). */
async function chainSets(db: Db, orgs: Organisation[]): Promise<Map<string, Permission[][]>> {
  const unique = [...new Map(orgs.map((o) => [orgKey(o), o])).values()];
  const sets = new Map<string, Permission[][]>();
  if (!unique.length) return sets;
  const values = sql.join(unique.map((o) => sql`(${o.type}::text, ${o.id}::int)`), sql`, `);
  const rows = await queryRows<ChainRow & { org_type: Organisation["type"]; org_id: number }>(
    db,
    sql`${chainRowsSql(sql`(VALUES ${values}) o(org_type, org_id)`)} ORDER BY 1, 2, 3`,
  );
  for (const row of rows) {
    const key = orgKey({ type: row.org_type, id: Number(row.org_id) });
    sets.set(key, chainOf([row], sets.get(key)));
  }
  return sets;
}

/** What an organisation holds: its own set narrowed by those above it, every key listed (the Permissions tabs). */
export async function organisationPermissions(db: Db, org: Organisation): Promise<Permission[]> {
  const [own = [], ...above] = (await chainSets(db, [org])).get(orgKey(org)) ?? [];
  return fullList(narrow(own, above));
}

/** What the sets above an organisation allow (an account's agency, a sub-agency's parent): a key off here is refused. */
export async function permissionsAbove(db: Db, org: Organisation): Promise<Permission[]> {
  const [, ...above] = (await chainSets(db, [org])).get(orgKey(org)) ?? [];
  return fullList(narrow([], above));
}

/** "… can't be enabled" for every key asked on that the sets above lack (reference section 3.2). */
export const refusedKeys = (above: Permission[], wanted: Permission[]) => wanted.filter((p) => p.value && !holds(above, p.key)).map((p) => `${p.key} can't be enabled`);

const changesOf = (previous: Permission[], next: Permission[]): HistoryChanges =>
  Object.fromEntries(next.flatMap((p, i) => (p.value === previous[i].value ? [] : [[`permissions.${p.key}`, { previous_value: previous[i].value, new_value: p.value }]])));

async function storedAgencySet(tx: Db, agencyId: number): Promise<Permission[]> {
  return tx.select({ key: agencyPermissions.key, value: agencyPermissions.value }).from(agencyPermissions).where(eq(agencyPermissions.agency_id, agencyId));
}

async function storedAccountSet(tx: Db, accountId: number): Promise<Permission[]> {
  return accountList(await storedAccountRows(tx, accountId));
}

async function storedAccountRows(tx: Db, accountId: number): Promise<Permission[]> {
  return tx.select({ key: accountPermissions.key, value: accountPermissions.value }).from(accountPermissions).where(eq(accountPermissions.account_id, accountId));
}

async function writeAgencySet(tx: Db, agencyId: number, list: Permission[]) {
  await tx.delete(agencyPermissions).where(eq(agencyPermissions.agency_id, agencyId));
  await tx.insert(agencyPermissions).values(list.map((p) => ({ agency_id: agencyId, ...p })));
}

async function writeAccountSet(tx: Db, accountId: number, list: Permission[]) {
  await tx.delete(accountPermissions).where(eq(accountPermissions.account_id, accountId));
  await tx.insert(accountPermissions).values(accountList(list).map((p) => ({ account_id: accountId, ...p })));
}

async function setStaffKeys(tx: Db, staffIds: number[], keys: string[], value: boolean) {
  if (!staffIds.length) return;
  const rows = await tx.select().from(staffPermissions).where(inArray(staffPermissions.staff_id, staffIds));
  for (const staffId of staffIds) {
    const own = rows.filter((r) => r.staff_id === staffId).map((r) => ({ key: r.key, value: r.value }));
    const list = fullList(own).map((p) => (keys.includes(p.key) ? { ...p, value } : p));
    await tx.delete(staffPermissions).where(eq(staffPermissions.staff_id, staffId));
    await tx.insert(staffPermissions).values(list.map((p) => ({ staff_id: staffId, ...p })));
  }
}

const merged = (previous: Permission[], wanted: Permission[]) => previous.map((p) => ({ key: p.key, value: wanted.find((w) => w.key === p.key)?.value ?? p.value }));

/**
 * Sets an agency's keys in the caller's transaction. A key switched off goes off for its sub-agencies, the accounts
 * of the agency and its sub-agencies (each with a history row), and every staff member of them all; a key switched
 * on comes back only for the agency's owner. Answers the agency's own changes, per key, or null when none.
 */
export async function applyAgencyPermissions(tx: Db, agencyId: number, ownerId: number | null, wanted: Permission[], author: Author): Promise<HistoryChanges | null> {
  const previous = fullList(await storedAgencySet(tx, agencyId));
  const next = merged(previous, wanted);
  const off = next.filter((p, i) => !p.value && previous[i].value).map((p) => p.key);
  const on = next.filter((p, i) => p.value && !previous[i].value).map((p) => p.key);
  if (!off.length && !on.length) return null;
  await writeAgencySet(tx, agencyId, next);

  if (off.length) {
    const subs = (await tx.select({ id: agencies.id }).from(agencies).where(eq(agencies.agency_id, agencyId))).map((r) => r.id);
    for (const sub of subs) {
      const before = fullList(await storedAgencySet(tx, sub));
      const after = before.map((p) => (off.includes(p.key) ? { ...p, value: false } : p));
      await writeAgencySet(tx, sub, after);
      await recordHistory(tx, { type: "Agency", id: sub, action: "update", author, process: "console", changes: changesOf(before, after) });
    }
    const tree = [agencyId, ...subs];
    const accountIds = (await tx.select({ id: accounts.id }).from(accounts).where(inArray(accounts.agency_id, tree))).map((r) => r.id);
    for (const accountId of accountIds) {
      const before = await storedAccountSet(tx, accountId);
      const after = before.map((p) => (off.includes(p.key) ? { ...p, value: false } : p));
      await writeAccountSet(tx, accountId, after);
      await recordHistory(tx, { type: "Account", id: accountId, action: "update", author, process: "console", changes: changesOf(before, after) });
    }
    const people = await tx
      .select({ id: staff.id })
      .from(staff)
      .where(
        or(
          and(eq(staff.organizable_type, "Agency"), inArray(staff.organizable_id, tree)),
          accountIds.length ? and(eq(staff.organizable_type, "Account"), inArray(staff.organizable_id, accountIds)) : sql`false`,
        ),
      );
    await setStaffKeys(tx, people.map((p) => p.id), off, false);
  }
  if (on.length && ownerId) await setStaffKeys(tx, [ownerId], on, true);
  return changesOf(previous, next);
}

/**
 * Sets an account's keys in the caller's transaction (the caller has refused keys its agency lacks). Its staff hold
 * at most the account's set, read through `narrow`, so a key switched off needs no copy in their lists; a key
 * switched on comes back for the account's owner, whose own list may have lost it to an agency's switch-off.
 */
export async function applyAccountPermissions(tx: Db, accountId: number, ownerId: number | null, wanted: Permission[]): Promise<HistoryChanges | null> {
  const previous = await storedAccountSet(tx, accountId);
  const next = merged(previous, wanted);
  const on = next.filter((p, i) => p.value && !previous[i].value).map((p) => p.key);
  const changes = changesOf(previous, next);
  if (!Object.keys(changes).length) return null;
  await writeAccountSet(tx, accountId, next);
  if (on.length && ownerId) await setStaffKeys(tx, [ownerId], on, true);
  return changes;
}
