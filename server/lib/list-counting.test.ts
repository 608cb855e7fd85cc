import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COUNT_CAP } from "../../src/domain/constants";
import { policyListQuery, policyListSpec } from "../routes/policies/policies.list";
import { type AuthHeaders, type TestApp } from "../test/helpers";
import { type World, worldApp } from "../test/world-app";
import { SEARCH_COUNT_CAP, cappedCount, parseListParams, queryRows, runList } from "./list";

/**
 * The counting rule of every list (list.ts, Counting): the capped count, totals from counters, and counters that stay
 * equal to count(*) while inserts, deletes and status changes run in parallel (on PGlite, and on PostgreSQL with
 * TEST_DATABASE_URL, where they run on separate connections at once).
 */
let t: TestApp;
let world: World;
let as: Record<"superAdmin" | "agentA" | "staffA" | "support", AuthHeaders>;

beforeAll(async () => {
  ({ t, world, as } = await worldApp(["superAdmin", "agentA", "staffA", "support"]));
}, 60_000);
afterAll(() => t.close());

const STATUSES = ["BOUND", "CANCELLED", "EXTERNAL_UNVERIFIED", "EXTERNAL_VERIFIED"] as const;

/** Adds `count` policies numbered `<prefix>-1…`, spread over the world's accounts and statuses, in one statement. */
async function addPolicies(prefix: string, count: number) {
  const { A, A1, B } = world.accounts;
  const agencies = world.agencies;
  await t.database.db.execute(sql`INSERT INTO policies (number, status, policy_type_id, policy_in_system, account_id, agency_id)
    SELECT ${prefix} || '-' || g, (ARRAY['BOUND', 'CANCELLED', 'EXTERNAL_UNVERIFIED', 'EXTERNAL_VERIFIED'])[1 + g % 4], 1, g % 4 < 2,
      (ARRAY[${A.id}, ${A1.id}, ${B.id}]::int[])[1 + g % 3], (ARRAY[${agencies.A.id}, ${agencies.A1.id}, ${agencies.B.id}]::int[])[1 + g % 3]
    FROM generate_series(1, ${count}) g`);
}

/** Each counter table next to count(*) over the rows it counts, grouped the same way (zero rows left out). */
async function countersAndTruth() {
  const db = t.database.db;
  const rows = (q: ReturnType<typeof sql>) => queryRows<Record<string, unknown>>(db, q).then((r) => r.map((x) => JSON.stringify(x)).sort());
  return {
    agency: await rows(sql`SELECT agency_id, status, policy_in_system, sum(n)::int AS n FROM policy_counts_by_agency GROUP BY 1, 2, 3 HAVING sum(n) <> 0`),
    agencyTruth: await rows(sql`SELECT agency_id, status, policy_in_system, count(*)::int AS n FROM policies GROUP BY 1, 2, 3`),
    account: await rows(sql`SELECT account_id, agency_id, status, policy_in_system, sum(n)::int AS n FROM policy_counts_by_account GROUP BY 1, 2, 3, 4 HAVING sum(n) <> 0`),
    accountTruth: await rows(sql`SELECT account_id, agency_id, status, policy_in_system, count(*)::int AS n FROM policies GROUP BY 1, 2, 3, 4`),
    users: await rows(sql`SELECT enabled, has_existing_policies, has_current_leases, sum(n)::int AS n FROM user_counts GROUP BY 1, 2, 3 HAVING sum(n) <> 0`),
    usersTruth: await rows(sql`SELECT enabled, has_existing_policies, has_current_leases, count(*)::int AS n FROM users GROUP BY 1, 2, 3`),
  };
}

async function expectCountersRight() {
  const c = await countersAndTruth();
  expect(c.agency).toEqual(c.agencyTruth);
  expect(c.account).toEqual(c.accountTruth);
  expect(c.users).toEqual(c.usersTruth);
}

const list = (headers: AuthHeaders, prefix: string, filter: object = {}, pagination: object = {}) =>
  t.app.inject({ method: "POST", url: `/v2/${prefix}/policies/list`, headers, payload: { filter, pagination } }).then((r) => {
    expect(r.statusCode).toBe(200);
    return r.json() as { data: unknown[]; meta: { total: number; total_capped?: boolean } };
  });

