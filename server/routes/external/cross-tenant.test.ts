import { eq, and } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountUsers, addresses, leads, policies, policyRevisions, policyUsers, profiles, users } from "../../db/schema";
import type { AuthHeaders, TestApp } from "../../test/helpers";
import { multipart } from "../../test/multipart";
import { proofWorld, type ProofWorld } from "../../test/proof-world";
import { FOREIGN_CUSTOMER } from "./external.service";

/**
 * Insureds of the coverage-proof form are matched only among the customers of the proof's account (issue 9, hole 2):
 * naming another tenant's customer is a 422 that writes nothing and shows nothing of theirs. Leads and customer
 * reads are scoped the same way. Two tenants: agency A (account A, sub-agency account A1) and agency B (account B).
 */
let t: TestApp;
let world: ProofWorld["world"];
let as: ProofWorld["as"];
let unitA: number;

const fields = (number: string, insured: { email: string; first?: string; last?: string }, over: Record<string, string> = {}) => ({
  "policy[account_id]": String(world.accounts.A.id),
  "policy[number]": number,
  "policy[out_of_system_carrier_title]": "Lemonade",
  "policy[policy_type_id]": "1",
  "policy[effective_date]": "2026-06-01",
  "policy[expiration_date]": "2027-06-01",
  "policy[status]": "unverified",
  "policy[policy_insurables_attributes][0][insurable_id]": String(unitA),
  "policy[policy_users_attributes][0][user_attributes][email]": insured.email,
  "policy[policy_users_attributes][0][user_attributes][profile_attributes][first_name]": insured.first ?? "Mallory",
  "policy[policy_users_attributes][0][user_attributes][profile_attributes][last_name]": insured.last ?? "Evil",
  "policy[policy_users_attributes][0][user_attributes][address_attributes][street_number]": "1",
  "policy[policy_users_attributes][0][user_attributes][address_attributes][street_name]": "Attacker Way",
  "policy[policy_users_attributes][0][user_attributes][address_attributes][city]": "Austin",
  "policy[policy_users_attributes][0][user_attributes][address_attributes][state]": "TX",
  "policy[policy_users_attributes][0][user_attributes][address_attributes][zip_code]": "78701",
  "policy[policy_coverages_attributes][0][designation]": "liability",
  "policy[policy_coverages_attributes][0][limit]": "10000000",
  ...over,
});

const send = (method: "POST", url: string, headers: AuthHeaders, body: Record<string, string>) => {
  const form = multipart(Object.entries(body).map(([field, content]) => ({ field, content })));
  return t.app.inject({ method, url, headers: { ...headers, ...form.headers }, payload: form.payload });
};
const upload = (prefix: string, headers: AuthHeaders, body: Record<string, string>) => send("POST", `/v2/${prefix}/policies/external/upload`, headers, body);
const update = (prefix: string, headers: AuthHeaders, id: number, body: Record<string, string>) =>
  send("POST", `/v2/${prefix}/policies/external/update`, headers, { ...body, "policy[id]": String(id) });

/** Everything a foreign customer's record holds, to compare before and after. */
async function snapshot(userId: number) {
  const db = t.database.db;
  return {
    user: await db.select().from(users).where(eq(users.id, userId)),
    profile: await db.select().from(profiles).where(and(eq(profiles.profileable_type, "User"), eq(profiles.profileable_id, userId))),
    addresses: await db.select().from(addresses).where(and(eq(addresses.addressable_type, "User"), eq(addresses.addressable_id, userId))),
    accounts: await db.select().from(accountUsers).where(eq(accountUsers.user_id, userId)),
    policies: await db.select().from(policyUsers).where(eq(policyUsers.user_id, userId)),
  };
}

beforeAll(async () => {
  ({ t, world, as, unitId: unitA } = await proofWorld("Tenant Park", "Unit 1"));
}, 60_000);
afterAll(() => t.close());

