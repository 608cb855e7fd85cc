import { and, asc, eq, isNotNull } from "drizzle-orm";
import * as s from "../schema";
import { type PersonName, type SeedContext, during, emailPart, notAfter, personName, phone } from "./context";
import { type Day, at, nextYear, ymd } from "./days";
import type { Account } from "./demo-organisations";
import type { Unit } from "./demo-properties";
import { insertAll, insertReturningIds } from "./insert";

/**
 * Residents (users) and their leases. Most units have a current lease; some also a past one with earlier residents,
 * and some empty units a pending lease for people moving in. Lease status follows the dates (reference section 3.4).
 */
export type LeaseStatus = (typeof s.LEASE_STATUSES)[number];

export interface Household {
  unit: Unit;
  /** Indexes into Residents.userIds; the first is the primary lessee. */
  members: number[];
  status: LeaseStatus;
  start: Day;
}

export interface Residents {
  userIds: number[];
  /** Login emails, by user id. */
  emails: Map<number, string>;
  households: Household[];
}

const MAIL_DOMAINS = ["gmail.example", "outlook.example", "yahoo.example", "icloud.example", "mail.example"];

interface PlannedLease {
  unit: Unit;
  status: LeaseStatus;
  start: Day;
  end: Day | null;
  names: PersonName[];
}

function planLeases(ctx: SeedContext, units: Unit[]): PlannedLease[] {
  const { r, today } = ctx;
  const household = () => Array.from({ length: Number(r.weighted({ "1": 55, "2": 38, "3": 7 })) }, () => personName(r));
  const leases: PlannedLease[] = [];
  for (const unit of units) {
    const occupied = r.chance(0.88);
    const hadPrevious = r.chance(0.22);
    let currentStart: Day | null = null;
    if (occupied) {
      const monthToMonth = r.chance(0.05);
      const start = monthToMonth ? today - r.int(400, 1100) : today - r.int(1, 340);
      currentStart = start;
      leases.push({ unit, status: "current", start, end: monthToMonth ? null : nextYear(start) - 1, names: household() });
    } else if (r.chance(0.4)) {
      const start = today + r.int(3, 60);
      leases.push({ unit, status: "pending", start, end: nextYear(start) - 1, names: household() });
    }
    if (hadPrevious) {
      const end = (currentStart ?? today - r.int(30, 400)) - 1;
      leases.push({ unit, status: "expired", start: end - 364, end, names: household() });
    }
  }
  return leases;
}

