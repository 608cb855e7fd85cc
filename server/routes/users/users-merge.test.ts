import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  accountUsers,
  addresses,
  histories,
  insurables,
  integrationProfiles,
  leads,
  leaseUsers,
  leases,
  paymentProfiles,
  policies,
  policyUsers,
  profiles,
  users,
} from "../../db/schema";
import { NotFoundError } from "../../lib/errors";
import { type AuthHeaders, type TestApp } from "../../test/helpers";
import { type World, worldApp } from "../../test/world-app";
import { previewMerge } from "./users.merge";

let t: TestApp;
let world: World;
let as: Record<"superAdmin" | "agentA" | "staffA", AuthHeaders>;

beforeAll(async () => ({ t, world, as } = await worldApp(["superAdmin", "agentA", "staffA"])));
afterAll(() => t.close());

const post = (url: string, headers: AuthHeaders, payload: object) => t.app.inject({ method: "POST", url, headers, payload });
let serial = 0;

/** A customer of `accountId` with a profile, optionally a phone and an address. */
async function customer(accountId: number, first: string, last: string, extra: { phone?: string; birth?: string; address?: string } = {}) {
  const db = t.database.db;
  serial++;
  const [row] = await db.insert(users).values({ email: `${first.toLowerCase()}.${serial}@example.com` }).returning();
  await db.insert(profiles).values({
    profileable_type: "User",
    profileable_id: row.id,
    first_name: first,
    last_name: last,
    full_name: `${first} ${last}`,
    contact_phone: extra.phone ?? null,
    birth_date: extra.birth ?? null,
  });
  await db.insert(accountUsers).values({ account_id: accountId, user_id: row.id });
  if (extra.address) await db.insert(addresses).values({ addressable_type: "User", addressable_id: row.id, full: extra.address, city: "Austin", state: "TX", primary: true });
  return row;
}

async function policyFor(userId: number, agencyId: number, accountId: number, primary = true) {
  serial++;
  const [policy] = await t.database.db
    .insert(policies)
    .values({ number: `MRG-${serial}`, status: "EXTERNAL_VERIFIED", policy_type_id: 1, agency_id: agencyId, account_id: accountId })
    .returning();
  await t.database.db.insert(policyUsers).values({ policy_id: policy.id, user_id: userId, primary });
  return policy;
}

async function leaseFor(userId: number, accountId: number, agencyId: number) {
  serial++;
  const [community] = await t.database.db.insert(insurables).values({ title: `Merge Court ${serial}`, insurable_type_id: 1, account_id: accountId, agency_id: agencyId }).returning();
  const [lease] = await t.database.db
    .insert(leases)
    .values({ reference: `L-MRG-${serial}`, start_date: "2026-01-01", end_date: "2027-01-01", status: "current", insurable_id: community.id, account_id: accountId })
    .returning();
  await t.database.db.insert(leaseUsers).values({ lease_id: lease.id, user_id: userId, primary: true });
  return lease;
}

/** Everything a merge could touch, to show a refused one changed nothing. */
async function snapshot(ids: number[]) {
  const db = t.database.db;
  return {
    users: await db.select().from(users).where(inArray(users.id, ids)),
    policyUsers: await db.select().from(policyUsers).where(inArray(policyUsers.user_id, ids)),
    leaseUsers: await db.select().from(leaseUsers).where(inArray(leaseUsers.user_id, ids)),
    profiles: await db.select().from(profiles).where(and(eq(profiles.profileable_type, "User"), inArray(profiles.profileable_id, ids))),
    histories: await db.select({ n: sql<number>`count(*)::int` }).from(histories),
  };
}

describe("merge preview", () => {
  it("lists what moves and the fields whose values differ; writes nothing", async () => {
    const { accounts, agencies } = world;
    const keep = await customer(accounts.A.id, "Dana", "Reed", { phone: "(555) 111-0001", address: "1 Main St, Austin, TX 73301" });
    const dup = await customer(accounts.A.id, "Dana", "Reed", { phone: "(555) 111-0002", birth: "1990-04-02" });
    await policyFor(dup.id, agencies.A.id, accounts.A.id);
    await leaseFor(dup.id, accounts.A.id, agencies.A.id);
    const before = await snapshot([keep.id, dup.id]);

    const res = await post(`/v2/staff_super_admin/users/${keep.id}/merge/preview`, as.superAdmin, { users_to_merge_ids: [dup.id] });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.survivor.id).toBe(keep.id);
    expect(data.merged.map((m: { id: number }) => m.id)).toEqual([dup.id]);
    expect(data.moves).toMatchObject({ policies: 1, leases: 1, accounts: 1, leads: 0, addresses: 0 });
    const conflicts = data.fields.filter((f: { kept_user_id: number | null }) => f.kept_user_id === null).map((f: { field: string }) => f.field);
    expect(conflicts.sort()).toEqual(["contact_phone", "email"]);
    // A value only the merged record has is kept without asking.
    expect(data.fields.find((f: { field: string }) => f.field === "birth_date")).toMatchObject({ kept_user_id: dup.id, values: [{ user_id: dup.id, value: "1990-04-02" }] });
    expect(await snapshot([keep.id, dup.id])).toEqual(before);
  });
});

