import { eq, inArray, sql } from "drizzle-orm";
import type { Role } from "../../../src/domain/roles";
import type { Db } from "../client";
import { DEMO_LOGINS } from "../demo-logins";
import * as s from "../schema";

/** Names and job titles of the demo sign-ins (DESIGN.md section 4), shown in the console's top bar. */
const DEMO_PEOPLE: Record<Role, { first: string; last: string; job: string }> = {
  super_admin: { first: "Jordan", last: "Ellis", job: "Platform Administrator" },
  agent: { first: "Alex", last: "Morgan", job: "Principal Agent" },
  staff: { first: "Casey", last: "Rivera", job: "Regional Property Manager" },
  policy_support: { first: "Riley", last: "Chen", job: "Policy Support Specialist" },
};

export interface DemoLoginTargets {
  /** A top-level agency with sub-agencies: the agent's organisation, which the agent owns. */
  agencyId: number;
  /** An account in that agency's tree: the staff's organisation, which the staff owns. */
  accountId: number;
  /** hashPassword(DEMO_PASSWORD), hashed once by the caller. */
  passwordHash: string;
  createdAt?: Date;
}

/**
 * Creates the four demo sign-ins that do not exist yet, enabled, with profiles and no permission rows (every key on),
 * and makes the agent and the staff owners of their agency and account. Used by the demo and the scale seeds.
 */
export async function ensureDemoLogins(db: Db, targets: DemoLoginTargets): Promise<Record<Role, number>> {
  const emails = DEMO_LOGINS.map((l) => l.email);
  const existing = await db
    .select({ id: s.staff.id, email: sql<string>`lower(${s.staff.email})` })
    .from(s.staff)
    .where(inArray(sql`lower(${s.staff.email})`, emails));
  const ids = {} as Record<Role, number>;
  for (const login of DEMO_LOGINS) {
    const found = existing.find((row) => row.email === login.email);
    if (found) {
      ids[login.role] = found.id;
      continue;
    }
    const organisation =
      login.role === "agent" ? { organizable_type: "Agency" as const, organizable_id: targets.agencyId }
      : login.role === "staff" ? { organizable_type: "Account" as const, organizable_id: targets.accountId }
      : { organizable_type: null, organizable_id: null };
    const createdAt = targets.createdAt ?? new Date();
    const [row] = await db
      .insert(s.staff)
      .values({
        email: login.email,
        role: login.role,
        ...organisation,
        enabled: true,
        owner: login.role === "agent" || login.role === "staff",
        encrypted_password: targets.passwordHash,
        invitation_accepted_at: createdAt,
        created_at: createdAt,
      })
      .returning({ id: s.staff.id });
    const person = DEMO_PEOPLE[login.role];
    await db.insert(s.profiles).values({
      profileable_type: "Staff",
      profileable_id: row.id,
      first_name: person.first,
      last_name: person.last,
      full_name: `${person.first} ${person.last}`,
      job_title: person.job,
      contact_email: login.email,
    });
    ids[login.role] = row.id;
    if (login.role === "agent") await db.update(s.agencies).set({ staff_id: row.id }).where(eq(s.agencies.id, targets.agencyId));
    if (login.role === "staff") await db.update(s.accounts).set({ staff_id: row.id }).where(eq(s.accounts.id, targets.accountId));
  }
  return ids;
}
