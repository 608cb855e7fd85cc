import { Readable } from "node:stream";
import { sql } from "drizzle-orm";
import { seedDemo } from "../db/seed/demo";
import { DEMO_AGENCY, DEMO_ACCOUNT } from "../db/seed/demo-organisations";
import { selectRows } from "../db/seed/query";
import { DEMO_LOGINS, DEMO_PASSWORD } from "../db/demo-logins";
import type { Role } from "../../src/domain/roles";
import { type AuthHeaders, signInAs, type TestApp } from "./helpers";

/**
 * Two tenants of each kind on the demo portfolio, for the route matrix: agencies Summit Risk Partners (the demo
 * agent's, with sub-agencies) and Harbor Insurance Group, each with accounts, staff, customers and policies; accounts
 * Maple Property Management (the demo staff's) and its sibling Lakeside Living Residential under Summit, and Riverbend
 * Realty Group under Harbor. Each caller is signed in and names the tenants whose records it must never reach.
 */
export type Tenant = { kind: "agencies"; ids: number[]; label: string } | { kind: "account"; id: number; label: string };

export interface Caller {
  name: string;
  role: Role;
  headers: AuthHeaders;
  /** What the caller may reach, as the scope rule says (server/lib/scope.ts). */
  own: Tenant;
  /** Tenants of the same kind (and the other kind) whose records the caller must not reach. */
  foreign: Tenant[];
}

export interface TenantWorld {
  callers: Caller[];
  /** One session per role, for the checks that only need a role. */
  byRole: Record<Role, AuthHeaders>;
}

const TODAY = new Date("2026-06-15T10:00:00Z");

async function idOf(t: TestApp, query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await selectRows<{ id: number }>(t.database.db, query);
  if (!row) throw new Error("tenant world: a demo record is missing");
  return row.id;
}