describe("naming another tenant's customer as an insured", () => {
  it.each([
    ["an agent, a customer of another agency", "staff_agency", "agentA", "cy.dune@example.com"],
    ["an agent, a customer of another account of its own agency tree", "staff_agency", "agentA", "bob.ray@example.com"],
    ["a super admin", "staff_super_admin", "superAdmin", "CY.DUNE@example.com"],
  ] as const)("%s: 422 on the email, nothing written, nothing of theirs answered", async (_case, prefix, who, email) => {
    const victim = email.toLowerCase() === "cy.dune@example.com" ? world.users.B.id : world.users.A1.id;
    const before = await snapshot(victim);
    const number = `XT-${who}-${victim}`;
    const res = await upload(prefix, as[who], fields(number, { email }));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors["users.0.email"]).toBe(FOREIGN_CUSTOMER);
    expect(res.body).not.toMatch(/555|contact\.|Dune|Ray/);
    expect(await snapshot(victim)).toEqual(before);
    expect(await t.database.db.select().from(policies).where(eq(policies.number, number))).toHaveLength(0);
  });

  it("a property manager editing their account's proof: the same refusal, and the proof stays as it was", async () => {
    const created = await upload("staff_agency", as.agentA, fields("XT-EDIT-1", { email: "renter.one@tenant-a.test", first: "Rita", last: "Renter" }));
    expect(created.statusCode).toBe(201);
    const id = created.json().policy.id;
    const before = await snapshot(world.users.B.id);
    const res = await update("staff_account", as.staffA, id, {
      ...fields("XT-EDIT-1", { email: "renter.one@tenant-a.test", first: "Rita", last: "Renter" }),
      "policy[policy_users_attributes][1][user_attributes][email]": "cy.dune@example.com",
      "policy[policy_users_attributes][1][user_attributes][profile_attributes][first_name]": "Mallory",
      "policy[policy_users_attributes][1][user_attributes][profile_attributes][last_name]": "Evil",
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors["users.1.email"]).toBe(FOREIGN_CUSTOMER);
    expect(await snapshot(world.users.B.id)).toEqual(before);
    const insureds = await t.database.db.select().from(policyUsers).where(eq(policyUsers.policy_id, id));
    expect(insureds).toHaveLength(1);
  });

  it("a change to a verified proof is refused before it becomes a pending revision", async () => {
    const created = await upload("staff_agency", as.agentA, fields("XT-REV-1", { email: "renter.two@tenant-a.test", first: "Ray", last: "Renter" }, { "policy[status]": "verified" }));
    expect(created.statusCode).toBe(201);
    const id = created.json().policy.id;
    const res = await update("staff_agency", as.agentA, id, fields("XT-REV-1", { email: "cy.dune@example.com" }, { "policy[status]": "verified" }));
    expect(res.statusCode).toBe(422);
    expect(await t.database.db.select().from(policyRevisions).where(eq(policyRevisions.policy_id, id))).toHaveLength(0);
  });
});

