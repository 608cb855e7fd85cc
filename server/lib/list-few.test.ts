import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AuthHeaders, type TestApp } from "../test/helpers";
import { type World, worldApp } from "../test/world-app";
import { queryRows } from "./list";

/**
 * Few-row scopes (list.ts, ListQuery.few): a tenant's customers are gathered, ordered and counted in one pass. The
 * pages and totals must be those of counting first and then gathering or paging: exact below the count's reach, the
 * reach and `total-capped` above it (a contains-search counts to 1,000), the same rows in the same order, ties included.
 */
let t: TestApp;
let world: World;
let as: Record<"agentA" | "staffA", AuthHeaders>;

beforeAll(async () => {
  ({ t, world, as } = await worldApp(["agentA", "staffA"]));
  const { A, A1, B } = world.accounts;
  // 1,650 customers over account A, A1 (agent A's tree) and B; 7 distinct creation times, so the sort has ties.
  await t.database.db.execute(sql`INSERT INTO users (email, created_at, updated_at)
    SELECT 'few-' || g || '@few.test', timestamptz '2026-02-01 00:00:00+00' + (g % 7) * interval '1 hour', now() FROM generate_series(1, 1650) g`);
  await t.database.db.execute(sql`INSERT INTO account_users (account_id, user_id)
    SELECT (ARRAY[${A.id}, ${A1.id}, ${B.id}]::int[])[1 + u.id % 3], u.id FROM users u WHERE u.email LIKE 'few-%'`);
}, 60_000);
afterAll(() => t.close());

async function usersPage(headers: AuthHeaders, prefix: string, params: string) {
  const res = await t.app.inject({ method: "GET", url: `/v2/${prefix}/users?${params}`, headers });
  expect(res.statusCode).toBe(200);
  return { ids: (res.json() as Array<{ id: number }>).map((r) => r.id), total: Number(res.headers["total-entries"]), capped: res.headers["total-capped"] === "true" };
}

/** The scope's customers sorted at once, as the list promises (created_at desc, id desc). */
async function truth(accountIds: number[], emailLike: string) {
  const rows = await queryRows<{ id: number }>(
    t.database.db,
    sql`SELECT u.id FROM users u WHERE u.email LIKE ${emailLike} AND EXISTS (SELECT 1 FROM account_users au WHERE au.user_id = u.id
          AND au.account_id IN (${sql.join(accountIds.map((id) => sql`${id}`), sql`, `)})) ORDER BY u.created_at DESC, u.id DESC`,
  );
  return rows.map((r) => Number(r.id));
}

describe("a few-row scope counted as it is gathered", () => {
  it("answers an agent's whole tree exactly, page after page, ties in order", async () => {
    const expected = await truth([world.accounts.A.id, world.accounts.A1.id], "%");
    expect(expected.length).toBeGreaterThan(1000);
    for (const page of [1, 2, 7, Math.ceil(expected.length / 50)]) {
      const got = await usersPage(as.agentA, "staff_agency", `pagination[per]=50&pagination[page]=${page}`);
      expect(got.total).toBe(expected.length);
      expect(got.capped).toBe(false);
      expect(got.ids).toEqual(expected.slice((page - 1) * 50, page * 50));
    }
    const beyond = await usersPage(as.agentA, "staff_agency", `pagination[per]=50&pagination[page]=${Math.ceil(expected.length / 50) + 1}`);
    expect(beyond).toEqual({ ids: [], total: expected.length, capped: false });
  });

  it("stops a search's count at 1,000 and says so, with the same rows", async () => {
    const expected = await truth([world.accounts.A.id, world.accounts.A1.id], "few-%");
    expect(expected.length).toBeGreaterThan(1000);
    for (const page of [1, 3]) {
      const got = await usersPage(as.agentA, "staff_agency", `filter[email][like]=few-&pagination[per]=50&pagination[page]=${page}`);
      expect(got).toEqual({ ids: expected.slice((page - 1) * 50, page * 50), total: 1000, capped: true });
    }
    // A page past the cap reaches further: counted to its end, exact there.
    const last = Math.ceil(expected.length / 50);
    const got = await usersPage(as.agentA, "staff_agency", `filter[email][like]=few-&pagination[per]=50&pagination[page]=${last}`);
    expect(got).toEqual({ ids: expected.slice((last - 1) * 50), total: expected.length, capped: false });
  });

  it("answers a narrower search and a staff member's account exactly", async () => {
    const narrow = await truth([world.accounts.A.id, world.accounts.A1.id], "few-1%");
    const got = await usersPage(as.agentA, "staff_agency", "filter[email][like]=few-1&pagination[per]=20");
    expect(got).toEqual({ ids: narrow.slice(0, 20), total: narrow.length, capped: false });
    const own = await truth([world.accounts.A.id], "%");
    const staff = await usersPage(as.staffA, "staff_account", "pagination[per]=20&pagination[page]=2");
    expect(staff).toEqual({ ids: own.slice(20, 40), total: own.length, capped: false });
  });
});