describe("the capped count", () => {
  beforeAll(() => addPolicies("CAPPED", 8));
  const matching = [sql`po.number LIKE 'CAPPED-%'`];

  it("is exact below the cap and 'at least the cap' at it", async () => {
    expect(await cappedCount(t.database.db, sql`policies po`, matching, { cap: 10 })).toEqual({ total: 8, capped: false });
    expect(await cappedCount(t.database.db, sql`policies po`, matching, { cap: 8 })).toEqual({ total: 8, capped: false });
    expect(await cappedCount(t.database.db, sql`policies po`, matching, { cap: 7 })).toEqual({ total: 7, capped: true });
    // Paging past the cap counts up to the page's end, so whether there is a next page is always known.
    expect(await cappedCount(t.database.db, sql`policies po`, matching, { cap: 3, reach: 6 })).toEqual({ total: 6, capped: true });
    expect(await cappedCount(t.database.db, sql`policies po`, matching, { cap: 3, reach: 8 })).toEqual({ total: 8, capped: false });
  });

  it("counts a filter the counters cannot answer (a contains-search) with the cap, through the list helper", async () => {
    const spec = { ...policyListSpec, counting: { ...policyListSpec.counting, cap: 3 } };
    const query = policyListQuery({ kind: "all" }, "super_admin");
    const run = (page: number) => runList(t.database.db, query, parseListParams({ filter: { number: { like: "capped-" } }, pagination: { page: String(page), per: "2" } }, spec));
    expect(await run(1)).toMatchObject({ total: 3, capped: true });
    expect((await run(3)).rows).toHaveLength(2);
    expect(await run(3)).toMatchObject({ total: 6, capped: true });
    expect(await run(4)).toMatchObject({ total: 8, capped: false });
  });

  it(`answers "${COUNT_CAP.toLocaleString("en-US")}+" over HTTP: total-entries at the cap with the flag, in both dialects`, async () => {
    await addPolicies("MANY", COUNT_CAP + 5);
    const body = await list(as.superAdmin, "staff_super_admin", { policy_type_id: [1] });
    expect(body.meta).toMatchObject({ total: COUNT_CAP, total_capped: true });
    const res = await t.app.inject({ method: "GET", url: "/v2/staff_super_admin/policies?filter[policy_type_id][]=1&pagination[per]=10", headers: as.superAdmin });
    expect(res.headers["total-entries"]).toBe(String(COUNT_CAP));
    expect(res.headers["total-capped"]).toBe("true");
    // A contains-search counts to SEARCH_COUNT_CAP; a page past it counts to its end.
    expect((await list(as.superAdmin, "staff_super_admin", { number: { like: "many-" } })).meta).toMatchObject({ total: SEARCH_COUNT_CAP, total_capped: true });
    expect((await list(as.superAdmin, "staff_super_admin", { number: { like: "many-" } }, { page: 30, per: 50 })).meta).toMatchObject({ total: 1500, total_capped: true });
    // Unfiltered, the counters answer exactly, past the cap and without the flag.
    const [{ n }] = await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM policies`);
    const all = await list(as.superAdmin, "staff_super_admin");
    expect(all.meta.total).toBe(n);
    expect(all.meta.total_capped).toBeUndefined();
    // The last page is read from the end: the same rows as walking forward.
    const last = Math.ceil(n / 50);
    const lastPage = await list(as.superAdmin, "staff_super_admin", {}, { page: last, per: 50 });
    const forward = await queryRows<{ id: number }>(t.database.db, sql`SELECT id FROM policies ORDER BY updated_at DESC, id DESC OFFSET ${(last - 1) * 50}`);
    expect(lastPage.data.map((r) => (r as { id: number }).id)).toEqual(forward.map((r) => r.id));
    await t.database.db.execute(sql`DELETE FROM policies WHERE number LIKE 'MANY-%'`);
  });
});

describe("totals from counters", () => {
  beforeAll(() => addPolicies("CNT", 30));

  it("answers every scope with the caller's status, agency, account and in-system filters exactly", async () => {
    const db = t.database.db;
    const all = await queryRows<{ account_id: number; agency_id: number; status: string; policy_in_system: boolean }>(db, sql`SELECT account_id, agency_id, status, policy_in_system FROM policies`);
    const { A, A1, B } = world.agencies;
    const callers = [
      { headers: as.superAdmin, prefix: "staff_super_admin", sees: () => true },
      { headers: as.agentA, prefix: "staff_agency", sees: (p: (typeof all)[number]) => [A.id, A1.id].includes(p.agency_id) },
      { headers: as.staffA, prefix: "staff_account", sees: (p: (typeof all)[number]) => p.account_id === world.accounts.A.id },
      { headers: as.support, prefix: "policy-support", sees: (p: (typeof all)[number]) => !p.policy_in_system && p.status.startsWith("EXTERNAL_") },
    ];
    const filters: Array<[object, (p: (typeof all)[number]) => boolean]> = [
      [{}, () => true],
      [{ status: ["BOUND", "CANCELLED"] }, (p) => ["BOUND", "CANCELLED"].includes(p.status)],
      [{ agency_id: [A1.id, B.id] }, (p) => [A1.id, B.id].includes(p.agency_id)],
      [{ account_id: [world.accounts.A1.id] }, (p) => p.account_id === world.accounts.A1.id],
      [{ policy_in_system: false, status: ["EXTERNAL_VERIFIED"] }, (p) => !p.policy_in_system && p.status === "EXTERNAL_VERIFIED"],
    ];
    for (const caller of callers) {
      for (const [filter, keeps] of filters) {
        const body = await list(caller.headers, caller.prefix, filter);
        expect({ caller: caller.prefix, filter, total: body.meta.total }).toEqual({ caller: caller.prefix, filter, total: all.filter((p) => caller.sees(p) && keeps(p)).length });
        expect(body.meta.total_capped).toBeUndefined();
      }
    }
  });

  it("reads them from the counter tables (a wrong counter shows), the coarsest table that covers the conditions", async () => {
    const db = t.database.db;
    const before = (await list(as.superAdmin, "staff_super_admin")).meta.total;
    const staffBefore = (await list(as.staffA, "staff_account")).meta.total;
    const wrong = (n: number) =>
      db.execute(sql`INSERT INTO policy_counts_by_agency (agency_id, status, policy_in_system, n) VALUES (${world.agencies.B.id}, 'BOUND', true, ${n})`);
    const wrongAccount = (n: number) =>
      db.execute(sql`INSERT INTO policy_counts_by_account (account_id, agency_id, status, policy_in_system, n) VALUES (${world.accounts.A.id}, ${world.agencies.A.id}, 'BOUND', true, ${n})`);
    await wrong(1000);
    await wrongAccount(7);
    try {
      expect((await list(as.superAdmin, "staff_super_admin")).meta.total).toBe(before + 1000);
      expect((await list(as.staffA, "staff_account")).meta.total).toBe(staffBefore + 7);
    } finally {
      await wrong(-1000);
      await wrongAccount(-7);
    }
  });

  it("keep their sums when the deltas are folded into one row per combination", async () => {
    const db = t.database.db;
    const before = await countersAndTruth();
    await db.execute(sql`SELECT list_counter_compact('policy_counts_by_account', 'account_id, agency_id, status, policy_in_system')`);
    const [{ rows, groups }] = await queryRows<{ rows: number; groups: number }>(
      db,
      sql`SELECT count(*)::int AS rows, count(DISTINCT (account_id, agency_id, status, policy_in_system))::int AS groups FROM policy_counts_by_account`,
    );
    expect(rows).toBe(groups);
    expect(await countersAndTruth()).toEqual(before);
  });

  it("stay equal to count(*) under parallel inserts, deletes, status and owner changes, bulk updates and rollbacks", async () => {
    const db = t.database.db;
    const { A, A1, B } = world.accounts;
    const owners = [
      { account: A.id, agency: world.agencies.A.id },
      { account: A1.id, agency: world.agencies.A1.id },
      { account: B.id, agency: world.agencies.B.id },
      { account: null, agency: world.agencies.B.id },
      { account: null, agency: null },
    ];
    let serial = 0;
    const op = fc.oneof(
      fc.record({ kind: fc.constant("insert" as const), owner: fc.nat(owners.length - 1), status: fc.constantFrom(...STATUSES), inSystem: fc.boolean(), rows: fc.integer({ min: 1, max: 3 }) }),
      fc.record({ kind: fc.constant("delete" as const), pick: fc.nat(200) }),
      fc.record({ kind: fc.constant("status" as const), pick: fc.nat(200), status: fc.constantFrom(...STATUSES) }),
      fc.record({ kind: fc.constant("move" as const), pick: fc.nat(200), owner: fc.nat(owners.length - 1) }),
      fc.record({ kind: fc.constant("bulk" as const), pick: fc.nat(200), status: fc.constantFrom(...STATUSES) }),
      fc.record({ kind: fc.constant("rollback" as const), owner: fc.nat(owners.length - 1), status: fc.constantFrom(...STATUSES) }),
      fc.record({ kind: fc.constant("user" as const), enabled: fc.boolean(), policies: fc.boolean(), remove: fc.boolean() }),
    );
    // Picks a policy made by this test (by its position among them), so the world's policies with children stay.
    const picked = (pick: number) => sql`(SELECT id FROM policies WHERE number LIKE 'PAR-%' ORDER BY id OFFSET ${pick} % greatest(1, (SELECT count(*) FROM policies WHERE number LIKE 'PAR-%')) LIMIT 1)`;
    type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;
    const run = (o: Op) =>
      db.transaction(async (tx) => {
        switch (o.kind) {
          case "insert": {
            const { account, agency } = owners[o.owner];
            const first = (serial += o.rows) - o.rows;
            await tx.execute(sql`INSERT INTO policies (number, status, policy_type_id, policy_in_system, account_id, agency_id)
              SELECT 'PAR-' || (${first} + g), ${o.status}, 1, ${o.inSystem}, ${account}::int, ${agency}::int FROM generate_series(1, ${o.rows}) g`);
            return;
          }
          case "delete":
            await tx.execute(sql`DELETE FROM policies WHERE id = ${picked(o.pick)}`);
            return;
          case "status":
            await tx.execute(sql`UPDATE policies SET status = ${o.status}, updated_at = now() WHERE id = ${picked(o.pick)}`);
            return;
          case "move": {
            const { account, agency } = owners[o.owner];
            await tx.execute(sql`UPDATE policies SET account_id = ${account}::int, agency_id = ${agency}::int WHERE id = ${picked(o.pick)}`);
            return;
          }
          case "bulk":
            await tx.execute(sql`UPDATE policies SET status = ${o.status} WHERE number LIKE 'PAR-%' AND id % 3 = ${o.pick % 3}`);
            return;
          case "rollback": {
            const { account, agency } = owners[o.owner];
            await tx.execute(sql`INSERT INTO policies (number, status, policy_type_id, account_id, agency_id) VALUES ('PAR-undone-' || ${serial++}, ${o.status}, 1, ${account}::int, ${agency}::int)`);
            await tx.execute(sql`UPDATE policies SET status = 'CANCELLED' WHERE number LIKE 'PAR-%' AND id % 2 = 0`);
            tx.rollback();
            return;
          }
          case "user": {
            const id = serial++;
            await tx.execute(sql`INSERT INTO users (email, enabled, has_existing_policies) VALUES (${`par${id}@count.test`}, ${o.enabled}, ${o.policies})`);
            await tx.execute(sql`UPDATE users SET has_current_leases = NOT has_current_leases WHERE email LIKE 'par%@count.test' AND id % 2 = ${id % 2}`);
            if (o.remove) await tx.execute(sql`DELETE FROM users WHERE email = ${`par${id}@count.test`}`);
            return;
          }
        }
      });
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 20, maxLength: 40 }), async (ops) => {
        // All at once: on PostgreSQL they run on separate pooled connections; a rolled-back one must leave no trace.
        const results = await Promise.allSettled(ops.map(run));
        // A rolled-back operation, or one PostgreSQL chose to abort in a deadlock of the test's own bulk updates, leaves nothing.
        // Drizzle wraps a failed statement as "Failed query: …" with PostgreSQL's own error as its cause.
        for (const r of results) if (r.status === "rejected") expect(`${r.reason} ${(r.reason as Error).cause ?? ""}`).toMatch(/[Rr]ollback|deadlock/);
        await expectCountersRight();
      }),
      { numRuns: 4, seed: 20261111 },
    );
  });
});
