import type { Db } from "../db/client";
import {
  accountUsers,
  accounts,
  agencies,
  integrationProfiles,
  policies,
  policyUsers,
  profiles,
  staff,
  staffPermissions,
  users,
} from "../db/schema";
import { hashPassword } from "../lib/passwords";

export const PASSWORD = "secret-pass";
let passwordHash: Promise<string> | undefined;

/**
 * A small world for API tests: agency A with sub-agency A1, agency B; one account under each; staff of every role;
 * customers in each account; one policy. Every test file builds its own (no shared state between files).
 */
export async function buildWorld(db: Db) {
  passwordHash ??= hashPassword(PASSWORD);
  const encrypted_password = await passwordHash;

  const [agencyA] = await db.insert(agencies).values({ title: "Agency A", enabled: true }).returning();
  const [agencyA1] = await db.insert(agencies).values({ title: "Agency A1", enabled: true, agency_id: agencyA.id }).returning();
  const [agencyB] = await db.insert(agencies).values({ title: "Agency B", enabled: true }).returning();
  const [accountA] = await db.insert(accounts).values({ title: "Account A", agency_id: agencyA.id }).returning();
  const [accountA1] = await db.insert(accounts).values({ title: "Account A1", agency_id: agencyA1.id }).returning();
  const [accountB] = await db.insert(accounts).values({ title: "Account B", agency_id: agencyB.id }).returning();

  const makeStaff = async (
    email: string,
    role: "staff" | "agent" | "super_admin" | "policy_support",
    org?: { type: "Account" | "Agency"; id: number },
    extra: Partial<typeof staff.$inferInsert> = {},
  ) => {
    const [row] = await db
      .insert(staff)
      .values({ email, role, organizable_type: org?.type ?? null, organizable_id: org?.id ?? null, enabled: true, encrypted_password, ...extra })
      .returning();
    const [first, last] = email.split("@")[0].split(".");
    await db.insert(profiles).values({
      profileable_type: "Staff",
      profileable_id: row.id,
      first_name: first,
      last_name: last ?? "Tester",
      full_name: `${first} ${last ?? "Tester"}`,
    });
    return row;
  };

  const superAdmin = await makeStaff("super.admin@test.dev", "super_admin");
  const support = await makeStaff("policy.support@test.dev", "policy_support");
  const agentA = await makeStaff("agent.a@test.dev", "agent", { type: "Agency", id: agencyA.id });
  const agentA1 = await makeStaff("agent.a1@test.dev", "agent", { type: "Agency", id: agencyA1.id });
  const agentB = await makeStaff("agent.b@test.dev", "agent", { type: "Agency", id: agencyB.id });
  const staffA = await makeStaff("staff.a@test.dev", "staff", { type: "Account", id: accountA.id });
  const staffB = await makeStaff("staff.b@test.dev", "staff", { type: "Account", id: accountB.id });
  const disabled = await makeStaff("disabled.staff@test.dev", "staff", { type: "Account", id: accountA.id }, { enabled: false });
  const restricted = await makeStaff("restricted.agent@test.dev", "agent", { type: "Agency", id: agencyA.id });
  await db.insert(staffPermissions).values([
    { staff_id: restricted.id, key: "property_management.users", value: false },
    { staff_id: restricted.id, key: "property_management.managers", value: true },
  ]);

  const makeUser = async (email: string, first: string, last: string, accountId: number, tCode?: string) => {
    const [row] = await db.insert(users).values({ email, has_existing_policies: true }).returning();
    await db.insert(profiles).values({
      profileable_type: "User",
      profileable_id: row.id,
      first_name: first,
      last_name: last,
      full_name: `${first} ${last}`,
      contact_email: `contact.${email}`,
      contact_phone: "(555) 010-2000",
    });
    await db.insert(accountUsers).values({ account_id: accountId, user_id: row.id });
    if (tCode) await db.insert(integrationProfiles).values({ external_id: tCode, profileable_type: "User", profileable_id: row.id });
    return row;
  };
  const userA = await makeUser("ann.lee@example.com", "Ann", "Lee", accountA.id, "t0000101");
  const userA1 = await makeUser("bob.ray@example.com", "Bob", "Ray", accountA1.id);
  const userB = await makeUser("cy.dune@example.com", "Cy", "Dune", accountB.id, "t0000303");

  const [policyA] = await db
    .insert(policies)
    .values({
      number: "POL-A-0001",
      status: "BOUND",
      policy_type_id: 1,
      policy_in_system: true,
      agency_id: agencyA.id,
      account_id: accountA.id,
      effective_date: "2026-01-01",
      expiration_date: "2027-01-01",
    })
    .returning();
  await db.insert(policyUsers).values({ policy_id: policyA.id, user_id: userA.id, primary: true });
  const [policyB] = await db
    .insert(policies)
    .values({ number: "EXT-B-0002", status: "EXTERNAL_UNVERIFIED", policy_type_id: 1, agency_id: agencyB.id, account_id: accountB.id })
    .returning();
  await db.insert(policyUsers).values({ policy_id: policyB.id, user_id: userB.id, primary: true });

  return {
    agencies: { A: agencyA, A1: agencyA1, B: agencyB },
    accounts: { A: accountA, A1: accountA1, B: accountB },
    staff: { superAdmin, support, agentA, agentA1, agentB, staffA, staffB, disabled, restricted },
    users: { A: userA, A1: userA1, B: userB },
    policies: { A: policyA, B: policyB },
  };
}