export async function buildTenantWorld(t: TestApp): Promise<TenantWorld> {
  const db = t.database.db;
  await seedDemo(db, TODAY);
  const agency = (title: string) => idOf(t, sql`SELECT id FROM agencies WHERE title = ${title}`);
  const account = (title: string) => idOf(t, sql`SELECT id FROM accounts WHERE title = ${title}`);
  const tree = async (id: number) => (await selectRows<{ id: number }>(db, sql`SELECT id FROM agencies WHERE id = ${id} OR agency_id = ${id} ORDER BY id`)).map((r) => r.id);

  const summit = await agency(DEMO_AGENCY);
  const summitWest = await agency("Summit Risk West");
  const harbor = await agency("Harbor Insurance Group");
  const maple = await account(DEMO_ACCOUNT);
  const lakeside = await account("Lakeside Living Residential");
  const riverbend = await account("Riverbend Realty Group");

  const tenants = {
    summit: { kind: "agencies", ids: await tree(summit), label: "agency Summit (tree)" },
    summitOnly: { kind: "agencies", ids: [summit], label: "agency Summit (itself)" },
    summitWest: { kind: "agencies", ids: [summitWest], label: "sub-agency Summit West" },
    harbor: { kind: "agencies", ids: await tree(harbor), label: "agency Harbor (tree)" },
    maple: { kind: "account", id: maple, label: "account Maple" },
    lakeside: { kind: "account", id: lakeside, label: "account Lakeside" },
    riverbend: { kind: "account", id: riverbend, label: "account Riverbend" },
  } satisfies Record<string, Tenant>;

  // The second agent, sub-agency agent and staff sign in with the demo password, as owners (every key on).
  const [{ hash }] = await selectRows<{ hash: string }>(db, sql`SELECT encrypted_password AS hash FROM staffs WHERE email = 'agent@coverdesk.test'`);
  const addStaff = async (email: string, role: Role, type: "Agency" | "Account", id: number) => {
    await db.execute(sql`INSERT INTO staffs (email, role, organizable_type, organizable_id, enabled, owner, encrypted_password, invitation_accepted_at)
      VALUES (${email}, ${role}, ${type}, ${id}, true, true, ${hash}, now())`);
  };
  await addStaff("matrix.agent.harbor@coverdesk.test", "agent", "Agency", harbor);
  await addStaff("matrix.agent.west@coverdesk.test", "agent", "Agency", summitWest);
  await addStaff("matrix.staff.riverbend@coverdesk.test", "staff", "Account", riverbend);

  // A resident's upload link in each account with leases (the demo mails none): Revoke reaches its tenant's only.
  await db.execute(sql`INSERT INTO upload_links (account_id, insurable_id, lease_id, user_id, reason, expires_at)
    SELECT DISTINCT ON (l.account_id) l.account_id, l.insurable_id, l.id, lu.user_id, 'uninsured', now() + interval '30 days'
    FROM leases l JOIN lease_users lu ON lu.lease_id = l.id ORDER BY l.account_id, l.id, lu.id`);
  // A policy mail in each agency's tree (the demo sends none): Email History shows it to the policy's tenant only.
  for (const agencyId of [summit, harbor]) {
    await db.execute(sql`INSERT INTO sent_emails ("to", subject, text, template, related_type, related_id)
      SELECT 'resident@example.com', 'Your policy documents', 'Attached.', 'policy_documents', 'Policy', p.id
      FROM policies p WHERE p.agency_id = ${agencyId} ORDER BY p.id LIMIT 1`);
  }
  // Each carries an attachment, which opens only through its mail.
  const attachment = await t.files.put("sentemail", Readable.from([Buffer.from("%PDF-1.4 matrix")]));
  await db.execute(sql`INSERT INTO documents (attachable_type, attachable_id, filename, content_type, byte_size, checksum, storage_key)
    SELECT 'SentEmail', e.id, 'declarations.pdf', 'application/pdf', ${attachment.byteSize}, ${attachment.checksum}, ${attachment.key}
    FROM sent_emails e WHERE e.template = 'policy_documents' AND e.related_type = 'Policy'`);

  // A rent-guarantee mass import in each account, one in error (the only status DELETE acts on), one awaiting
  // acceptance with its invoices (accept and edit act on it): another tenant's must answer 404 to all of them.
  for (const [accountId, status] of [[maple, "error"], [lakeside, "awaiting_acceptance"], [riverbend, "awaiting_acceptance"], [riverbend, "error"]] as const) {
    await db.execute(sql`INSERT INTO policy_application_groups (status, account_id, agency_id, effective_date, expiration_date, policy_applications_count, created_policy_applications_count)
      SELECT ${status}, a.id, a.agency_id, '2030-01-01', '2031-01-01', 1, 1 FROM accounts a WHERE a.id = ${accountId}`);
  }
  await db.execute(sql`INSERT INTO invoices (number, due_date, status, subtotal, total_due, total_payable, invoiceable_type, invoiceable_id, payer_type, payer_id)
    SELECT 'RG-' || g.id || '-1', g.effective_date, 'upcoming', 10000, 10000, 10000, 'PolicyGroupQuote', g.id, 'Account', g.account_id
    FROM policy_application_groups g WHERE g.status = 'awaiting_acceptance'`);

  const login = (email: string) => signInAs(t.app, email, DEMO_PASSWORD);
  const demo = (role: Role) => DEMO_LOGINS.find((l) => l.role === role)!.email;
  const callers: Caller[] = [
    { name: "agent of Summit", role: "agent", headers: await login(demo("agent")), own: tenants.summit, foreign: [tenants.harbor, tenants.riverbend] },
    { name: "agent of Harbor", role: "agent", headers: await login("matrix.agent.harbor@coverdesk.test"), own: tenants.harbor, foreign: [tenants.summit, tenants.maple] },
    { name: "agent of sub-agency Summit West", role: "agent", headers: await login("matrix.agent.west@coverdesk.test"), own: tenants.summitWest, foreign: [tenants.summitOnly, tenants.maple, tenants.harbor] },
    { name: "staff of Maple", role: "staff", headers: await login(demo("staff")), own: tenants.maple, foreign: [tenants.lakeside, tenants.riverbend, tenants.harbor] },
    { name: "staff of Riverbend", role: "staff", headers: await login("matrix.staff.riverbend@coverdesk.test"), own: tenants.riverbend, foreign: [tenants.maple, tenants.summit] },
  ];
  const byRole = {
    agent: callers[0].headers,
    staff: callers[3].headers,
    super_admin: await login(demo("super_admin")),
    policy_support: await login(demo("policy_support")),
  };
  // Past CSV uploads (the demo has none), one per tenant, so the matrix probes /csv_imports/:id with another's.
  const summitAccount = await selectRows<{ agency_id: number }>(db, sql`SELECT agency_id FROM accounts WHERE id = ${maple}`);
  const uploads: Array<[number | null, number]> = [[maple, summitAccount[0].agency_id], [lakeside, summit], [riverbend, harbor], [null, summitWest], [null, harbor]];
  for (const [accountId, agencyId] of uploads) {
    await db.execute(sql`INSERT INTO insurable_imports (kind, account_id, agency_id, staff_id, file_name, storage_key, scope, status)
      VALUES ('leases', ${accountId}, ${agencyId}, (SELECT min(id) FROM staffs), 'matrix.csv', 'csv-imports/matrix', '{"kind":"none"}', 'failed')`);
  }
  return { callers, byRole };
}