export async function seedResidents(ctx: SeedContext, units: Unit[], accounts: Account[]): Promise<Residents> {
  const { db, r, today } = ctx;
  const leases = planLeases(ctx, units);
  // Accounts connected to a property-management system carry their residents' T codes.
  const integrated = new Set(accounts.filter((_, i) => i % 3 !== 2).map((a) => a.id));

  const users: Array<{ email: string; name: PersonName; accountId: number; joined: Day }> = [];
  const households: Array<Omit<Household, "members"> & { members: number[]; end: Day | null }> = [];
  const emails = new Set<string>();
  for (const lease of leases) {
    const members = lease.names.map((name) => {
      let email = `${emailPart(name.first)}.${emailPart(name.last)}@${r.pick(MAIL_DOMAINS)}`;
      for (let n = 2; emails.has(email); n++) email = email.replace(/\d*@/, `${n}@`);
      emails.add(email);
      users.push({ email, name, accountId: lease.unit.accountId, joined: notAfter(lease.start - r.int(7, 45), ctx.today) });
      return users.length - 1;
    });
    households.push({ unit: lease.unit, members, status: lease.status, start: lease.start, end: lease.end });
  }

  const userIds = await insertReturningIds(
    db,
    s.users,
    users.map((u) => ({ email: u.email, created_at: during(r, u.joined) })),
  );
  await insertAll(
    db,
    s.profiles,
    users.map((u, i) => ({
      profileable_type: "User" as const,
      profileable_id: userIds[i],
      first_name: u.name.first,
      last_name: u.name.last,
      full_name: u.name.full,
      contact_email: r.chance(0.85) ? u.email : `${emailPart(u.name.first)}${r.int(1, 99)}@${r.pick(MAIL_DOMAINS)}`,
      contact_phone: phone(r),
      birth_date: ymd(today - r.int(19 * 365, 78 * 365)),
    })),
  );
  await insertAll(db, s.accountUsers, users.map((u, i) => ({ account_id: u.accountId, user_id: userIds[i] })));
  await insertAll(
    db,
    s.integrationProfiles,
    users.flatMap((u, i) =>
      integrated.has(u.accountId)
        ? [{ external_id: `t${String(12_000 + i * 7 + r.int(0, 6)).padStart(7, "0")}`, profileable_type: "User" as const, profileable_id: userIds[i] }]
        : [],
    ),
  );

  const leaseIds = await insertReturningIds(
    db,
    s.leases,
    households.map((h, i) => {
      const signed = notAfter(h.start - r.int(7, 30), today);
      return {
        reference: `L${String(100_000 + i).padStart(7, "0")}`,
        start_date: ymd(h.start),
        end_date: h.end === null ? null : ymd(h.end),
        month_to_month: h.end === null,
        status: h.status,
        lease_type_id: h.unit.commercial ? 2 : 1,
        insurable_id: h.unit.id,
        account_id: h.unit.accountId,
        sign_date: ymd(signed),
        created_at: during(r, signed),
      };
    }),
  );
  await insertAll(
    db,
    s.leaseUsers,
    households.flatMap((h, li) =>
      h.members.map((m, k) => ({
        lease_id: leaseIds[li],
        user_id: userIds[m],
        primary: k === 0,
        moved_in_at: h.status === "pending" ? null : during(r, h.start),
        moved_out_at: h.status === "expired" && h.end !== null ? during(r, h.end) : null,
      })),
    ),
  );

  return {
    userIds,
    emails: new Map(userIds.map((id, i) => [id, users[i].email])),
    households: households.map(({ unit, members, status, start }) => ({ unit, members, status, start })),
  };
}

/** The demo's duplicate customer: one person, two records (issue 13 section 4, Merge Users). */
export const DUPLICATE_CUSTOMER = { first: "Robin", last: "Castellano", emails: ["robin.castellano@gmail.example", "r.castellano@mail.example"] } as const;

/**
 * One resident signed up twice: a record that is a co-tenant of the first current lease, and a second record under
 * another login email, another phone, on a policy of the same account. Fixed values, no draw from the seed's
 * generator, so everything else the demo makes stays the same.
 */
export async function seedDuplicateCustomer(db: SeedContext["db"], today: Day): Promise<number> {
  const [lease] = await db
    .select({ id: s.leases.id, accountId: s.leases.account_id })
    .from(s.leases)
    .where(and(eq(s.leases.status, "current"), isNotNull(s.leases.account_id)))
    .orderBy(asc(s.leases.id))
    .limit(1);
  const [policy] = await db
    .select({ id: s.policies.id })
    .from(s.policies)
    .where(and(eq(s.policies.account_id, lease.accountId!), eq(s.policies.policy_type_id, 1)))
    .orderBy(asc(s.policies.id))
    .limit(1);
  const { first, last, emails } = DUPLICATE_CUSTOMER;
  const phones = ["(512) 555-0142", "(512) 555-0199"];
  for (const [i, email] of emails.entries()) {
    // Signed up a year ago, then again a month ago: fixed days, so two seedings on one date give the same rows.
    const [user] = await db.insert(s.users).values({ email, created_at: at(today - (i === 0 ? 365 : 30)) }).returning({ id: s.users.id });
    await db.insert(s.profiles).values({
      profileable_type: "User",
      profileable_id: user.id,
      first_name: first,
      last_name: last,
      full_name: `${first} ${last}`,
      contact_email: email,
      contact_phone: phones[i],
      birth_date: "1988-05-14",
    });
    await db.insert(s.accountUsers).values({ account_id: lease.accountId!, user_id: user.id });
    if (i === 0) await db.insert(s.leaseUsers).values({ lease_id: lease.id, user_id: user.id, primary: false });
    else if (policy) await db.insert(s.policyUsers).values({ policy_id: policy.id, user_id: user.id, primary: false });
  }
  return emails.length;
}