describe("customers of the proof's own account", () => {
  it("a new email becomes a customer of the account, seen by its tenant only", async () => {
    const res = await upload("staff_agency", as.agentA, fields("XT-NEW-1", { email: "fresh.renter@tenant-a.test", first: "Fresh", last: "Renter" }));
    expect(res.statusCode).toBe(201);
    const [created] = await t.database.db.select().from(users).where(eq(users.email, "fresh.renter@tenant-a.test"));
    // The link carries its customer's created date (the customers list's order at 1M, migration 0049).
    expect(await t.database.db.select().from(accountUsers).where(eq(accountUsers.user_id, created.id))).toEqual([
      { account_id: world.accounts.A.id, user_id: created.id, status: "enabled", user_created_at: created.created_at },
    ]);
    expect((await t.app.inject({ method: "GET", url: `/v2/staff_account/users/${created.id}`, headers: as.staffA })).statusCode).toBe(200);
    expect((await t.app.inject({ method: "GET", url: `/v2/staff_agency/users/${created.id}`, headers: as.agentB })).statusCode).toBe(404);
  });

  it("an existing customer of the account is matched and updated, not duplicated", async () => {
    const res = await upload("staff_agency", as.agentA, fields("XT-OWN-1", { email: "Ann.Lee@example.com", first: "Annabel", last: "Lee" }));
    expect(res.statusCode).toBe(201);
    const [insured] = await t.database.db.select().from(policyUsers).where(eq(policyUsers.policy_id, res.json().policy.id));
    expect(insured.user_id).toBe(world.users.A.id);
    const [profile] = await t.database.db.select().from(profiles).where(and(eq(profiles.profileable_type, "User"), eq(profiles.profileable_id, world.users.A.id)));
    expect(profile.first_name).toBe("Annabel");
  });
});

describe("reads of a customer two tenants share", () => {
  let sharedPolicyB: number;
  beforeAll(async () => {
    // Ann (customer of account A, insured on policy A) also rents from account B.
    const db = t.database.db;
    await db.insert(accountUsers).values({ account_id: world.accounts.B.id, user_id: world.users.A.id });
    const [policy] = await db
      .insert(policies)
      .values({ number: "B-SHARED-1", status: "BOUND", policy_type_id: 1, policy_in_system: true, agency_id: world.agencies.B.id, account_id: world.accounts.B.id })
      .returning();
    sharedPolicyB = policy.id;
    await db.insert(policyUsers).values({ policy_id: policy.id, user_id: world.users.A.id, primary: true });
    await db.insert(leads).values([
      { email: "ann.lee@example.com", identifier: "lead-a", user_id: world.users.A.id, agency_id: world.agencies.A.id, account_id: world.accounts.A.id },
      { email: "ann.lee@example.com", identifier: "lead-b", user_id: world.users.A.id, agency_id: world.agencies.B.id, account_id: world.accounts.B.id },
    ]);
  });

  it("showUser lists only the caller's policies and accounts", async () => {
    const agentA = (await t.app.inject({ method: "GET", url: `/v2/staff_agency/users/${world.users.A.id}`, headers: as.agentA })).json().data;
    expect(agentA.policies.map((p: { number: string }) => p.number)).not.toContain("B-SHARED-1");
    expect(agentA.policies.map((p: { number: string }) => p.number)).toContain("POL-A-0001");
    expect(agentA.accounts).toEqual([{ id: world.accounts.A.id, title: "Account A" }]);
    const agentB = (await t.app.inject({ method: "GET", url: `/v2/staff_agency/users/${world.users.A.id}`, headers: as.agentB })).json().data;
    expect(agentB.policies.map((p: { number: string }) => p.number)).toEqual(["B-SHARED-1"]);
    expect(agentB.accounts).toEqual([{ id: world.accounts.B.id, title: "Account B" }]);
    const list = (await t.app.inject({ method: "GET", url: `/v2/staff_agency/users?filter[id]=${world.users.A.id}`, headers: as.agentB })).json();
    expect(list[0].accounts).toEqual([{ id: world.accounts.B.id, title: "Account B" }]);
  });

  it("get_leads lists only the caller's leads of the policy's customers", async () => {
    const a = await t.app.inject({ method: "GET", url: `/v2/staff_agency/policies/${world.policies.A.id}/get_leads`, headers: as.agentA });
    expect(a.statusCode).toBe(200);
    expect(a.json().map((l: { agency_name: string }) => l.agency_name)).toEqual(["Agency A"]);
    const b = await t.app.inject({ method: "GET", url: `/v2/staff_agency/policies/${sharedPolicyB}/get_leads`, headers: as.agentB });
    expect(b.json().map((l: { agency_name: string }) => l.agency_name)).toEqual(["Agency B"]);
  });
});
