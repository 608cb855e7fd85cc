import { sql } from "drizzle-orm";
import { POLICY_STATUSES } from "../../../src/domain/policies";
import { openTestDatabase } from "../../test/helpers";
import type { Database, Db } from "../client";
import { DEMO_LOGINS } from "../demo-logins";
import * as s from "../schema";
import { selectRows } from "./query";
import { computeLeadStats, leadStatsFromEvents } from "../../routes/leads/leads.stats";
import { seedScale } from "./scale";

const schemaObjects = (db: Db) =>
  selectRows<{ indexes: number; foreign_keys: number }>(
    db,
    sql`SELECT (SELECT count(*)::int FROM pg_indexes WHERE schemaname = current_schema()) AS indexes,
      (SELECT count(*)::int FROM pg_constraint c JOIN pg_namespace ns ON ns.oid = c.connamespace WHERE c.contype = 'f' AND ns.nspname = current_schema()) AS foreign_keys`,
  ).then(([row]) => row);

describe("scale seed", () => {
  let database: Database;
  let db: Db;
  let before: { indexes: number; foreign_keys: number };
  const steps: string[] = [];

  beforeAll(async () => {
    database = await openTestDatabase();
    db = database.db;
    before = await schemaObjects(db);
    await seedScale(database, { policies: 2000, onProgress: (step) => steps.push(step) });
  });
  afterAll(() => database?.close());

  it("makes the portfolio in proportion, with every policy status, and reports progress", async () => {
    const [counts] = await selectRows<Record<string, number>>(
      db,
      sql`SELECT (SELECT count(*)::int FROM policies) AS policies, (SELECT count(*)::int FROM users) AS users,
        (SELECT count(*)::int FROM profiles WHERE profileable_type = 'User') AS profiles,
        (SELECT count(*)::int FROM insurables WHERE insurable_type_id = 4) AS units,
        (SELECT count(*)::int FROM policy_insurables) AS policy_insurables,
        (SELECT count(*)::int FROM policy_users WHERE "primary") AS primaries`,
    );
    expect(counts).toEqual({ policies: 2000, users: 1600, profiles: 1600, units: 1000, policy_insurables: 2000, primaries: 2000 });
    const statuses = await selectRows<{ status: string }>(db, sql`SELECT DISTINCT status FROM policies`);
    expect(statuses.map((r) => r.status).sort()).toEqual([...POLICY_STATUSES].sort());
    expect(steps).toEqual(expect.arrayContaining(["organisations", "units", "residents", "policies", "leads", "analyze", "done"]));
    // Leads in proportion (issue 12: 5 leads and 20 events per policy), one per (email, agency), linked consistently.
    const [leads] = await selectRows<Record<string, number>>(
      db,
      sql`SELECT (SELECT count(*)::int FROM leads) AS leads, (SELECT count(*)::int FROM lead_events) AS events,
        (SELECT count(*)::int FROM profiles WHERE profileable_type = 'Lead') AS profiles,
        (SELECT count(*)::int FROM leads l JOIN tracking_urls t ON t.id = l.tracking_url_id WHERE t.agency_id <> l.agency_id) AS foreign_urls,
        (SELECT count(*)::int FROM leads l JOIN accounts a ON a.id = l.account_id WHERE a.agency_id <> l.agency_id) AS foreign_accounts,
        (SELECT count(*)::int FROM lead_events e JOIN leads l ON l.id = e.lead_id WHERE e.agency_id <> l.agency_id OR e.created_at > l.last_visit) AS bad_events,
        (SELECT count(*)::int FROM leads WHERE last_visit < now() - interval '91 days') AS stale`,
    );
    expect(leads).toEqual({ leads: 10_000, events: 40_000, profiles: 10_000, foreign_urls: 0, foreign_accounts: 0, bad_events: 0, stale: 0 });
  });

  it("rebuilds the leads' day statistics after loading with their triggers off: they answer what the events give", async () => {
    const day = (ago: number) => new Date(Date.now() - ago * 86_400_000).toISOString().slice(0, 10);
    const window = { start: day(29), end: day(0) };
    const [{ agency }] = await selectRows<{ agency: number }>(db, sql`SELECT min(agency_id)::int AS agency FROM leads`);
    for (const scope of [{ kind: "all" as const }, { kind: "agencies" as const, agencyIds: [agency] }]) {
      const fromDays = await computeLeadStats(db, scope, window, {});
      expect(fromDays.visitors).toBeGreaterThan(0);
      expect(fromDays).toEqual(await leadStatsFromEvents(db, scope, window, {}));
    }
    const [{ off }] = await selectRows<{ off: number }>(db, sql`SELECT count(*)::int AS off FROM pg_trigger WHERE tgname LIKE '%day_stats%' AND tgenabled = 'D'`);
    expect(off).toBe(0);
  });

  it("links children consistently: a policy's account is its unit's and its resident's account", async () => {
    const [check] = await selectRows<Record<string, number>>(
      db,
      sql`SELECT
        (SELECT count(*)::int FROM policies p JOIN policy_insurables pi ON pi.policy_id = p.id JOIN insurables u ON u.id = pi.insurable_id
          WHERE u.account_id <> p.account_id OR u.agency_id <> p.agency_id) AS unit_mismatch,
        (SELECT count(*)::int FROM policies p JOIN policy_users pu ON pu.policy_id = p.id
          WHERE NOT EXISTS (SELECT 1 FROM account_users au WHERE au.user_id = pu.user_id AND au.account_id = p.account_id)) AS user_mismatch,
        (SELECT count(*)::int FROM accounts a LEFT JOIN agencies g ON g.id = a.agency_id WHERE g.id IS NULL) AS orphan_accounts,
        (SELECT count(*)::int FROM agencies c JOIN agencies p ON p.id = c.agency_id WHERE p.agency_id IS NOT NULL) AS deep_agencies,
        (SELECT count(*)::int FROM policies p WHERE p.policy_in_system <> EXISTS (SELECT 1 FROM policy_quotes q WHERE q.policy_id = p.id)) AS quote_mismatch`,
    );
    expect(check).toEqual({ unit_mismatch: 0, user_mismatch: 0, orphan_accounts: 0, deep_agencies: 0, quote_mismatch: 0 });
  });

  it("writes each policy's and customer's search text as the triggers that keep it would, and leaves them on", async () => {
    const [check] = await selectRows<{ policies: number; differ: number; with_customers: number; disabled: number }>(
      db,
      sql`SELECT count(*)::int AS policies, count(*) FILTER (WHERE po.search IS DISTINCT FROM concat_ws(E'\n', search_value('p', po.number), c.doc))::int AS differ,
          count(c.doc)::int AS with_customers,
          (SELECT count(*)::int FROM pg_trigger WHERE tgname LIKE '%search%' AND tgenabled = 'D') AS disabled
        FROM policies po LEFT JOIN policy_search_customers(ARRAY(SELECT id FROM policies)) c ON c.policy_id = po.id`,
    );
    expect(check).toEqual({ policies: 2000, differ: 0, with_customers: 2000, disabled: 0 });
    const [users] = await selectRows<{ users: number; differ: number; with_policies: number }>(
      db,
      sql`SELECT count(*)::int AS users, count(*) FILTER (WHERE search IS DISTINCT FROM user_search_text(id, email))::int AS differ,
          count(*) FILTER (WHERE search LIKE '%' || E'\n' || 'p:%')::int AS with_policies FROM users`,
    );
    expect(users).toEqual({ users: 1600, differ: 0, with_policies: 1600 });
  });

  it("writes each account link with its customer's creation date, as the trigger that keeps it would, and leaves it on", async () => {
    const [check] = await selectRows<{ links: number; differ: number; disabled: number }>(
      db,
      sql`SELECT count(*)::int AS links, count(*) FILTER (WHERE au.user_created_at IS DISTINCT FROM u.created_at)::int AS differ,
          (SELECT count(*)::int FROM pg_trigger WHERE tgname = 'account_users_created_at' AND tgenabled = 'D') AS disabled
        FROM account_users au JOIN users u ON u.id = au.user_id`,
    );
    expect(check).toEqual({ links: 1600, differ: 0, disabled: 0 });
  });

  it("rebuilds every index and foreign key it set aside, and moves the sequences on", async () => {
    expect(await schemaObjects(db)).toEqual(before);
    const [user] = await db.insert(s.users).values({ email: "after.scale@example.com" }).returning({ id: s.users.id });
    expect(user.id).toBe(1601);
  });

  it("creates the demo logins: the agent on a top-level agency with sub-agencies, the staff on an account of it", async () => {
    const logins = await selectRows<{ email: string; role: string; agency_id: number | null; parent: number | null; subs: number }>(
      db,
      sql`SELECT s.email, s.role, coalesce(ag.id, acg.id) AS agency_id, coalesce(ag.agency_id, acg.agency_id) AS parent,
          (SELECT count(*)::int FROM agencies sub WHERE sub.agency_id = ag.id) AS subs
        FROM staffs s LEFT JOIN agencies ag ON s.organizable_type = 'Agency' AND ag.id = s.organizable_id
        LEFT JOIN accounts ac ON s.organizable_type = 'Account' AND ac.id = s.organizable_id LEFT JOIN agencies acg ON acg.id = ac.agency_id`,
    );
    expect(logins.map((l) => l.email).sort()).toEqual(DEMO_LOGINS.map((l) => l.email).sort());
    const agent = logins.find((l) => l.role === "agent")!;
    const staff = logins.find((l) => l.role === "staff")!;
    expect(agent.parent).toBeNull();
    expect(agent.subs).toBeGreaterThan(0);
    expect(staff.agency_id).toBe(agent.agency_id);
  });

  it("adds to an existing database: a second run continues after the current ids", async () => {
    await seedScale(database, { policies: 500 });
    const [counts] = await selectRows<{ policies: number; staff: number; numbers: number }>(
      db,
      sql`SELECT (SELECT count(*)::int FROM policies) AS policies, (SELECT count(*)::int FROM staffs) AS staff,
        (SELECT count(DISTINCT number)::int FROM policies) AS numbers`,
    );
    expect(counts).toEqual({ policies: 2500, staff: DEMO_LOGINS.length, numbers: 2500 });
  });
});