describe("merge", () => {
  it("moves policies, leases, leads, addresses, payment profiles and T codes to the survivor in one go, with history, and deletes the merged records", async () => {
    const { accounts, agencies } = world;
    const db = t.database.db;
    const keep = await customer(accounts.A.id, "Evan", "Hart", { phone: "(555) 222-0001" });
    const dupOne = await customer(accounts.A.id, "Evan", "Hart", { phone: "(555) 222-0002", address: "9 Oak Ave, Austin, TX 73301" });
    const dupTwo = await customer(accounts.A1.id, "Evan", "Harte");
    const policyOne = await policyFor(dupOne.id, agencies.A.id, accounts.A.id);
    // Both the survivor and a duplicate on one policy: one row stays, primary.
    const shared = await policyFor(keep.id, agencies.A.id, accounts.A.id, false);
    await db.insert(policyUsers).values({ policy_id: shared.id, user_id: dupTwo.id, primary: true });
    const lease = await leaseFor(dupTwo.id, accounts.A1.id, agencies.A1.id);
    const [lead] = await db.insert(leads).values({ email: dupOne.email, identifier: `lead-mrg-${dupOne.id}`, user_id: dupOne.id, agency_id: agencies.A.id }).returning();
    await db.insert(paymentProfiles).values({ payer_type: "User", payer_id: dupOne.id, source_id: "tok_visa", default_profile: true });
    await db.insert(integrationProfiles).values({ external_id: `t-mrg-${dupTwo.id}`, profileable_type: "User", profileable_id: dupTwo.id });

    const missing = await post(`/v2/staff_super_admin/users/${keep.id}/merge`, as.superAdmin, { users_to_merge_ids: [dupOne.id, dupTwo.id], choices: { email: keep.id } });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toMatchObject({ "choices.contact_phone": "Choose which value to keep", "choices.last_name": "Choose which value to keep" });
    expect(await db.select().from(users).where(inArray(users.id, [dupOne.id, dupTwo.id]))).toHaveLength(2);

    const res = await post(`/v2/staff_super_admin/users/${keep.id}/merge`, as.superAdmin, {
      users_to_merge_ids: [dupOne.id, dupTwo.id],
      choices: { email: keep.id, contact_phone: dupOne.id, last_name: keep.id },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.moved).toMatchObject({ policies: 2, leases: 1, leads: 1, addresses: 1, payment_profiles: 1, t_codes: 1, accounts: 1 });

    expect(await db.select().from(users).where(inArray(users.id, [dupOne.id, dupTwo.id]))).toEqual([]);
    const [survivor] = await db.select().from(users).where(eq(users.id, keep.id));
    expect(survivor).toMatchObject({ email: keep.email, has_existing_policies: true, has_current_leases: true, has_leases: true });
    const [profile] = await db.select().from(profiles).where(and(eq(profiles.profileable_type, "User"), eq(profiles.profileable_id, keep.id)));
    expect(profile).toMatchObject({ contact_phone: "(555) 222-0002", last_name: "Hart", full_name: "Evan Hart" });
    const links = await db.select().from(policyUsers).where(eq(policyUsers.user_id, keep.id));
    expect(links.map((l) => l.policy_id).sort()).toEqual([policyOne.id, shared.id].sort());
    expect(links.find((l) => l.policy_id === shared.id)?.primary).toBe(true);
    expect(await db.select().from(policyUsers).where(eq(policyUsers.policy_id, shared.id))).toHaveLength(1);
    expect((await db.select().from(leaseUsers).where(eq(leaseUsers.lease_id, lease.id)))[0].user_id).toBe(keep.id);
    expect((await db.select().from(leads).where(eq(leads.id, lead.id)))[0].user_id).toBe(keep.id);
    expect(await db.select().from(addresses).where(and(eq(addresses.addressable_type, "User"), eq(addresses.addressable_id, keep.id)))).toHaveLength(1);
    expect(await db.select().from(paymentProfiles).where(and(eq(paymentProfiles.payer_type, "User"), eq(paymentProfiles.payer_id, keep.id)))).toHaveLength(1);
    const accountsOf = await db.select().from(accountUsers).where(eq(accountUsers.user_id, keep.id));
    expect(accountsOf.map((a) => a.account_id).sort()).toEqual([accounts.A.id, accounts.A1.id].sort());

    const history = async (type: string, id: number) =>
      db.select().from(histories).where(and(eq(histories.recordable_type, type), eq(histories.recordable_id, id)));
    expect((await history("Policy", policyOne.id)).map((h) => h.data)).toContainEqual({ user_id: { previous_value: dupOne.id, new_value: keep.id } });
    expect((await history("Lease", lease.id)).map((h) => h.data)).toContainEqual({ user_id: { previous_value: dupTwo.id, new_value: keep.id } });
    expect((await history("Lead", lead.id)).map((h) => h.data)).toContainEqual({ user_id: { previous_value: dupOne.id, new_value: keep.id } });
    const removed = await history("User", dupOne.id);
    expect(removed).toHaveLength(1);
    expect(removed[0]).toMatchObject({ action: "remove", author: "super admin", data: { merged_into: { new_value: keep.id } } });
    const survivorHistory = await history("User", keep.id);
    expect(survivorHistory.at(-1)?.data).toMatchObject({ "profile.contact_phone": { previous_value: "(555) 222-0001", new_value: "(555) 222-0002" } });

    // The customers list finds the survivor by the merged record's T code (search text kept by the triggers).
    const found = await t.app.inject({ method: "GET", url: `/v2/staff_super_admin/users?filter[t_code][like]=t-mrg-${dupTwo.id}`, headers: as.superAdmin });
    expect(found.json().map((u: { id: number }) => u.id)).toEqual([keep.id]);
  });

  it("the survivor's history (GET /users/{id}/histories) tells of the merge; another tenant's customer is a 404", async () => {
    const keep = await customer(world.accounts.A.id, "Lou", "Marr");
    const dup = await customer(world.accounts.A.id, "Lou", "Marr");
    expect((await post(`/v2/staff_super_admin/users/${keep.id}/merge`, as.superAdmin, { users_to_merge_ids: [dup.id], choices: { email: keep.id } })).statusCode).toBe(200);
    const res = await t.app.inject({ method: "GET", url: `/v2/staff_agency/users/${keep.id}/histories`, headers: as.agentA });
    expect(res.statusCode).toBe(200);
    expect(res.headers["total-entries"]).toBe("1");
    expect(res.json()[0]).toMatchObject({ action: "update", author: "super admin", data: { merged: { new_value: [{ id: dup.id, email: dup.email }] } } });
    expect((await t.app.inject({ method: "GET", url: `/v2/staff_agency/users/${world.users.B.id}/histories`, headers: as.agentA })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: `/v2/staff_account/users/${keep.id}/histories?filter[x]=1`, headers: as.staffA })).statusCode).toBe(422);
  });

  it("takes the login email of a merged record when chosen", async () => {
    const keep = await customer(world.accounts.A.id, "Fay", "Lind");
    const dup = await customer(world.accounts.A.id, "Fay", "Lind");
    const res = await post(`/v2/staff_super_admin/users/${keep.id}/merge`, as.superAdmin, { users_to_merge_ids: [dup.id], choices: { email: dup.id } });
    expect(res.statusCode).toBe(200);
    const [survivor] = await t.database.db.select().from(users).where(eq(users.id, keep.id));
    expect(survivor.email).toBe(dup.email);
  });
});

