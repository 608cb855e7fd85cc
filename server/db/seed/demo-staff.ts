import { sql } from "drizzle-orm";
import { PERMISSION_KEYS } from "../../../src/domain/permissions";
import type { Role } from "../../../src/domain/roles";
import * as s from "../schema";
import { type PersonName, type SeedContext, during, emailPart, personName, phone } from "./context";
import type { Organisations } from "./demo-organisations";
import { insertAll, insertReturningIds } from "./insert";
import { ensureDemoLogins } from "./logins";
import { selectRows } from "./query";
import { DEMO_INVITATION } from "../demo-logins";
import { hashSecret } from "../../lib/tokens";

/**
 * Back-office staff: the four demo sign-ins, an owner and a few colleagues for every agency and account (some
 * disabled, some still invited), a few more super admins and policy support. Three non-demo staff carry permission
 * lists so the permission rule has data: a full list with one key off, and a partial list (missing keys are off).
 */
type StaffRow = typeof s.staff.$inferInsert;

const AGENT_JOBS = ["Licensed Agent", "Account Executive", "Customer Service Representative", "Producer"];
const MANAGER_JOBS = ["Property Manager", "Assistant Manager", "Leasing Consultant", "Community Manager"];

export async function seedStaff(ctx: SeedContext, orgs: Organisations, passwordHash: string): Promise<number> {
  const { db, r, today } = ctx;
  const demoIds = await ensureDemoLogins(db, {
    agencyId: orgs.demoAgencyId,
    accountId: orgs.demoAccountId,
    passwordHash,
    createdAt: during(r, today - 400),
  });

  const emails = new Set<string>();
  const rows: StaffRow[] = [];
  const people: Array<{ name: PersonName; job: string }> = [];
  const add = (role: Role, domain: string, org: Pick<StaffRow, "organizable_type" | "organizable_id">, owner: boolean, job: string) => {
    const name = personName(r);
    let email = `${emailPart(name.first)}.${emailPart(name.last)}@${domain}`;
    for (let n = 2; emails.has(email); n++) email = email.replace(/\d*@/, `${n}@`);
    emails.add(email);
    // Owners are always active; of the others about one in six is disabled and one in eight has not accepted yet.
    const state = owner ? "active" : r.weighted({ active: 33, disabled: 7, invited: 5 });
    const joined = today - r.int(20, 900);
    rows.push({
      email,
      role,
      ...org,
      owner,
      // Invitees are enabled from the start; without a password they cannot sign in until they accept.
      enabled: state !== "disabled",
      encrypted_password: state === "invited" ? null : passwordHash,
      invitation_sent_at: during(r, state === "invited" ? today - r.int(1, 20) : joined),
      invitation_accepted_at: state === "invited" ? null : during(r, joined + 1),
      created_at: during(r, state === "invited" ? today - 21 : joined),
    });
    people.push({ name, job });
  };

  for (const agency of orgs.agencies) {
    const domain = `${emailPart(agency.title)}.example`;
    const org = { organizable_type: "Agency" as const, organizable_id: agency.id };
    if (agency.id !== orgs.demoAgencyId) add("agent", domain, org, true, "Principal Agent");
    for (let k = r.int(1, 3); k > 0; k--) add("agent", domain, org, false, r.pick(AGENT_JOBS));
  }
  for (const account of orgs.accounts) {
    const org = { organizable_type: "Account" as const, organizable_id: account.id };
    if (account.id !== orgs.demoAccountId) add("staff", account.domain, org, true, "Regional Property Manager");
    for (let k = r.int(1, 3); k > 0; k--) add("staff", account.domain, org, false, r.pick(MANAGER_JOBS));
  }
  for (let k = 0; k < 2; k++) add("super_admin", "coverdesk.example", { organizable_type: null, organizable_id: null }, false, "Platform Administrator");
  for (let k = 0; k < 2; k++) add("policy_support", "coverdesk.example", { organizable_type: null, organizable_id: null }, false, "Policy Support Specialist");

  const ids = await insertReturningIds(db, s.staff, rows);
  await insertAll(
    db,
    s.profiles,
    ids.map((id, i) => ({
      profileable_type: "Staff" as const,
      profileable_id: id,
      first_name: people[i].name.first,
      last_name: people[i].name.last,
      full_name: people[i].name.full,
      job_title: people[i].job,
      contact_email: rows[i].email,
      contact_phone: phone(r),
    })),
  );

  // The demo's pending invitation with its known link (DEMO_INVITATION), sent now so it is still valid.
  const [invitee] = await insertReturningIds(db, s.staff, [
    {
      email: DEMO_INVITATION.email,
      role: "staff",
      organizable_type: "Account",
      organizable_id: orgs.demoAccountId,
      enabled: true,
      invitation_token_hash: hashSecret(DEMO_INVITATION.token),
      invitation_sent_at: new Date(),
      created_at: during(r, today - 1),
    },
  ]);
  await insertAll(db, s.profiles, [
    { profileable_type: "Staff" as const, profileable_id: invitee, first_name: "Ivy", last_name: "Park", full_name: "Ivy Park", job_title: "Leasing Consultant" },
  ]);

  // Permission lists on active non-owners: never on the demo sign-ins, which keep every key on.
  const active = (role: Role, orgId: number) => ids[rows.findIndex((row) => row.role === role && row.organizable_id === orgId && !row.owner && row.enabled)];
  const fullList = (off: string[]) => PERMISSION_KEYS.map((key) => ({ key, value: !off.includes(key) }));
  const lists: Array<[number | undefined, Array<{ key: string; value: boolean }>]> = [
    [active("agent", orgs.demoAgencyId), fullList(["property_management.users"])],
    [active("staff", orgs.accounts[1].id), fullList(["policies.coverage_proof", "requests.refunds", "property_management.managers"])],
    [active("agent", orgs.agencies[2].id), ["dashboard.leads", "policies.policies", "property_management.users"].map((key) => ({ key, value: true }))],
  ];
  await insertAll(db, s.staffPermissions, lists.flatMap(([staffId, keys]) => (staffId === undefined ? [] : keys.map((p) => ({ staff_id: staffId, ...p })))));

  // Every agency and account points at its owner (the demo agent and staff own theirs already).
  await db.execute(sql`UPDATE agencies a SET staff_id = st.id FROM staffs st
    WHERE a.staff_id IS NULL AND st.owner AND st.organizable_type = 'Agency' AND st.organizable_id = a.id`);
  await db.execute(sql`UPDATE accounts a SET staff_id = st.id FROM staffs st
    WHERE a.staff_id IS NULL AND st.owner AND st.organizable_type = 'Account' AND st.organizable_id = a.id`);
  return ids.length + 1 + Object.keys(demoIds).length;
}

/**
 * Property managers limited to communities (issue 13 section 3): in every account, the first colleague who is neither
 * the owner nor a demo sign-in (those keep their whole account) is assigned the account's first two communities.
 */
export async function seedAssignments(ctx: SeedContext): Promise<number> {
  const rows = await selectRows<{ id: number }>(ctx.db, sql`INSERT INTO assignments (staff_id, insurable_id, "primary")
    SELECT m.id, c.id, c.rank = 1
      FROM (SELECT DISTINCT ON (st.organizable_id) st.id, st.organizable_id FROM staffs st
             WHERE st.role = 'staff' AND NOT st.owner AND st.enabled AND st.encrypted_password IS NOT NULL AND st.email NOT LIKE '%@coverdesk.test'
             ORDER BY st.organizable_id, st.id) m
      CROSS JOIN LATERAL (SELECT i.id, row_number() OVER (ORDER BY i.id) AS rank FROM insurables i
             WHERE i.account_id = m.organizable_id AND i.insurable_type_id IN (1, 2, 3) AND i.insurable_id IS NULL ORDER BY i.id LIMIT 2) c
    RETURNING id`);
  return rows.length;
}