describe("merge refusals", () => {
  it("422 for bad ids, too many records, the survivor among the merged, a user twice, or a choice outside the merge", async () => {
    const keep = await customer(world.accounts.A.id, "Gus", "Noll");
    const dup = await customer(world.accounts.A.id, "Gus", "Noll");
    const url = `/v2/staff_super_admin/users/${keep.id}/merge`;
    const before = await snapshot([keep.id, dup.id]);
    const cases: object[] = [
      { users_to_merge_ids: [] },
      { users_to_merge_ids: [0] },
      { users_to_merge_ids: [2 ** 31] },
      { users_to_merge_ids: ["x"] },
      { users_to_merge_ids: Array.from({ length: 20 }, (_, i) => dup.id + i + 1) },
      { users_to_merge_ids: [keep.id] },
      { users_to_merge_ids: [dup.id, dup.id] },
      { users_to_merge_ids: [dup.id], choices: { email: world.users.A.id } },
      { users_to_merge_ids: [dup.id], choices: { password: keep.id } },
      { users_to_merge_ids: [dup.id], extra: 1 },
    ];
    for (const payload of cases) {
      const res = await post(url, as.superAdmin, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
    }
    expect((await post(`/v2/staff_super_admin/users/${2 ** 31}/merge/preview`, as.superAdmin, { users_to_merge_ids: [dup.id] })).statusCode).toBe(422);
    expect(await snapshot([keep.id, dup.id])).toEqual(before);
  });

  it("404 for a record that does not exist", async () => {
    const keep = await customer(world.accounts.A.id, "Hal", "Ives");
    const res = await post(`/v2/staff_super_admin/users/${keep.id}/merge/preview`, as.superAdmin, { users_to_merge_ids: [2_000_000_000] });
    expect(res.statusCode).toBe(404);
  });

  it("staff and agents may not merge (a super-admin tool, document 3 section 6): 403, nothing changed", async () => {
    const keep = await customer(world.accounts.A.id, "Ida", "Jost");
    const dup = await customer(world.accounts.A.id, "Ida", "Jost");
    const before = await snapshot([keep.id, dup.id]);
    for (const [prefix, headers] of [["staff_account", as.staffA], ["staff_agency", as.agentA]] as const) {
      for (const path of ["merge", "merge/preview"]) {
        const res = await post(`/v2/${prefix}/users/${keep.id}/${path}`, headers, { users_to_merge_ids: [dup.id], choices: {} });
        expect(res.statusCode).toBe(403);
      }
    }
    expect(await snapshot([keep.id, dup.id])).toEqual(before);
  });

  it("a super admin browsing one agency tree gets a 404 for a record of another tree, or one shared with another tree; nothing changed", async () => {
    const { accounts, agencies } = world;
    const keep = await customer(accounts.A.id, "Jo", "Kent");
    const foreign = await customer(accounts.B.id, "Jo", "Kent");
    const shared = await customer(accounts.A.id, "Jo", "Kent");
    await t.database.db.insert(accountUsers).values({ account_id: accounts.B.id, user_id: shared.id });
    const before = await snapshot([keep.id, foreign.id, shared.id]);
    for (const other of [foreign, shared]) {
      const url = `/v2/staff_super_admin/users/${keep.id}/merge?agency_id=${agencies.A.id}`;
      expect((await post(url, as.superAdmin, { users_to_merge_ids: [other.id], choices: { email: keep.id } })).statusCode).toBe(404);
    }
    expect(await snapshot([keep.id, foreign.id, shared.id])).toEqual(before);
    // Unnarrowed, the same super admin sees all of them.
    const ok = await post(`/v2/staff_super_admin/users/${keep.id}/merge/preview`, as.superAdmin, { users_to_merge_ids: [foreign.id, shared.id] });
    expect(ok.statusCode).toBe(200);
  });

  it("the scope rule itself: staff see a record only when all of it is their account's; agents only within their tree", async () => {
    const { accounts, agencies } = world;
    const db = t.database.db;
    const mine = await customer(accounts.A.id, "Kim", "Lowe");
    const alsoMine = await customer(accounts.A.id, "Kim", "Lowe");
    const policyElsewhere = await customer(accounts.A.id, "Kim", "Lowe");
    await policyFor(policyElsewhere.id, agencies.B.id, accounts.B.id);
    const subAgency = await customer(accounts.A1.id, "Kim", "Lowe");
    const request = (ids: number[]) => ({ survivorId: mine.id, mergeIds: ids });
    const staffScope = { kind: "account", accountId: accounts.A.id } as const;
    await expect(previewMerge(db, staffScope, request([alsoMine.id]))).resolves.toMatchObject({ survivor: { id: mine.id } });
    await expect(previewMerge(db, staffScope, request([policyElsewhere.id]))).rejects.toBeInstanceOf(NotFoundError);
    await expect(previewMerge(db, staffScope, request([subAgency.id]))).rejects.toBeInstanceOf(NotFoundError);
    const agentTree = { kind: "agencies" as const, agencyIds: [agencies.A.id, agencies.A1.id] };
    await expect(previewMerge(db, agentTree, request([subAgency.id]))).resolves.toMatchObject({ merged: [{ id: subAgency.id }] });
    await expect(previewMerge(db, agentTree, request([policyElsewhere.id]))).rejects.toBeInstanceOf(NotFoundError);
    await expect(previewMerge(db, { kind: "agencies", agencyIds: [agencies.A1.id] }, request([subAgency.id]))).rejects.toBeInstanceOf(NotFoundError);
  });
});
